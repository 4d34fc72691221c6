/**
 * Writes the OpenAPI 3.1 document of the REST surface to `schema/openapi.json`; with `--check` it only compares
 * and exits 1 when the committed file drifted from the route table, the operations or the schema (CI).
 */
import 'reflect-metadata';

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { renderOpenApi } from '../app/openapi';
import { packageRoot } from '../src/platform/paths';

const file = join(packageRoot(), 'schema', 'openapi.json');
const text = renderOpenApi();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // a missing file counts as drift
  }
  if (current !== text) {
    console.error('schema/openapi.json is out of date: run `npm run openapi:emit`');
    process.exit(1);
  }
  console.log('schema/openapi.json matches the code');
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
