import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import {
  type DocumentNode,
  execute,
  type ExecutionResult,
  getOperationAST,
  GraphQLError,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';

import type { Ctx } from '../context/ctx';
import { RawJsonParts } from '../context/raw-json';
import { routeOperation } from '../context/read-routing';
import { inSpan, metricsOn, recordGraphqlOperation, tracingOn } from '../platform/telemetry';
import { ByteLru, HEAP_BYTES_PER_SOURCE_BYTE } from './byte-lru';
import { splicedDocument } from './spliced-objects';

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
  const compiled = withSplicedObjects(runnerOf(schema, document, operationName), schema, document, operationName);
  // With read replicas, a query may read from one (read-routing.ts); decided here, where REST, GraphQL and MCP
  // all pass and the operation's kind is known, at the cost of one property check without replicas.
  const operation = getOperationAST(document, operationName);
  const kind = operation?.operation ?? 'query';
  const routed: OperationRunner = (variables, context) =>
    (context as Ctx | undefined)?.readRouting
      ? routeOperation(context as Ctx, kind, () => compiled(variables, context))
      : compiled(variables, context);
  return observed(routed, kind, operationName ?? operation?.name?.value ?? null);
}

/**
 * The operation's span (`query ProductList`, with `graphql.operation.type` and `.name`: the SQL of its resolvers
 * nests under it) and its count and duration metrics; the bare runner while telemetry is off.
 */
function observed(run: OperationRunner, kind: string, name: string | null): OperationRunner {
  return (variables, context) => {
    if (!tracingOn() && !metricsOn()) return run(variables, context);
    const started = performance.now();
    return inSpan(
      name ? `${kind} ${name}` : kind,
      { 'graphql.operation.type': kind, 'graphql.operation.name': name ?? undefined },
      async (mark) => {
        let ok = false;
        try {
          const result = await run(variables, context);
          ok = !result.errors?.length;
          if (!ok) mark.fail(result.errors![0].message);
          return result;
        } finally {
          recordGraphqlOperation(kind, name ?? '(anonymous)', ok, (performance.now() - started) / 1000);
        }
      },
    );
  };
}

/**
 * `run`, or, when root fields of the operation can be written whole as PostgreSQL's JSON (spliced-objects.ts),
 * the cut document's runner for contexts that write the answer as text (`ctx.rawJson`: the GraphQL endpoint,
 * REST); MCP tools and in-process calls read objects, so they keep `run`.
 */
function withSplicedObjects(
  run: OperationRunner,
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): OperationRunner {
  const cut = splicedDocument(schema, document, operationName);
  if (!cut) return run;
  const spliced = runnerOf(schema, cut, operationName);
  return (variables, context) => ((context as Ctx | undefined)?.rawJson ? spliced : run)(variables, context);
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

/**
 * Heap the compiled operations may hold, each charged its whole document's estimated weight (the runner keeps the
 * document: byte-lru.ts). Clients send a bounded set in practice (codegen'd documents, APQ hashes): 16 MiB holds
 * ~150 storefront operations of 1 kB; strangers' distinct documents evict each other instead of growing the heap
 * (500 entries by count held 500 documents of any size: four of 800 kB ran a 256 MB heap out).
 */
const COMPILED_BYTES = 16 * 1024 * 1024;

/**
 * Apollo Server executes through a gateway's executor when given one; this "gateway" serves our own schema and
 * executes each operation compiled with graphql-jit, cached by Apollo's query hash and operation name (Apollo
 * has already parsed and validated the document, and run the plugins' `didResolveOperation`).
 */
export function jitGateway(schema: GraphQLSchema, opts: { rawJson: boolean }): GatewayInterface {
  const cache = new ByteLru<{ run: OperationRunner; sourceLength: number }>(
    COMPILED_BYTES,
    (entry) => entry.sourceLength * HEAP_BYTES_PER_SOURCE_BYTE,
  );
  const executor: GatewayExecutor = async (request) => {
    const key = `${request.queryHash}:${request.operationName ?? ''}`;
    let run = cache.get(key)?.run;
    if (!run) {
      run = compileOperation(schema, request.document, request.operationName);
      cache.set(key, { run, sourceLength: request.source.length });
    }
    if (!opts.rawJson) return run(request.request.variables, request.context) as ReturnType<GatewayExecutor>;
    // Only this endpoint writes the answer as text: resolvers may leave JSON PostgreSQL built (raw-json.ts).
    const parts = new RawJsonParts();
    (request.context as Ctx).rawJson = parts;
    const result = await run(request.request.variables, request.context);
    parts.placeIn(result.data);
    parts.fileForAnswer(result.data);
    return result as Awaited<ReturnType<GatewayExecutor>>;
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
