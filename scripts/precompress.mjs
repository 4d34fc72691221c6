#!/usr/bin/env node
// Precompressed copies of the static files the service sends (brotli at quality 11 and gzip at level 9: paid once
// at build, never per request), read by src/http/compression/static-files.ts, which sends a copy to a client
// whose Accept-Encoding allows it and falls back to compressing once in memory (or to the file unencoded) when a
// copy is missing. Two layouts:
//   beside: `<file>.br` and `<file>.gz` next to each file of a build output (the admin's, from its Vite build:
//           admin/vite.config.ts);
//   store:  `<store>/<sha-256 of the file>.br|.gz` for files in folders the build does not own (GraphiQL's and
//           Swagger UI's in node_modules, the plugins' assets: scripts/copy-build-assets.js), so a copy never
//           stands for other bytes than the ones it was made from.
// A copy is written only when it is smaller than the file. The files are compressed on libuv's thread pool, a few
// at a time (brotli 11 takes seconds on a megabyte). CLI: node scripts/precompress.mjs --beside <dir>… |
// --store <store> <file>…
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';

/** What is worth compressing (images, fonts and archives are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|svg|json|map|txt|xml|wasm)$/i;

const brotli = (body) =>
  promisify(brotliCompress)(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
const gzip = (body) => promisify(gzipCallback)(body, { level: 9 });

/** Writes `<base>.br` and `<base>.gz` for `body` when smaller; resolves to the bytes before and after. */
async function writeCopies(body, base) {
  const sizes = { identity: body.length, br: body.length, gzip: body.length };
  const copies = [
    ['br', '.br', brotli],
    ['gzip', '.gz', gzip],
  ];
  await Promise.all(
    copies.map(async ([coding, suffix, encode]) => {
      const encoded = await encode(body);
      if (encoded.length >= body.length) return;
      writeFileSync(base + suffix, encoded);
      sizes[coding] = encoded.length;
    }),
  );
  return sizes;
}

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : [],
  );

/** Runs `task` over `items`, four at a time (the thread pool's size); resolves to the results in order. */
async function pooled(items, task) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return results;
}

const total = (rows) =>
  rows.reduce(
    (sum, row) => ({ identity: sum.identity + row.identity, br: sum.br + row.br, gzip: sum.gzip + row.gzip }),
    { identity: 0, br: 0, gzip: 0 },
  );

/** `<file>.br`/`.gz` beside every compressible file under `dir`; resolves to the total sizes. */
export async function precompressBeside(dir) {
  const all = files(dir).filter((file) => COMPRESSIBLE.test(file));
  return total(await pooled(all, (file) => writeCopies(readFileSync(file), file)));
}

/** `<store>/<sha-256>.br`/`.gz` for each of `paths` (files, or folders taken whole); resolves to the total sizes. */
export async function precompressInto(store, paths) {
  mkdirSync(store, { recursive: true });
  const all = paths
    .flatMap((path) => (statSync(path).isDirectory() ? files(path) : [path]))
    .filter((file) => COMPRESSIBLE.test(file));
  return total(
    await pooled(all, (file) => {
      const body = readFileSync(file);
      const base = join(store, createHash('sha256').update(body).digest('hex'));
      // The name is the content: a copy made by an earlier build is the same copy.
      if (existsSync(`${base}.br`) || existsSync(`${base}.gz`)) return { identity: 0, br: 0, gzip: 0 };
      return writeCopies(body, base);
    }),
  );
}

/** One line for a build log: the bytes before and after. */
export const describe = (what, sizes) =>
  sizes.identity
    ? `precompressed ${what}: ${(sizes.identity / 1000).toFixed(0)} kB → brotli ${(sizes.br / 1000).toFixed(0)} kB, gzip ${(sizes.gzip / 1000).toFixed(0)} kB`
    : `precompressed ${what}: the copies of an earlier build are current`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode === '--beside' && rest.length)
    for (const dir of rest) console.log(describe(dir, await precompressBeside(dir)));
  else if (mode === '--store' && rest.length > 1)
    console.log(describe(rest[0], await precompressInto(rest[0], rest.slice(1))));
  else {
    console.error('usage: precompress.mjs --beside <dir>… | --store <store> <file or dir>…');
    process.exit(2);
  }
}
