import { createHash } from 'node:crypto';
import { existsSync, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';

import type { NextFunction, Request, RequestHandler, Response } from 'express';

import { matchesIfNoneMatch } from '../response-cache/middleware';
import { compress, encodedEtag, isCompressibleType } from './codec';
import { type CompressionSettings, markCodingChosen } from './dynamic';
import { type Encoding, negotiateEncoding } from './negotiate';

/** The file name suffix of a precompressed copy (what scripts/precompress.mjs writes). */
export const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Where `npm run build` leaves precompressed copies of files that live outside a build output it owns (GraphiQL's
 * and Swagger UI's files in node_modules, the plugins' assets): `<sha-256 of the file>.br|.gz`, so a copy can
 * never stand for other bytes than the ones it was made from (an `npm install` or an edit since the build just
 * finds no copy). Found from src/ (SWC) or dist/src/ (tsc).
 */
export function precompressedStore(): string | undefined {
  const candidates = [
    join(__dirname, '..', '..', '..', 'dist', 'precompressed'),
    join(__dirname, '..', '..', '..', 'precompressed'),
  ];
  return candidates.find((dir) => existsSync(dir));
}

/** Most bytes of compressed copies one {@link StaticFiles} keeps in memory; past it, files go out unencoded. */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;

interface Kept {
  /** What the copy was made from: a file's size and time, or the very buffer of {@link StaticFiles.sendBytes}. */
  version: unknown;
  body: Promise<Buffer | undefined>;
  /** Bytes of it counted in the bound (0 until it is read, and when it is not kept). */
  counted: number;
}

export interface StaticFileOptions {
  /** Left as it is when absent (the API's `no-store`, say). */
  cacheControl?: string;
  /** The Content-Type; by default the one the file's extension names. */
  type?: string;
}

/**
 * Static files (the admin's build, GraphiQL's and Swagger UI's files, the plugins' assets) sent in the coding the
 * request's `Accept-Encoding` prefers, with `Vary: Accept-Encoding` on every compressible type. The compressed
 * bytes come from, in order: a copy beside the file (`app.js.br`, written by the build: the admin's Vite build),
 * the build's content-addressed store ({@link precompressedStore}), or, when the build left none (the service run
 * from a fresh clone without `npm run build`, a plugin installed later), the file compressed once at the static
 * levels on first request. Whichever it is, it is read or made once and kept in memory (at most
 * {@link MAX_KEPT_BYTES}), checked against the file's size and time on each request. A copy that is missing,
 * unreadable, not smaller or over the bound means the file goes out unencoded: never a 404 or 500.
 *
 * Each representation has its own weak ETag (an encoded one's is the identity's with the coding in it), and
 * `If-None-Match` answers 304.
 * A Range request is answered from the unencoded file (byte ranges of a compressed body help no client), as HEAD
 * answers with the headers GET would send.
 */
export class StaticFiles {
  private readonly kept = new Map<string, Kept>();
  private keptBytes = 0;

  constructor(
    private readonly settings: CompressionSettings,
    private readonly store = precompressedStore(),
  ) {}

  /** An `express.static` for `dir` (no index, no dotfiles, no precompressed copies by name): others go on. */
  folder(dir: string, options: StaticFileOptions): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      let path: string;
      try {
        path = decodeURIComponent(req.path);
      } catch {
        return next();
      }
      const parts = path.split('/').filter(Boolean);
      // A dot first refuses `..`, `.` and hidden files alike.
      if (!parts.length || parts.some((p) => p.startsWith('.') || p.includes('\0'))) return next();
      if (/\.(br|gz)$/.test(path)) return next();
      this.send(req, res, next, join(dir, ...parts), options).catch(next);
    };
  }

  /** Sends `file` (an absolute path) as described above; no such regular file goes on to `next`. */
  async send(req: Request, res: Response, next: NextFunction, file: string, options: StaticFileOptions): Promise<void> {
    let info: Stats;
    try {
      info = await stat(file);
    } catch {
      return next();
    }
    if (!info.isFile()) return next();
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const coding = this.prepare(req, res, options.type ?? (extname(file) || 'application/octet-stream'), options);
    const version = `${info.size} ${info.mtimeMs}`;
    const body = coding && this.encoded(`${coding} ${file}`, version, info.size, () => this.load(file, info, coding));
    const encoded = await body;
    if (encoded && coding) return sendBody(req, res, encoded, coding, encodedEtag(etag, coding), info.mtime);
    res.setHeader('ETag', etag);
    res.sendFile(file, { dotfiles: 'allow', lastModified: true }, (err?: Error & { status?: number }) => {
      if (!err || res.headersSent) return;
      // Gone since the stat: the app's 404 (or 500), without this file's caching headers.
      for (const name of ['cache-control', 'etag', 'last-modified', 'content-type']) res.removeHeader(name);
      next((err.status ?? 500) < 500 ? undefined : err);
    });
  }

  /**
   * Sends bytes made in memory (a generated document) like a file: `name` keys their compressed copies, made at
   * the static levels on first request and kept while the same buffer is sent.
   */
  async sendBytes(
    req: Request,
    res: Response,
    name: string,
    body: Buffer,
    options: StaticFileOptions & { type: string },
  ): Promise<void> {
    let etag = tags.get(body);
    if (!etag) tags.set(body, (etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`));
    const coding = this.prepare(req, res, options.type, options);
    const encoded =
      coding && (await this.encoded(`${coding} ${name}`, body, body.length, () => compress(body, coding, 'static')));
    if (encoded && coding) return sendBody(req, res, encoded, coding, encodedEtag(etag, coding));
    sendBody(req, res, body, 'identity', etag);
  }

  /** The type and caching headers, `Vary` for a compressible type; the coding to send, undefined for identity. */
  private prepare(req: Request, res: Response, type: string, options: StaticFileOptions): Encoding | undefined {
    res.type(type);
    if (options.cacheControl) res.setHeader('Cache-Control', options.cacheControl);
    markCodingChosen(res);
    if (!this.settings.enabled || !isCompressibleType(String(res.getHeader('content-type')))) return undefined;
    res.vary('Accept-Encoding');
    if (req.headers.range) return undefined;
    const coding = negotiateEncoding(req.get('accept-encoding'));
    return coding === 'identity' ? undefined : coding;
  }

  /** The copy under `key` made from `version`, kept in memory after the first request (see the class). */
  private encoded(
    key: string,
    version: unknown,
    size: number,
    load: () => Promise<Buffer | undefined>,
  ): Promise<Buffer | undefined> {
    const kept = this.kept.get(key);
    if (kept && kept.version === version) return kept.body;
    if (kept) this.forget(key, kept);
    const entry: Kept = { version, body: Promise.resolve(undefined), counted: 0 };
    entry.body = load().then(
      (body) => {
        if (!body || body.length >= size || this.keptBytes + body.length > MAX_KEPT_BYTES) {
          // Not worth it, or past the bound: the entry stays, answering "unencoded" without another attempt.
          return undefined;
        }
        if (this.kept.get(key) === entry) this.keptBytes += entry.counted = body.length;
        return body;
      },
      () => undefined,
    );
    this.kept.set(key, entry);
    return entry.body;
  }

  private forget(key: string, entry: Kept): void {
    this.kept.delete(key);
    this.keptBytes -= entry.counted;
    entry.counted = 0;
  }

  /** The precompressed copy beside the file or in the build's store, else the file compressed now. */
  private async load(file: string, info: Stats, coding: Encoding): Promise<Buffer | undefined> {
    const beside = await stat(file + SUFFIX[coding]).catch(() => undefined);
    if (beside?.isFile() && beside.mtimeMs >= info.mtimeMs) return readFile(file + SUFFIX[coding]);
    const content = await readFile(file);
    if (this.store) {
      const copy = join(this.store, `${createHash('sha256').update(content).digest('hex')}${SUFFIX[coding]}`);
      const found = await readFile(copy).catch(() => undefined);
      if (found) return found;
    }
    return compress(content, coding, 'static');
  }
}

/** The validators of buffers sent by {@link StaticFiles.sendBytes} (hashed once per buffer). */
const tags = new WeakMap<Buffer, string>();

/** A representation from memory: its headers, 304 on a matching `If-None-Match`, no body for HEAD. */
function sendBody(
  req: Request,
  res: Response,
  body: Buffer,
  coding: Encoding | 'identity',
  etag: string,
  modified?: Date,
): void {
  res.setHeader('ETag', etag);
  if (modified) res.setHeader('Last-Modified', modified.toUTCString());
  const ifNoneMatch = req.get('if-none-match');
  const since = Date.parse(req.get('if-modified-since') ?? '');
  const fresh = ifNoneMatch
    ? matchesIfNoneMatch(ifNoneMatch, etag.replace(/^W\//, ''))
    : !!modified && Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
  if (fresh) {
    res.removeHeader('Content-Type');
    res.status(304).end();
    return;
  }
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', String(body.length));
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}
