/**
 * Writes the generated references in `docs/reference/` (configuration, error codes, REST routes, hooks); with
 * `--check` it only compares and exits 1 when one drifted from the code (CI).
 */
import 'reflect-metadata';

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { renderReferences } from '../app/reference-docs';
import { packageRoot } from '../src/platform/paths';

const dir = join(packageRoot(), 'docs', 'reference');
const check = process.argv.includes('--check');
let drifted = false;
mkdirSync(dir, { recursive: true });
for (const [name, text] of Object.entries(renderReferences())) {
  const file = join(dir, name);
  if (!check) {
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
    continue;
  }
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // a missing file counts as drift
  }
  if (current !== text) {
    console.error(`docs/reference/${name} is out of date: run \`npm run docs:reference\``);
    drifted = true;
  }
}
if (check && drifted) process.exit(1);
if (check) console.log('docs/reference matches the code');
