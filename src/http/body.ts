import express, { type NextFunction, type Request, type Response } from 'express';
import { AppError } from '../shared/errors';
import { sendErrorFor } from './send';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;
const MULTIPART_TYPE = /^multipart\/form-data\b/i;

/**
 * Parses JSON bodies up to `limit` bytes. A body of another type is 415 `unsupported_media_type`
 * (multipart passes through to the upload routes), an oversized one 413 `body_too_large`, broken JSON
 * 400 `invalid_json`. Non-object JSON is parsed so the adapter can name the problem (`field` "", `type`).
 */
export function jsonBody(limit: number, keepRaw: (path: string) => boolean = () => false) {
  const parse = express.json({ limit, strict: false, type: () => true });
  const raw = express.raw({ limit, type: () => true });
  return (req: Request, res: Response, next: NextFunction) => {
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (!WITH_BODY.has(req.method) || !hasBody) return next();
    // A webhook receiver verifies a signature over the exact bytes before anything interprets them.
    if (keepRaw(req.path))
      return raw(req, res, (err?: unknown) => {
        if (!err) return next();
        if ((err as { type?: string }).type === 'entity.too.large')
          return sendErrorFor(req, res, new AppError('body_too_large', `request body exceeds ${limit} bytes`));
        sendErrorFor(req, res, new AppError('invalid_json', 'the request body could not be read'));
      });
    const type = req.get('content-type') ?? '';
    if (MULTIPART_TYPE.test(type)) return next();
    if (!JSON_TYPE.test(type))
      return sendErrorFor(req, res, new AppError('unsupported_media_type', 'content type must be application/json'));
    parse(req, res, (err?: unknown) => {
      if (!err) return next();
      const type = (err as { type?: string }).type;
      if (type === 'entity.too.large')
        return sendErrorFor(req, res, new AppError('body_too_large', `request body exceeds ${limit} bytes`));
      if (type === 'entity.parse.failed') return sendErrorFor(req, res, new AppError('invalid_json'));
      if (type === 'encoding.unsupported' || type === 'charset.unsupported')
        return sendErrorFor(req, res, new AppError('unsupported_media_type', 'unsupported body encoding'));
      // Anything else the parser blames on the request (a corrupt gzip stream, a length that does not match the
      // body, an aborted upload) is the client's fault: a 400, not a 500.
      const status = (err as { status?: number }).status;
      if (status && status >= 400 && status < 500)
        return sendErrorFor(req, res, new AppError('invalid_json', 'the request body could not be read'));
      next(err);
    });
  };
}
