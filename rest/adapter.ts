import type { NextFunction, Request, Response } from 'express';
import {
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  Kind,
  typeFromAST,
  validate,
} from 'graphql';
import type { Access, AccessTable } from '../src/auth/access';
import { accessError } from '../src/auth/shield';
import { type OperationRunner, compileOperation } from '../src/graphql/jit';
import { createContext } from '../src/context/create-context';
import type { AppServices, Ctx } from '../src/context/ctx';
import { type NormalizedError, normalizeError } from '../src/graphql/errors';
import { operationLimits } from '../src/graphql/endpoint-limits';
import { type EndpointLimit, takeLimits } from '../src/context/limits';
import { ResponseEffects } from '../src/context/effects';
import { sendError } from '../src/http/send';
import { AppError } from '../src/shared/errors';
import { type FieldProblem, isPlainObject, readInput } from '../src/shared/validation/input';
import { readMultipart } from './multipart';
import { type HttpMethod, type RouteSpec, type VariableSource, pickResult, successStatus } from './route';

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
      run: lazyRunner(() => compileOperation(schema, spec.operation, operationName)),
    };
  });
  // Literal segments win over parameters (`/products/id/{id}` before `/products/{slug}`).
  return compiled.sort((a, b) => a.params.length - b.params.length);
}

/** Path parameters, percent-decoded; a malformed escape (`%zz`) names its parameter instead of throwing. */
function decodeParams(
  names: string[],
  match: RegExpExecArray,
): { params: Record<string, string> } | { invalid: string } {
  const params: Record<string, string> = {};
  for (const [i, name] of names.entries()) {
    try {
      params[name] = decodeURIComponent(match[i + 1]);
    } catch {
      return { invalid: name };
    }
  }
  return { params };
}

/** Where a route's variables come from: decoded path parameters, the query string and the JSON body. */
export interface RouteInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Maps a request's parts onto the operation's variables, collecting every invalid field (snake_case paths). */
export function readRouteVariables(route: CompiledRoute, input: RouteInput) {
  const problems: FieldProblem[] = [];
  const values: Record<string, unknown> = {};
  // Every JSON body of the surface is an object (or absent): `null`, `5`, `"x"` or `[]` are 400 `type` on the
  // field "" (contract §2), also on routes that read no body, instead of being read as "no body" or ignored.
  if (input.body !== undefined && !isPlainObject(input.body)) {
    problems.push({ field: '', detail: 'type' });
    return { values, problems };
  }
  for (const variable of route.variables) {
    const { source } = variable;
    let value: unknown;
    if (source.from === 'body') {
      value = readInput(variable.type, input.body ?? {}, '', 'json', problems);
    } else {
      const raw = source.from === 'path' ? input.params[source.name] : input.query[source.name];
      const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
      if (text === undefined) continue;
      value = readInput(variable.type, text, source.name, 'text', problems);
    }
    if (value !== undefined) values[variable.name] = value;
  }
  return { values, problems };
}

/**
 * Runs a route's operation with `ctx` and answers the payload its result picker takes from the data. GraphQL
 * errors become one error in the service's vocabulary (every entry kept); unexpected ones are logged.
 */
export async function executeRoute(route: CompiledRoute, values: Record<string, unknown>, ctx: Ctx) {
  const result = await route.run(values, ctx);
  if (result.errors?.length) {
    const errors = result.errors.map(normalizeError);
    for (const e of errors)
      if (e.internal)
        ctx.log.error(
          {
            err: e.internal instanceof Error ? { message: e.internal.message, stack: e.internal.stack } : e.internal,
            operation: route.operationName,
          },
          'rest operation failed',
        );
    const first = errors[0];
    return {
      error: {
        ...first,
        entries: errors.flatMap((e) => e.entries),
        headers: Object.assign({}, ...errors.map((e) => e.headers)),
      } as NormalizedError,
    };
  }
  return { payload: pickResult(route.spec.result, result.data) };
}

/** Aborts when the connection closes before the response was sent (the client went away). */
function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

function respond(route: CompiledRoute, res: Response, payload: unknown): void {
  const { envelope = 'object' } = route.spec;
  const code = successStatus(route.spec.status, payload);
  if (envelope === 'none') {
    res.status(code === 200 ? 204 : code).end();
    return;
  }
  if (envelope === 'text') {
    if (route.spec.filename) res.setHeader('Content-Disposition', `attachment; filename="${route.spec.filename}"`);
    res
      .status(code)
      .type(route.spec.contentType ?? 'text/plain; charset=utf-8')
      .send(String(payload));
    return;
  }
  if (envelope === 'object') {
    res.status(code).json({ data: payload });
    return;
  }
  const { items, meta } = payload as { items: unknown[]; meta: unknown };
  res.status(code).json(envelope === 'list' ? { data: items, meta } : { data: { items }, meta });
}

/**
 * The REST surface: matches the request against the route table, maps path/query/body onto the operation's
 * variables (reporting every invalid field with its snake_case path), executes the operation against the
 * schema with the request's context, and shapes the result into the spec's envelope.
 */
export function restRouter(app: AppServices, routes: CompiledRoute[]) {
  return async (req: Request, res: Response, next: NextFunction) => {
    let allowed: HttpMethod[] = [];
    for (const route of routes) {
      const match = route.pattern.exec(req.path);
      if (!match) continue;
      if (route.spec.method !== req.method && !(req.method === 'HEAD' && route.spec.method === 'GET')) {
        allowed.push(route.spec.method);
        continue;
      }
      const decoded = decodeParams(route.params, match);
      if ('invalid' in decoded)
        return sendError(res, AppError.validation([{ field: decoded.invalid, detail: 'invalid_encoding' }]));
      try {
        await run(route, req, res, decoded.params);
      } catch (err) {
        next(err);
      }
      return;
    }
    allowed = [...new Set(allowed)];
    if (allowed.length) {
      sendError(
        res,
        new AppError('method_not_allowed', `method ${req.method} not allowed`, {
          headers: { Allow: allowed.join(', ') },
        }),
      );
      return;
    }
    next();
  };

  async function run(route: CompiledRoute, req: Request, res: Response, params: Record<string, string>) {
    if (res.locals.logFields) res.locals.logFields.operation = route.operationName;
    for (const access of route.access) {
      const denied = accessError(req.actor, access);
      if (denied) return sendError(res, denied);
    }
    const contextValue = createContext(
      app,
      {
        id: req.id,
        actor: req.actor,
        log: req.log,
        headers: req.headers,
        clientIp: req.clientIp,
        cookies: req.cookies,
        signal: clientGone(res),
      },
      new ResponseEffects(res),
    );
    try {
      await takeLimits(contextValue, route.limits);
    } catch (err) {
      if (err instanceof AppError) return sendError(res, err);
      throw err;
    }
    if (route.spec.multipart) {
      const { limit } = route.spec.multipart;
      let form: Awaited<ReturnType<typeof readMultipart>>;
      try {
        form = await readMultipart(req, res, typeof limit === 'number' ? limit : app.config[limit]);
      } catch (err) {
        if (err instanceof AppError) return sendError(res, err);
        throw err;
      }
      if (form) {
        req.body = form.body;
        contextValue.uploads = form.uploads;
      }
    }
    const { values, problems } = readRouteVariables(route, {
      params,
      query: req.query as Record<string, unknown>,
      body: req.body,
    });
    if (problems.length) return sendError(res, AppError.validation(problems));
    const outcome = await executeRoute(route, values, contextValue);
    // Cookies and headers the operation declared through `ctx.effects` (login's session cookies…).
    contextValue.effects.flush();
    if ('error' in outcome) return sendError(res, outcome.error!);
    respond(route, res, outcome.payload);
  }
}
