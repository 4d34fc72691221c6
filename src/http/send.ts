import type { Response } from 'express';
import { AppError } from '../shared/errors';
import type { NormalizedError } from '../graphql/errors';

/** Writes the spec's error envelope `{ errors: [ { code, detail, field? } ] }` with the error's status and headers. */
export function sendError(res: Response, error: AppError | NormalizedError): void {
  const n =
    error instanceof AppError
      ? { status: error.status, entries: error.entries, headers: error.headers, code: error.code }
      : error;
  for (const [name, value] of Object.entries(n.headers)) res.setHeader(name, value);
  const body: Record<string, unknown> = { errors: n.entries };
  // Contract §2: the rate-limit body also carries the spec's legacy `error` string.
  if (n.code === 'rate_limited') body.error = 'Too Many Requests';
  res.status(n.status).json(body);
}
