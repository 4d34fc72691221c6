import type { NextFunction, Request, RequestHandler, Response } from 'express';

import type { Config } from '../../platform/config/keys';
import { compress, encodedEtag, isCompressibleAnswer } from './codec';
import { type Encoding, negotiateEncoding } from './negotiate';
import { mayCompress } from './policy';

/** `http.compression.enabled` and `http.compression.threshold_bytes`. */
export interface CompressionSettings {
  enabled: boolean;
  thresholdBytes: number;
}

export const compressionSettings = (config: Config): CompressionSettings => ({
  enabled: config['http.compression.enabled'],
  thresholdBytes: config['http.compression.threshold_bytes'],
});

/** Set on a response whose coding was already chosen (the response cache serves its stored encodings itself). */
const CHOSEN = Symbol('content coding chosen');

export function markCodingChosen(res: Response): void {
  (res as Response & { [CHOSEN]?: true })[CHOSEN] = true;
}

const chosen = (res: Response) => (res as Response & { [CHOSEN]?: true })[CHOSEN] === true;

/**
 * The coding for an answer of `length` bytes to `req`: undefined when the answer is not negotiable (compression
 * off, a write or a secret, not text, below the threshold, not a full 200-class answer), else the negotiated one
 * (possibly `identity`); the caller then sends `Vary: Accept-Encoding`, since the coding depends on the header.
 */
export function codingFor(
  settings: CompressionSettings,
  req: Request,
  res: Response,
  path: string,
  length: number,
): Encoding | 'identity' | undefined {
  if (!settings.enabled || length < settings.thresholdBytes) return undefined;
  if (res.statusCode < 200 || res.statusCode === 204 || res.statusCode === 206 || res.statusCode >= 300) {
    // Errors are small, and a 4xx may echo the client's input.
    return undefined;
  }
  if (res.getHeader('content-encoding') || !isCompressibleAnswer(String(res.getHeader('content-type') ?? '')))
    return undefined;
  if (!mayCompress(req, path)) return undefined;
  return negotiateEncoding(req.get('accept-encoding'));
}

/** Writes `encoded` (the answer in `encoding`) with its headers; the caller has set Vary. */
export function sendEncoded(
  res: Response,
  end: (body?: Buffer, cb?: () => void) => unknown,
  encoded: Buffer,
  encoding: Encoding,
  done?: () => void,
): void {
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(encoded.length));
  const etag = res.getHeader('etag');
  if (typeof etag === 'string') res.setHeader('ETag', encodedEtag(etag, encoding));
  end(encoded, done);
}

/**
 * Compresses JSON (and other text) answers of at least `thresholdBytes` written in one `end(body)` (Express's
 * `send`/`json`, Apollo's integration) when the request may be compressed (policy.ts) and its `Accept-Encoding`
 * allows: brotli, else gzip, at the dynamic levels (codec.ts), off the event loop. Streamed answers (SSE, files,
 * anything written with `write`) pass untouched, and so does an answer whose coding was chosen before (the
 * response cache's). A HEAD answer describes the identity representation (with `Vary`): nothing is compressed
 * just to learn its length.
 */
export function compressAnswers(settings: CompressionSettings): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!settings.enabled) return next();
    const path = req.path;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    let streamed = false;
    res.write = ((...args: unknown[]) => {
      streamed = true;
      return write(...args);
    }) as Response['write'];
    res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
      if (streamed || res.headersSent || chosen(res) || typeof chunk === 'function') return end(chunk, encoding, cb);
      if (chunk == null) {
        // HEAD (Express's send ends without the body): the length it announced decides whether the coding varies.
        const length = Number(res.getHeader('content-length') ?? 0);
        if (codingFor(settings, req, res, path, length) !== undefined) res.vary('Accept-Encoding');
        return end(chunk, encoding, cb);
      }
      const body = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      const done = (typeof encoding === 'function' ? encoding : cb) as (() => void) | undefined;
      const coding = codingFor(settings, req, res, path, body.length);
      if (coding === undefined) return end(body, done);
      res.vary('Accept-Encoding');
      if (coding === 'identity') return end(body, done);
      compress(body, coding, 'dynamic').then(
        (encoded) =>
          encoded.length < body.length ? sendEncoded(res, (b, d) => end(b, d), encoded, coding, done) : end(body, done),
        () => end(body, done),
      );
      return res;
    }) as Response['end'];
    next();
  };
}
