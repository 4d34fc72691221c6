import type { NextFunction, Request, Response } from 'express';

import type { AppServices } from '../context/ctx';
import { ResponseEffects } from '../context/effects';
import type { RawJsonParts } from '../context/raw-json';
import { sendError } from '../http/send';
import { nameHttpRoute } from '../platform/telemetry';
import { AppError, type ErrorCode } from '../shared/errors';
import type { CompiledRoute } from './compile';
import { readMultipart } from './multipart';
import { type HttpMethod, successStatus } from './route';
import { type RouteCaller, runRoute } from './run';

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

/**
 * The path parameter a malformed percent-escape of `path` falls in, for the route (core or plugin row) the path
 * belongs to: the one of `method` first, else any (the early guard of src/http/path-encoding.ts answers with it,
 * as this router would). Undefined when no route's pattern matches.
 */
export function malformedParamOf(routes: CompiledRoute[], method: string, path: string): string | undefined {
  const get = method === 'HEAD' ? 'GET' : method;
  const matching = routes.filter((route) => route.pattern.test(path));
  const route = matching.find((r) => r.spec.method === get) ?? matching[0];
  const match = route && route.pattern.exec(path);
  if (!match) return undefined;
  const decoded = decodeParams(route.params, match);
  return 'invalid' in decoded ? decoded.invalid : undefined;
}

/** Aborts when the connection closes before the response was sent (the client went away). */
function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * A route's payload as the body REST sends: `{ data }`, a list with `meta` (`list`: `{ data: items, meta }`,
 * `items`: `{ data: { items }, meta }`, with `facets` beside `items` when selected), the text itself, or null for a
 * bodiless answer.
 */
export function envelopeBody(route: CompiledRoute, payload: unknown): unknown {
  const { envelope = 'object' } = route.spec;
  if (envelope === 'none') return null;
  if (envelope === 'text') return String(payload);
  if (envelope === 'object') return { data: payload };
  const { items, meta, facets } = payload as { items: unknown[]; meta: unknown; facets?: unknown };
  if (envelope === 'list') return { data: items, meta };
  // A product list's facets, when its operation selected them (`facets=true`), beside its items.
  return { data: facets === undefined ? { items } : { items, facets }, meta };
}

/**
 * Writes a route's payload in its envelope (`{ data }`, a list with `meta`, text, or 204); `raw` writes the JSON
 * when parts of the payload are PostgreSQL's text (a compiled list).
 */
export function respond(route: CompiledRoute, res: Response, payload: unknown, raw?: RawJsonParts): void {
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
  if (raw)
    res
      .status(code)
      .type('json')
      .send(raw.encode(envelopeBody(route, payload)));
  else res.status(code).json(envelopeBody(route, payload));
}

/** The caller of a route behind an HTTP request: its identity, IP, headers and cookies, and its response. */
export function httpCaller(app: AppServices, req: Request, res: Response): RouteCaller {
  return {
    services: app,
    actor: req.actor,
    requestId: req.id,
    log: req.log,
    clientIp: req.clientIp,
    headers: req.headers,
    cookies: req.cookies,
    origin: `${req.protocol}://${req.get('host')}`,
    signal: clientGone(res),
    effects: new ResponseEffects(res),
    writesText: true,
    logFields: res.locals.logFields as Record<string, unknown> | undefined,
  };
}

/**
 * The REST surface's Express glue: matches the request against the route table (405 with `Allow` for a known
 * path under another method), decodes the path parameters and hands the request's parts to `runRoute`, then
 * shapes its payload into the spec's envelope or its error into the error body.
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
        await serve(route, req, res, decoded.params);
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

  async function serve(route: CompiledRoute, req: Request, res: Response, params: Record<string, string>) {
    if (res.locals.logFields) res.locals.logFields.operation = route.operationName;
    // The route template labels the request's metrics and names its span (never the raw path, which holds ids).
    res.locals.route = route.spec.path;
    nameHttpRoute(route.spec.path);
    const { multipart } = route.spec;
    const outcome = await runRoute(
      route,
      {
        params,
        query: req.query as Record<string, unknown>,
        body: req.body,
        readForm: multipart
          ? () =>
              readMultipart(
                req,
                res,
                typeof multipart.limit === 'number' ? multipart.limit : app.config[multipart.limit],
                multipart.files,
              )
          : undefined,
      },
      httpCaller(app, req, res),
    );
    if ('error' in outcome) {
      const status = route.spec.errorStatus?.[outcome.error.code as ErrorCode];
      const { entries, headers, code } = outcome.error;
      return sendError(
        res,
        status ? { status, entries, headers, code, detail: entries[0]?.detail ?? code } : outcome.error,
      );
    }
    respond(route, res, outcome.payload, outcome.raw);
  }
}
