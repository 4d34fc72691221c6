import type { NextFunction, Request, Response } from 'express';

import { AppError } from '../shared/errors';
import { sendErrorFor } from './send';

/** Whether every `%` of `path` starts an escape that decodes to UTF-8 (what `decodeURIComponent` accepts). */
export function wellEncoded(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * One guard in front of every router: a path with a malformed percent-escape (`%ff`, `%E0%A4%A`) is 400
 * `validation_error` / `invalid_encoding` here, before a router, `express.static` or a plugin's route decodes
 * it (Express's router and `send` throw a URIError there, which used to end as a logged 500). `paramOf` names the
 * path parameter of the REST route (core or plugin row) the path belongs to, so those keep the REST adapter's
 * answer; any other path names `path`. A client's mistake, not a fault of ours: only the request's own log line
 * (info, status 400) records it. The query string is not checked: Express's parser keeps a bad escape as the literal text.
 */
export function rejectMalformedPath(paramOf: (req: Request) => string | undefined = () => undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (wellEncoded(req.path)) return next();
    const field = paramOf(req) ?? 'path';
    sendErrorFor(req, res, AppError.validation([{ field, detail: 'invalid_encoding' }]));
  };
}
