import {
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  typeFromAST,
  validate,
} from 'graphql';

import type { Access, AccessTable } from '../auth/access';
import type { EndpointLimit } from '../context/limits';
import { operationLimits, rootFieldsOf } from '../graphql/endpoint-limits';
import { compileOperation, type OperationRunner } from '../graphql/jit';
import type { ErrorCode } from '../shared/errors';
import { raisedBy } from '../shared/raises';
import type { RouteSpec, VariableSource } from './route';

export interface CompiledRoute {
  spec: RouteSpec;
  pattern: RegExp;
  params: string[];
  operationName: string;
  document: DocumentNode;
  variables: Array<{ name: string; type: GraphQLInputType; source: VariableSource }>;
  /** Executes the operation (validated at start, compiled with its first request: the REST operations are fixed). */
  run: OperationRunner;
  /** Access rules of the operation's root fields, checked before the input so strangers learn nothing from 400s. */
  access: Access[];
  /** Endpoint budgets of the root fields (`@RateLimit`), taken before the input is read or validated. */
  limits: EndpointLimit[];
  /** The domain error codes the root fields declare (`@Raises`), for the OpenAPI responses. */
  errors: ErrorCode[];
}

function accessOf(operation: OperationDefinitionNode, where: string, accessTables: AccessTable[]): Access[] {
  const root = operation.operation === 'query' ? 'Query' : 'Mutation';
  return operation.selectionSet.selections.map((sel) => {
    const name = sel.kind === Kind.FIELD ? sel.name.value : '';
    const access = accessTables.map((table) => table[root]?.[name]).find(Boolean);
    if (!access) throw new Error(`${where}: ${root}.${name} has no access rule`);
    return access;
  });
}

/**
 * Compiling a route's operation with graphql-jit costs a few milliseconds, and the table has over a hundred
 * routes, most of which a given process never serves: compiling them all at start was the largest single cost
 * of start-up (about a fifth of it) and kept every compiled operation in memory. Validation still runs at start.
 */
function lazyRunner(compile: () => OperationRunner): OperationRunner {
  let run: OperationRunner | undefined;
  return (variables, context) => (run ??= compile())(variables, context);
}

/** `/api/v1/warehouses/{id}` → a RegExp capturing `id`. */
function compilePath(path: string): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}/?$`), params };
}

/**
 * Compiles the route table once at start: every operation is validated against the schema and every
 * variable mapping checked, so a broken route stops start-up instead of failing a request.
 */
export function compileRoutes(schema: GraphQLSchema, specs: RouteSpec[], accessTables: AccessTable[]): CompiledRoute[] {
  const compiled = specs.map((spec): CompiledRoute => {
    const where = `${spec.method} ${spec.path}`;
    const errors = validate(schema, spec.operation);
    if (errors.length) throw new Error(`${where}: invalid operation: ${errors.map((e) => e.message).join('; ')}`);
    const operation = spec.operation.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    if (!operation?.name) throw new Error(`${where}: the operation must be named`);
    const operationName = operation.name.value;
    const { pattern, params } = compilePath(spec.path);
    const mapping = (spec.variables ?? {}) as Record<string, VariableSource>;
    const variables = (operation.variableDefinitions ?? []).map((def) => {
      const name = def.variable.name.value;
      const source = mapping[name];
      if (!source) throw new Error(`${where}: variable $${name} has no source`);
      if (source.from === 'path' && !params.includes(source.name))
        throw new Error(`${where}: no path parameter {${source.name}}`);
      return { name, type: typeFromAST(schema, def.type as never) as GraphQLInputType, source };
    });
    for (const name of Object.keys(mapping)) {
      if (!variables.some((v) => v.name === name)) throw new Error(`${where}: operation has no variable $${name}`);
    }
    return {
      spec,
      pattern,
      params,
      operationName: operation.name.value,
      document: spec.operation,
      variables,
      access: accessOf(operation, where, accessTables),
      limits: operationLimits(schema, spec.operation, operation.name.value),
      errors: [...new Set(rootFieldsOf(schema, spec.operation, operationName).flatMap(raisedBy))],
      run: lazyRunner(() => compileOperation(schema, spec.operation, operationName)),
    };
  });
  // Literal segments win over parameters (`/products/id/{id}` before `/products/{slug}`).
  return compiled.sort((a, b) => a.params.length - b.params.length);
}
