import { hash } from 'node:crypto';

import type { NextFunction, Request, RequestHandler, Response } from 'express';

import type { RetirementFeed } from '../../platform/cache/retirements';
import { SURROGATE_KEY_HEADER } from '../../platform/cache/surrogate-keys';
import { recordCacheOutcome } from '../../platform/telemetry';
import { compress, encodedEtag } from '../compression/codec';
import { codingFor, type CompressionSettings, markCodingChosen } from '../compression/dynamic';
import type { Encoding } from '../compression/negotiate';
import type { CacheableRequest } from './request-keys';
import type { CachedResponse, ResponseStore } from './store';

export interface ResponseCache {
  enabled: boolean;
  /** Retired surrogate keys as the database announces them, and the read barrier (see retirements.ts). */
  retirements: RetirementFeed;
  store: ResponseStore;
  /** `cache.http.max_age_seconds` and `cache.http.stale_while_revalidate_seconds`. */
  maxAge: number;
  staleWhileRevalidate: number;
}

/** Strong validator: the same bytes give the same tag on every instance (no generation in it). */
export const strongEtag = (body: Buffer) => `"${hash('sha256', body, 'base64url').slice(0, 32)}"`;

/** `If-None-Match` (weak comparison, RFC 9110 §13.1.2): `*` or any listed tag equal to `etag`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Apollo's CSRF prevention lets a GET through only when the browser must have preflighted it: a cached answer
 * must not be easier to get than a computed one.
 */
function passesApolloCsrf(req: Request): boolean {
  if (req.path !== '/' || req.baseUrl !== '/graphql' || req.method !== 'GET') return true;
  if (req.get('x-apollo-operation-name') || req.get('apollo-require-preflight')) return true;
  const type = req.get('content-type')?.split(';')[0].trim().toLowerCase();
  return !!type && !['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'].includes(type);
}

/**
 * Only callers without any credential: an `Authorization` header or a session cookie makes someone else of the
 * caller, and their answers are not shared. The `csrf_token` cookie is no credential.
 */
const anonymous = (req: Request) => req.actor?.kind === 'anonymous' && !req.get('authorization');

function cacheControl(cache: ResponseCache, res: Response): string {
  // A response that sets a cookie (the contract's `csrf_token` on a first visit) is the browser's alone.
  if (res.getHeader('set-cookie')) return 'private, no-cache';
  if (cache.maxAge <= 0) return 'public, no-cache';
  const swr = cache.staleWhileRevalidate > 0 ? `, stale-while-revalidate=${cache.staleWhileRevalidate}` : '';
  return `public, max-age=${cache.maxAge}${swr}`;
}

/**
 * A validator and 304 are GET's and HEAD's: RFC 9110 §13.1.2 answers a matching `If-None-Match` on any other method
 * with 412, and no cache revalidates a POST. So a GraphQL query sent by POST gets neither (nor is its body hashed
 * for one: ~1 % of a compiled list page's CPU).
 */
const revalidates = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

/** Headers of a cacheable answer; then 304 without a body when a GET already holds these bytes. */
function finish(req: Request, res: Response, cache: ResponseCache, etag: string | undefined): boolean {
  res.setHeader('Cache-Control', cacheControl(cache, res));
  res.vary('Accept-Language');
  if (etag === undefined || !revalidates(req)) return false;
  res.setHeader('ETag', etag);
  if (!matchesIfNoneMatch(req.get('if-none-match'), etag)) return false;
  res.statusCode = 304;
  for (const name of ['content-type', 'content-length', 'content-encoding']) res.removeHeader(name);
  return true;
}

/**
 * The coding of a cacheable answer (see compression/dynamic.ts), announced before the 304 check: the validator of
 * an encoded representation is the identity's with the coding in it, so a 304 needs no compressed body.
 */
function chooseCoding(
  req: Request,
  res: Response,
  compression: CompressionSettings,
  path: string,
  length: number,
): Encoding | undefined {
  markCodingChosen(res);
  const coding = codingFor(compression, req, res, path, length);
  if (coding !== undefined) res.vary('Accept-Encoding');
  if (coding === undefined || coding === 'identity') return undefined;
  res.setHeader('Content-Encoding', coding);
  return coding;
}

/**
 * The body in `coding`: kept with the entry when it was compressed before, else compressed now and kept (at the
 * `cached` levels: made once, sent on every hit); an answer not filed is compressed like any other (`dynamic`).
 */
async function encodedBody(
  cache: ResponseCache,
  key: string,
  entry: CachedResponse | undefined,
  body: Buffer,
  coding: Encoding,
): Promise<Buffer> {
  const kept = entry?.encoded?.[coding];
  if (kept) return kept;
  const encoded = await compress(body, coding, entry ? 'cached' : 'dynamic');
  if (entry) cache.store.addEncoding(key, entry, coding, encoded);
  return encoded;
}

async function sendHit(
  req: Request,
  res: Response,
  cache: ResponseCache,
  compression: CompressionSettings,
  path: string,
  key: string,
  hit: CachedResponse,
): Promise<void> {
  res.setHeader('X-Cache', 'hit');
  res.setHeader('Content-Type', hit.contentType);
  const coding = chooseCoding(req, res, compression, path, hit.body.length);
  if (finish(req, res, cache, coding ? encodedEtag(hit.etag, coding) : hit.etag)) return void res.end();
  let body = hit.body;
  if (coding) {
    try {
      body = await encodedBody(cache, key, hit, hit.body, coding);
    } catch {
      res.removeHeader('Content-Encoding');
      res.setHeader('ETag', hit.etag);
    }
  }
  res.status(200).setHeader('Content-Length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The surrogate keys the operation declared (header set by `declareCacheKeys`), removed from the response. */
function takeSurrogateKeys(res: Response): string[] {
  const header = res.getHeader(SURROGATE_KEY_HEADER);
  res.removeHeader(SURROGATE_KEY_HEADER);
  return typeof header === 'string' ? header.split(' ').filter(Boolean) : [];
}

/**
 * Serves anonymous store reads from the cache, and files the answers it computes: keyed by `keyOf` (path and
 * query, or the GraphQL document, variables and Accept) plus `Accept-Language`, under the surrogate keys the
 * operation declared. Before a lookup it passes the read barrier (every retirement committed before this request
 * arrived has been applied), so no write acknowledged before is ever hidden by an older answer; an answer is
 * filed only if none of its keys was retired while it was computed (it may predate that write). Every cacheable
 * answer to a GET or HEAD, cached or not, carries a strong ETag and honours `If-None-Match`. With `compression`
 * on, an answer above its threshold goes out in the coding the client accepts (`Vary: Accept-Encoding`, the ETag
 * naming the coding), and the compressed bytes are kept with the entry, per coding: a hit compresses nothing.
 */
export function responseCache(
  cache: ResponseCache,
  keyOf: (req: Request) => CacheableRequest | undefined,
  compression: CompressionSettings = { enabled: false, thresholdBytes: 0 },
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const cacheable = anonymous(req) && passesApolloCsrf(req) ? keyOf(req) : undefined;
    if (!cacheable) return next();
    const path = req.baseUrl + req.path;
    const usable = cache.enabled ? await cache.retirements.sync().catch(() => false) : false;
    const key = usable ? `${cacheable.key()} ${req.get('accept-language')?.trim().toLowerCase() ?? ''}` : '';
    const hit = usable ? cache.store.get(key) : undefined;
    if (res.locals.logFields) res.locals.logFields.cache = hit ? 'hit' : usable ? 'miss' : 'bypass';
    recordCacheOutcome(hit ? 'hit' : usable ? 'miss' : 'bypass');
    if (hit) return sendHit(req, res, cache, compression, path, key, hit);
    if (cache.enabled) res.setHeader('X-Cache', usable ? 'miss' : 'bypass');
    const since = cache.retirements.tick;
    capture(res, (body) => {
      const keys = takeSurrogateKeys(res);
      if (res.statusCode !== 200 || !cacheable.keepBody(body)) return body;
      let entry: CachedResponse | undefined;
      let etag: string | undefined;
      // Hashed when a GET is answered or the entry is filed (a later GET may be served from it).
      if (usable && !cache.retirements.retiredSince(since, keys)) {
        etag = strongEtag(body);
        const contentType = String(res.getHeader('content-type') ?? 'application/json');
        entry = { keys, body, contentType, etag, storedAt: Date.now() };
        cache.store.set(key, entry);
      } else if (revalidates(req)) etag = strongEtag(body);
      const coding = chooseCoding(req, res, compression, path, body.length);
      if (finish(req, res, cache, etag && coding ? encodedEtag(etag, coding) : etag)) return undefined;
      if (!coding) return body;
      return encodedBody(cache, key, entry, body, coding).then(
        (encoded) => {
          res.setHeader('Content-Length', String(encoded.length));
          return encoded;
        },
        () => {
          res.removeHeader('Content-Encoding');
          if (etag && res.getHeader('etag')) res.setHeader('ETag', etag);
          return body;
        },
      );
    });
    next();
  };
}

/**
 * Sees the body of a response written in one `end(body)` (Express's `send`, Apollo's integration) before its
 * head goes out; `onBody` answers the bytes to send instead (or a promise of them: compressed off the event loop),
 * or undefined to send the 304 it set up. Streamed answers are left alone.
 */
function capture(res: Response, onBody: (body: Buffer) => Buffer | undefined | Promise<Buffer>): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  let streamed = false;
  res.write = ((...args: unknown[]) => {
    streamed = true;
    return write(...args);
  }) as Response['write'];
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    if (streamed || res.headersSent || chunk == null || typeof chunk === 'function') return end(chunk, encoding, cb);
    const body = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    const done = typeof encoding === 'function' ? encoding : cb;
    // The bytes made here go out as they are (the text is not encoded a second time by the socket).
    const send = (out: Buffer | undefined) => (out === undefined ? end(undefined, undefined, done) : end(out, done));
    const out = onBody(body);
    if (!(out instanceof Promise)) return send(out);
    void out.then(send);
    return res;
  }) as Response['end'];
}

/**
 * API answers are private and live unless marked otherwise: without this, a shared cache could keep an answer
 * authenticated by cookie. Cacheable store reads replace it (see {@link responseCache}).
 */
export function noStoreByDefault(req: Request, res: Response, next: NextFunction): void {
  if (/^\/(api|graphql|mcp)(\/|$)/.test(req.path)) res.setHeader('Cache-Control', 'no-store');
  next();
}
