#!/usr/bin/env node
// The admin dashboard's bundle budget (issue 25): the JavaScript a first visit to /admin loads before any screen
// chunk (the entry and every chunk it imports statically, per Vite's manifest), gzipped, at most 250 kB.
// `npm run admin:budget` after `npm run admin:build`; exits 1 over budget or without a build.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1000;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'admin', 'dist');

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('admin-budget: admin/dist/.vite/manifest.json is missing: run npm run admin:build first');
  process.exit(1);
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const initial = new Set();
const visit = (key) => {
  if (initial.has(key)) return;
  initial.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
entries.forEach(visit);

let total = 0;
const rows = [...initial].map((key) => {
  const file = manifest[key].file;
  const gzip = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gzip;
  return { file, gzip };
});
for (const { file, gzip } of rows.sort((a, b) => b.gzip - a.gzip))
  console.log(`${(gzip / 1000).toFixed(1).padStart(8)} kB  ${file}`);
const lazy = Object.values(manifest).filter((c) => c.file.endsWith('.js')).length - initial.size;
console.log(
  `initial JavaScript of /admin: ${(total / 1000).toFixed(1)} kB gzip (budget ${BUDGET_BYTES / 1000} kB); ${lazy} chunks load later`,
);
if (total > BUDGET_BYTES) {
  console.error('admin-budget: over budget');
  process.exit(1);
}
