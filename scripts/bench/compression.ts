/**
 * What compressing JSON answers costs (issue 51): the same reads from servers with `http.compression.enabled` off
 * and on (the defaults), each asked as a browser asks (`Accept-Encoding: gzip, deflate, br, zstd`), measured in
 * alternation (ROUNDS slices each, the order rotated per round): a small answer (a product page over REST, a few
 * kB) and a large one (the REST list of 25 products with their variants), uncached, and the large one from two
 * more servers with the response cache on (a hit sends the bytes it kept: compressed once per entry, not per
 * request). Each `on` figure is reported against the `off` one of the same scenario (req/s ratio, CPU per request
 * ratio), with the bytes each answer puts on the wire.
 *
 * Before the load, the levels: each answer compressed in this process with gzip 1, 6 and 9 and brotli 1, 4, 5 and
 * 6, in one synchronous call with the window fitted to the answer as the service does (CPU ms per answer, the
 * median of 30, and the bytes): with the load figures, what the levels of src/http/compression/codec.ts were
 * chosen from.
 */
import { request } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { brotliWindow } from '../../src/http/compression/codec';
import { combineSlices as combine, type GroupOptions, load, type LoadResult, rotate } from './load';
import { type Proc, SERVER, start, stop, waitReady } from './procs';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The bytes one request puts on the wire (body only) and its Content-Encoding, over node:http (which decodes nothing). */
function sizeOf(url: string): Promise<{ bytes: number; coding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: BROWSER }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ bytes, coding: String(res.headers['content-encoding'] ?? 'identity') }));
    })
      .on('error', reject)
      .end();
  });
}

/** CPU ms of one compression (median of `runs`) and the size it makes. */
function timeLevel(body: Buffer, compress: (b: Buffer) => Buffer, runs = 30): { ms: number; bytes: number } {
  let bytes = 0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    bytes = compress(body).length;
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  return { ms: times.sort((a, b) => a - b)[runs >> 1], bytes };
}

const LEVELS: Record<string, (b: Buffer) => Buffer> = {
  'gzip 1': (b) => gzipSync(b, { level: 1 }),
  'gzip 6': (b) => gzipSync(b, { level: 6 }),
  'gzip 9': (b) => gzipSync(b, { level: 9 }),
  ...Object.fromEntries(
    [1, 4, 5, 6].map((q) => [
      `brotli ${q}`,
      (b: Buffer) =>
        brotliCompressSync(b, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: q,
            [constants.BROTLI_PARAM_LGWIN]: brotliWindow(b.length),
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
          },
        }),
    ]),
  ),
};

export async function compressionComparison(
  o: GroupOptions,
): Promise<{ results: Record<string, LoadResult & { floor?: string }>; bytes: Record<string, number> }> {
  const configs: Record<string, Record<string, string>> = {
    off: { SVC_HTTP_COMPRESSION_ENABLED: 'false', SVC_CACHE_ENABLED: 'false' },
    on: { SVC_HTTP_COMPRESSION_ENABLED: 'true', SVC_CACHE_ENABLED: 'false' },
    'off, cached': { SVC_HTTP_COMPRESSION_ENABLED: 'false', SVC_CACHE_ENABLED: 'true' },
    'on, cached': { SVC_HTTP_COMPRESSION_ENABLED: 'true', SVC_CACHE_ENABLED: 'true' },
  };
  const servers: Array<{ name: string; base: string; proc: Proc }> = [];
  try {
    for (const [i, [name, extra]] of Object.entries(configs).entries()) {
      const port = o.port + i;
      servers.push({
        name,
        base: `http://127.0.0.1:${port}`,
        proc: start(SERVER, ['serve'], { ...o.env(port), ...extra }),
      });
      await waitReady(`http://127.0.0.1:${port}/api/v1/health`);
    }
    const pages: Record<string, string> = {
      'small answer (REST by slug)': `/api/v1/store/products/${o.slug}`,
      'large answer (REST list of 25)': '/api/v1/store/products?limit=25',
    };
    const scenarios = servers.flatMap((s) =>
      Object.entries(pages)
        // The cached pair measures the large answer only: a hit's cost hardly depends on the size.
        .filter(([page]) => !s.name.endsWith('cached') || page.startsWith('large'))
        .map(([page, path]) => ({ key: `${s.name}: ${page}`, server: s, page, url: `${s.base}${path}` })),
    );

    // The levels, on the very answers.
    const bytes: Record<string, number> = {};
    const off = servers[0];
    console.log('\ncompression levels on the answers (CPU ms per answer, median of 30; bytes):');
    for (const [page, path] of Object.entries(pages)) {
      const body = Buffer.from(
        await (await fetch(`${off.base}${path}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      );
      bytes[`${page}, identity`] = body.length;
      const row = Object.entries(LEVELS).map(([name, compress]) => {
        const { ms, bytes: size } = timeLevel(body, compress);
        return `${name} ${ms.toFixed(2)} ms ${(size / 1000).toFixed(1)} kB`;
      });
      console.log(`  ${page}, ${(body.length / 1000).toFixed(1)} kB: ${row.join('; ')}`);
    }
    for (const s of scenarios) {
      const { bytes: size, coding } = await sizeOf(s.url);
      bytes[`${s.key} (${coding})`] = size;
    }

    for (const s of scenarios)
      await load({ url: s.url, headers: BROWSER, seconds: o.warmupSeconds, proc: s.server.proc, warmup: false });
    const slices: Record<string, LoadResult[]> = {};
    for (let round = 0; round < o.rounds; round++)
      for (const page of Object.keys(pages))
        for (const s of rotate(
          scenarios.filter((x) => x.page === page),
          round,
        ))
          (slices[s.key] ??= []).push(
            await load({
              url: s.url,
              headers: BROWSER,
              seconds: o.seconds / o.rounds,
              proc: s.server.proc,
              warmup: false,
            }),
          );
    const results: Record<string, LoadResult & { floor?: string }> = {};
    for (const [key, parts] of Object.entries(slices)) {
      const [name, page] = key.split(': ');
      const floor = name.startsWith('on') ? `compression ${name.replace(/^on/, 'off')}: ${page}` : undefined;
      results[`compression ${key}`] = { ...combine(parts), ...(floor ? { floor } : {}) };
    }
    return { results, bytes };
  } finally {
    for (const s of servers) await stop(s.proc).catch(() => undefined);
  }
}
