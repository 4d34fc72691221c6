#!/usr/bin/env node
/**
 * `npm run check`: everything CI checks without a server or a database, in about a minute. The steps run side by
 * side (as many at a time as the machine has cores), each one's output is shown only when it fails, and the
 * summary gives each step's time. `npm run check -- lint types` runs the steps whose names contain a word.
 *
 * Type-checking and linting keep caches in node_modules/.cache (tsc's build info, ESLint's per-file results),
 * so a second run re-checks only what changed. A lint cache entry is keyed on the file's content: a change in
 * another file that alters what a cached file means (a function becoming async) is seen on the next full run
 * (`rm -rf node_modules/.cache` or CI, which starts without it).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const STEPS = [
  [
    'types (tsc, service)',
    'npx tsc --noEmit -p . --incremental --tsBuildInfoFile node_modules/.cache/tsc/root.tsbuildinfo',
  ],
  [
    'types (tsc, admin)',
    'npx tsc --noEmit -p admin --incremental --tsBuildInfoFile node_modules/.cache/tsc/admin.tsbuildinfo',
  ],
  ['types (tsc, storefront)', 'npm run --silent typecheck --workspace storefront'],
  [
    'lint (ESLint, typed)',
    'npx eslint . --max-warnings 0 --cache --cache-strategy content --cache-location node_modules/.cache/eslint/',
  ],
  [
    'format (Prettier)',
    'npx prettier --check . --log-level warn --cache --cache-strategy content --cache-location node_modules/.cache/prettier/cache',
  ],
  ['layers (dependency-cruiser)', 'npm run --silent check:layers'],
  ['drift: schema/schema.graphql', 'npm run --silent schema:check'],
  ['drift: codegen outputs', 'npx graphql-codegen --config codegen.yml --check'],
  ['drift: schema/openapi.json', 'npm run --silent openapi:check'],
  ['drift: prisma/migrations', 'npm run --silent db:check'],
  ['drift: docs/decisions.md contents', 'node scripts/decisions-toc.mjs --check'],
];

const filters = process.argv.slice(2);
const steps = filters.length ? STEPS.filter(([name]) => filters.some((f) => name.includes(f))) : STEPS;
const started = Date.now();
const results = [];

function run([name, command]) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)\n`);
      if (!ok) process.stdout.write(`---- ${command}\n${output.trimEnd()}\n----\n`);
      results.push({ name, ok, seconds });
      resolve();
    });
  });
}

// The longest steps (type-checking and typed linting) start first; the short ones fill in beside them.
const queue = [...steps];
const workers = Array.from({ length: Math.max(2, availableParallelism()) }, async () => {
  while (queue.length) await run(queue.shift());
});
await Promise.all(workers);

const failed = results.filter((r) => !r.ok);
const total = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\n${steps.length - failed.length}/${steps.length} checks passed in ${total} s`);
if (failed.length) {
  console.log(`failed: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
