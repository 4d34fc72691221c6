import type { NextFunction, Request, Response } from 'express';

import { recordGraphqlRefused } from '../platform/telemetry';
import { AppError } from '../shared/errors';
import { sendGraphqlError } from './send';

/** The `query` texts of a GraphQL request: GET's parameter, a POST body's field, each of a batch's. */
function documentsOf(req: Request): unknown[] {
  if (req.method === 'GET') {
    const query = (req.query as Record<string, unknown>).query;
    return Array.isArray(query) ? query : [query];
  }
  const body = req.body as unknown;
  return (Array.isArray(body) ? body : [body]).map((item) =>
    item && typeof item === 'object' ? (item as { query?: unknown }).query : undefined,
  );
}

/**
 * Refuses a GraphQL document longer than `maxBytes` (`graphql.max_document_bytes`, UTF-8) with 400
 * `invalid_query` before the response cache or Apollo hash, look up, parse or register it (as an automatic
 * persisted query). Mounted on `/graphql`, after the body parser; its tokens are bounded by Apollo's parser.
 */
export function graphqlDocumentSize(maxBytes: number) {
  // UTF-8 is at most 3 bytes per UTF-16 unit: only a text near the bound needs counting.
  const tooLong = (text: unknown) =>
    typeof text === 'string' && text.length * 3 > maxBytes && Buffer.byteLength(text) > maxBytes;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!documentsOf(req).some(tooLong)) return next();
    recordGraphqlRefused('document_size');
    sendGraphqlError(
      req,
      res,
      new AppError('invalid_query', `the document exceeds ${maxBytes} bytes`, { field: 'query' }),
    );
  };
}
