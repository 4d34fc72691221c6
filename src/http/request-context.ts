import { randomUUID } from 'node:crypto';

import type { NextFunction, Request, Response } from 'express';

import type { Actor } from '../context/actor';
import type { RequestQueryLog } from '../platform/db/query-stats';
import { type QueryScope, queryScope } from '../platform/db/query-stats';
import { type Logger, requestLogger } from '../platform/logger';
import { currentTraceIds, metricsOn, operationLabel, recordHttpRequest, unsampledTraceId } from '../platform/telemetry';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
    actor: Actor;
    /** Client IP per contract §4: the socket address, or the forwarded one behind a trusted proxy. */
    clientIp: string;
  }
}

const VALID_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Echoes a well-formed incoming `X-Request-ID`, otherwise makes one; every log line of the request carries it. */
export function requestId(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    req.id = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
    // With tracing on, the trace this request belongs to (the incoming `traceparent`'s, or a new one). A sampled
    // request's log lines get it from the active span (the logger's mixin); one the head sampler refused has no
    // span, so its logger carries the id itself.
    const sampled = currentTraceIds()?.trace_id;
    const unsampled = sampled ? undefined : unsampledTraceId(req);
    req.log = requestLogger(log, req.id, unsampled);
    res.setHeader('X-Request-ID', req.id);
    const traceId = sampled ?? unsampled;
    if (traceId) res.setHeader('X-Trace-ID', traceId);
    const started = process.hrtime.bigint();
    // Facts later layers add to the request's log line (the GraphQL or REST operation that ran).
    const logFields: Record<string, unknown> = {};
    res.locals.logFields = logFields;
    // The full path (mounted routers like /graphql see a shortened `req.path`), without the query string.
    const path = req.originalUrl.split('?')[0];
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // `sql`: statements the request ran (see countQueries), so an N+1 shows up in the logs. The line is built
      // only when it is written (a server logging at `warn` writes none).
      if (req.log.isLevelEnabled('info')) {
        const sql = (res.locals.sqlScope as QueryScope | undefined)?.statements;
        req.log.info(
          { method: req.method, path, ...logFields, status: res.statusCode, ms: Math.round(ms * 10) / 10, sql },
          'request',
        );
      }
      if (metricsOn())
        recordHttpRequest(req.method, routeLabel(res, path), operationOf(logFields), res.statusCode, ms / 1000);
    });
    next();
  };
}

/** Opens the statement-count scope for the rest of the request (the middleware and handlers after it). */
export function countQueries(queryLog: RequestQueryLog) {
  return (req: Request, res: Response, next: NextFunction) => {
    const scope: QueryScope = { statements: 0 };
    res.locals.sqlScope = scope;
    res.on('finish', () => queryLog.record(req.id, scope.statements));
    queryScope.run(scope, next);
  };
}

/** Paths whose first segments name what served them (bounded: plugin names are the installed plugins'). */
const KNOWN_PREFIX =
  /^\/(graphql|graphiql|mcp\/(store|admin)|admin|uploads|plugins\/[a-z0-9_-]{1,40}|api\/v1\/(openapi\.json|docs))(\/|$)/;

/**
 * The `http.route` label of a request: the REST route template that ran (`res.locals.route`), else a known
 * prefix; never a raw path (it would hold ids and make the label set unbounded).
 */
function routeLabel(res: Response, path: string): string {
  if (typeof res.locals.route === 'string') return res.locals.route;
  if (res.statusCode === 404) return '(unmatched)';
  const prefix = KNOWN_PREFIX.exec(path);
  return prefix ? `/${prefix[1]}` : '(other)';
}

/** The operation label: REST's declared operation name, GraphQL's `type name` with the name bounded. */
function operationOf(logFields: Record<string, unknown>): string | undefined {
  const operation = logFields.operation;
  if (typeof operation !== 'string') return undefined;
  const space = operation.indexOf(' ');
  return space < 0
    ? operationLabel(operation)
    : `${operation.slice(0, space)} ${operationLabel(operation.slice(space + 1))}`;
}
