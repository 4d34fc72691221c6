import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Actor } from '../context/actor';
import type { Logger } from '../platform/logger';
import { type QueryScope, RequestQueryLog, queryScope } from '../platform/db/query-stats';

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
    req.log = log.child({ requestId: req.id });
    res.setHeader('X-Request-ID', req.id);
    const started = process.hrtime.bigint();
    // Facts later layers add to the request's log line (the GraphQL or REST operation that ran).
    const logFields: Record<string, unknown> = {};
    res.locals.logFields = logFields;
    // The full path (mounted routers like /graphql see a shortened `req.path`), without the query string.
    const path = req.originalUrl.split('?')[0];
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // `sql`: statements the request ran (see countQueries), so an N+1 shows up in the logs.
      const sql = (res.locals.sqlScope as QueryScope | undefined)?.statements;
      req.log.info(
        { method: req.method, path, ...logFields, status: res.statusCode, ms: Math.round(ms * 10) / 10, sql },
        'request',
      );
    });
    next();
  };
}

/** Opens the statement-count scope for the rest of the request (after body parsing, whose callbacks lose it). */
export function countQueries(queryLog: RequestQueryLog) {
  return (req: Request, res: Response, next: NextFunction) => {
    const scope: QueryScope = { statements: 0 };
    res.locals.sqlScope = scope;
    res.on('finish', () => queryLog.record(req.id, scope.statements));
    queryScope.run(scope, next);
  };
}
