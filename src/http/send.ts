import type { Request, Response } from 'express';

import { graphqlExtensions, type NormalizedError, normalizeError } from '../graphql/errors';
import { AppError } from '../shared/errors';

/** Writes the spec's error envelope `{ errors: [ { code, detail, field? } ] }` with the error's status and headers. */
export function sendError(res: Response, error: AppError | NormalizedError): void {
  // Something already answered (the stalled-body 408, say): a late error of the same request is dropped.
  if (res.headersSent) return;
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

/** The GraphQL endpoint: errors raised before Apollo runs must still reach GraphQL clients in GraphQL's shape. */
export const isGraphqlPath = (req: Request): boolean => req.path === '/graphql' || req.path === '/graphql/';

/**
 * Writes `{ errors: [ { message, extensions: { code, field?, status, requestId } } ] }`, the shape Apollo
 * answers with, for an error a middleware (CSRF, rate limit, body parser, authentication) raised on `/graphql`.
 */
export function sendGraphqlError(req: Request, res: Response, error: AppError | NormalizedError): void {
  if (res.headersSent) return;
  const n = error instanceof AppError ? normalizeError(error) : error;
  for (const [name, value] of Object.entries(n.headers)) res.setHeader(name, value);
  const message = n.internal ? 'an unexpected error occurred' : n.detail;
  res.status(n.status).json({ errors: [{ message, extensions: { ...graphqlExtensions(n), requestId: req.id } }] });
}

/** A middleware's error in the shape the caller speaks: GraphQL's on `/graphql`, the REST envelope elsewhere. */
export function sendErrorFor(req: Request, res: Response, error: AppError | NormalizedError): void {
  if (isGraphqlPath(req)) sendGraphqlError(req, res, error);
  else sendError(res, error);
}
