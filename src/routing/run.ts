import { accessError } from '../auth/shield';
import type { Actor } from '../context/actor';
import { createContext } from '../context/create-context';
import type { AppServices, Ctx, RequestInfo } from '../context/ctx';
import type { ResponseEffects } from '../context/effects';
import { takeLimits } from '../context/limits';
import { RawJsonParts } from '../context/raw-json';
import { type NormalizedError, normalizeError } from '../graphql/errors';
import type { Logger } from '../platform/logger';
import { annotateSpan } from '../platform/telemetry';
import { AppError } from '../shared/errors';
import type { UploadedFile } from '../shared/uploads';
import { type FieldProblem, isPlainObject, readInput } from '../shared/validation/input';
import type { CompiledRoute } from './compile';
import { pickResult } from './route';

/** Where a route's variables come from: decoded path parameters, the query string and the JSON body. */
export interface RouteInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /**
   * A multipart body, read only once the budgets are taken (REST's `multipart` routes): its text fields
   * replace `body`, its files become `ctx.uploads`. Undefined when the request was not multipart.
   */
  readForm?: () => Promise<{ body: unknown; uploads: Map<string, UploadedFile> } | null | undefined>;
  /**
   * The surface's own check of its input, after the budgets and before the variables are read (an MCP tool's
   * arguments against its input schema): its error is the answer, and nothing runs.
   */
  check?: () => AppError | undefined;
}

/**
 * Who runs a route and what its transport knows: the identity, the client's IP (the rate-limit key) and the
 * typed request fields. An HTTP caller passes its `headers` and `cookies` (the fields are read from them), an
 * MCP tool its arguments' `cartToken`/`idempotencyKey`.
 */
export interface RouteCaller {
  services: AppServices;
  actor: Actor;
  requestId: string;
  log: Logger;
  clientIp?: string;
  headers?: Record<string, string | string[] | undefined>;
  cookies?: RequestInfo['cookies'];
  cartToken?: string;
  guestToken?: string;
  idempotencyKey?: string;
  /** `<protocol>://<host>` of the request behind the call, for absolute links (HTTP callers; MCP its own URL). */
  origin?: string;
  /** Aborted when the client goes away (long operations stop early). */
  signal?: AbortSignal;
  /** Where the operation's cookies and headers go (REST: the HTTP response; elsewhere they are dropped). */
  effects?: ResponseEffects;
  /**
   * The caller writes the answer as JSON text (REST): a list whose selection compiles is then written by
   * PostgreSQL, and the result's `raw` writes it (context/raw-json.ts). Callers that read objects (MCP) leave it off.
   */
  writesText?: boolean;
  /** Fields the request's log line carries (HTTP callers): the operation notes what it did (`compiledRead`). */
  logFields?: Record<string, unknown>;
}

/** The payload, and when parts of it were written by PostgreSQL, the parts that write the answer's text. */
export type RouteResult = { payload: unknown; raw?: RawJsonParts } | { error: AppError | NormalizedError };

/** Maps a request's parts onto the operation's variables, collecting every invalid field (snake_case paths). */
export function readRouteVariables(route: CompiledRoute, input: Pick<RouteInput, 'params' | 'query' | 'body'>) {
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
async function executeRoute(route: CompiledRoute, values: Record<string, unknown>, ctx: Ctx): Promise<RouteResult> {
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
  const raw = ctx.rawJson;
  raw?.placeIn(result.data);
  return { payload: pickResult(route.spec.result, result.data), raw: raw?.placed ? raw : undefined };
}

/** The first access rule of the route's root fields the actor fails, as its 401/403, or undefined. */
export function routeAccessError(route: CompiledRoute, actor: Actor): AppError | undefined {
  for (const access of route.access) {
    const denied = accessError(actor, access);
    if (denied) return denied;
  }
  return undefined;
}

/**
 * Runs one route for any surface (REST, MCP tools, plugin routes), in the order that keeps strangers and floods
 * from learning anything: the access rules of its root fields (before the input, so a 400 says nothing to
 * someone who may not call it), a fresh context, the `@RateLimit` budgets (before the input is read, so eleven
 * empty checkouts still meet the 429), the variables (every invalid field reported), the operation, and its
 * errors mapped onto the service's vocabulary. The operation's cookies and headers go to `caller.effects`.
 */
export async function runRoute(route: CompiledRoute, input: RouteInput, caller: RouteCaller): Promise<RouteResult> {
  // The surface's span (REST's HTTP request, an MCP tool call) names the operation it runs.
  annotateSpan({
    'graphql.operation.name': route.operationName,
    'svc.route': `${route.spec.method} ${route.spec.path}`,
  });
  const denied = routeAccessError(route, caller.actor);
  if (denied) return { error: denied };
  const ctx = createContext(
    caller.services,
    {
      id: caller.requestId,
      actor: caller.actor,
      log: caller.log,
      clientIp: caller.clientIp,
      headers: caller.headers,
      cookies: caller.cookies,
      cartToken: caller.cartToken,
      guestToken: caller.guestToken,
      idempotencyKey: caller.idempotencyKey,
      origin: caller.origin,
      signal: caller.signal,
    },
    caller.effects,
  );
  ctx.logFields = caller.logFields;
  const { envelope = 'object' } = route.spec;
  if (
    caller.writesText &&
    caller.services.config['graphql.compiled_reads'] &&
    envelope !== 'text' &&
    envelope !== 'none'
  )
    ctx.rawJson = new RawJsonParts();
  let body = input.body;
  try {
    await takeLimits(ctx, route.limits);
    const form = await input.readForm?.();
    if (form) {
      body = form.body;
      ctx.uploads = form.uploads;
    }
  } catch (err) {
    if (err instanceof AppError) return { error: err };
    throw err;
  }
  const refused = input.check?.();
  if (refused) return { error: refused };
  const { values, problems } = readRouteVariables(route, { params: input.params, query: input.query, body });
  if (problems.length) return { error: AppError.validation(problems) };
  const outcome = await executeRoute(route, values, ctx);
  // Cookies and headers the operation declared through `ctx.effects` (login's session cookies…).
  ctx.effects.flush();
  return outcome;
}
