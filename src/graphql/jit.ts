import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import {
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  execute,
  getOperationAST,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Ctx } from '../context/ctx';
import { routeOperation } from '../context/read-routing';

/** Runs one operation of a document against the schema with the request's context and variables. */
export type OperationRunner = (
  variables: Record<string, unknown> | undefined,
  context: unknown,
) => Promise<ExecutionResult>;

/**
 * Compiles an operation once with graphql-jit (same schema, resolvers and middleware, same results and errors
 * as graphql-js, several times less work per field); an operation the compiler cannot take falls back to
 * graphql-js `execute`.
 */
export function compileOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): OperationRunner {
  const run = runnerOf(schema, document, operationName);
  // With read replicas, a query may read from one (read-routing.ts); decided here, where REST, GraphQL and MCP
  // all pass and the operation's kind is known, at the cost of one property check without replicas.
  const kind = getOperationAST(document, operationName)?.operation ?? 'query';
  return (variables, context) =>
    (context as Ctx | undefined)?.readRouting
      ? routeOperation(context as Ctx, kind, () => run(variables, context))
      : run(variables, context);
}

function runnerOf(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): OperationRunner {
  const compiled = compileQuery(schema, document, operationName ?? undefined);
  if (isCompiledQuery(compiled)) {
    return async (variables, context) => {
      const result = (await compiled.query(undefined, context, variables ?? {})) as ExecutionResult;
      return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
    };
  }
  return async (variables, context) =>
    execute({ schema, document, operationName, variableValues: variables, contextValue: context });
}

/**
 * graphql-jit's errors inherit graphql-js's prototype but leave `extensions` undefined when the original
 * error has none, which Apollo's error formatting does not survive; rebuild them as graphql-js errors.
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const rebuilt = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions ?? undefined,
  });
  if (error.locations) (rebuilt as { locations?: GraphQLError['locations'] }).locations = error.locations;
  return rebuilt;
}

/** Most distinct operations kept compiled; clients send a bounded set in practice (APQ hashes, codegen'd documents). */
const CACHE_SIZE = 500;

/**
 * Apollo Server executes through a gateway's executor when given one; this "gateway" serves our own schema and
 * executes each operation compiled with graphql-jit, cached by Apollo's query hash and operation name (Apollo
 * has already parsed and validated the document, and run the plugins' `didResolveOperation`).
 */
export function jitGateway(schema: GraphQLSchema): GatewayInterface {
  const cache = new Map<string, OperationRunner>();
  const executor: GatewayExecutor = async (request) => {
    const key = `${request.queryHash}:${request.operationName ?? ''}`;
    let run = cache.get(key);
    if (run) {
      // Refresh recency: Map iteration order is insertion order, so the first key is the least recently used.
      cache.delete(key);
    } else {
      run = compileOperation(schema, request.document, request.operationName);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    cache.set(key, run);
    return run(request.request.variables, request.context) as ReturnType<GatewayExecutor>;
  };
  let announce: Parameters<GatewayInterface['onSchemaLoadOrUpdate']>[0] | undefined;
  return {
    onSchemaLoadOrUpdate(callback) {
      announce = callback;
      return () => (announce = undefined);
    },
    async load() {
      // The schema never changes while the process runs: announce it once, as a gateway does on its first load.
      announce?.({ apiSchema: schema, coreSupergraphSdl: '' });
      return { executor };
    },
    async stop() {
      cache.clear();
    },
  };
}
