import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, type BrotliOptions, constants, gzip, gzipSync } from 'node:zlib';

import type { Encoding } from './negotiate';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard an answer is compressed (scripts/bench/compression.ts measures them; docs/performance.md, "Compression"):
 * - `dynamic`, a JSON answer computed per request: brotli 1 and gzip 1. On the 212 kB list of 25, brotli 1 makes
 *   13.9 kB for 0.15 ms of CPU, brotli 4 11.1 kB for 0.67 ms, gzip 6 11.7 kB for 1.16 ms, gzip 1 20 kB for 0.41 ms;
 *   the server's CPU per list request rose 3 % with brotli 1, 9 % with brotli 4, 25 % with gzip 6.
 * - `cached`, once per response-cache entry and coding, then sent on every hit: brotli 5 and gzip 6 (9.5 kB and
 *   11.7 kB for the list, about a millisecond, once).
 * - `static`, a file once per process when the build left no precompressed copy (the build itself uses brotli 11 and
 *   gzip 9: scripts/precompress.mjs): brotli 5 compresses GraphiQL's 1 MB script in about 100 ms, 11 in 1.8 s.
 */
export const LEVELS = {
  dynamic: { br: 1, gzip: 1 },
  cached: { br: 5, gzip: 6 },
  static: { br: 5, gzip: 9 },
} as const satisfies Record<string, Record<Encoding, number>>;

export type Effort = keyof typeof LEVELS;

/**
 * Compressions done by this process, by reason. Tests read it to prove a cache hit did no compression work (a
 * counter is timing-free evidence); nothing else does.
 */
export const compressionCounts: Record<Effort, number> = { dynamic: 0, cached: 0, static: 0 };

/**
 * Bodies up to this size are compressed on the event loop; larger ones (exports, big files) on libuv's thread pool.
 * Node's asynchronous zlib streams the body through the pool in steps, which cost brotli twice the CPU of one
 * synchronous call (0.67 vs 1.55 ms for the list at quality 4; at quality 1, 0.15 vs 0.37 ms), while a megabyte
 * holds the loop for at most a few milliseconds at these levels.
 */
const SYNC_LIMIT = 1024 * 1024;

/**
 * Brotli's window: just large enough for the body (10–22 bits), which changes no output byte (the whole body fits
 * either way) but sizes the encoder's tables to it. With its default of 22 bits every call allocated and freed
 * megabytes, which under `npm start`'s allocator settings (`MALLOC_MMAP_THRESHOLD_`) are fresh pages each time:
 * quality 5 on an 8.5 kB product page took 4 ms instead of 0.3.
 */
export const brotliWindow = (length: number): number =>
  Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 1))),
  );

const brotliOptions = (body: Buffer, quality: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_LGWIN]: brotliWindow(body.length),
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

/** `body` in `encoding` at the levels of `effort`: on the event loop up to {@link SYNC_LIMIT}, else on the pool. */
export function compress(body: Buffer, encoding: Encoding, effort: Effort): Promise<Buffer> {
  compressionCounts[effort]++;
  const level = LEVELS[effort][encoding];
  if (body.length > SYNC_LIMIT)
    return encoding === 'gzip' ? gzipAsync(body, { level }) : brotliAsync(body, brotliOptions(body, level));
  try {
    return Promise.resolve(
      encoding === 'gzip' ? gzipSync(body, { level }) : brotliCompressSync(body, brotliOptions(body, level)),
    );
  } catch (err) {
    return Promise.reject(err as Error);
  }
}

const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/** Files worth compressing: text, JSON, JavaScript, SVG, WebAssembly (images, fonts, archives are compressed already). */
export function isCompressibleType(contentType: string | undefined): boolean {
  const type = mediaType(contentType);
  if (!type || type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'application/wasm' ||
    type === 'image/svg+xml'
  );
}

/**
 * Computed answers worth compressing: JSON (REST, GraphQL) and the text exports (CSV). Not HTML: the service's
 * pages are a few kB and each carries a fresh CSP nonce; not event streams.
 */
export function isCompressibleAnswer(contentType: string | undefined): boolean {
  const type = mediaType(contentType);
  return type === 'application/json' || type.endsWith('+json') || type === 'text/csv' || type === 'text/plain';
}

/** The validator of an encoded representation: the identity's tag with the coding inside its quotes. */
export const encodedEtag = (etag: string, encoding: Encoding): string =>
  `${etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
