/**
 * Writes the SDL of the decorated resolvers to `schema/schema.graphql`; with `--check` it only compares and
 * exits 1 when the committed file drifted from the code (CI).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printAppSchema } from '../src/app/domains';
import { packageRoot } from '../src/platform/paths';

const file = join(packageRoot(), 'schema', 'schema.graphql');
const sdl = printAppSchema();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // missing file counts as drift
  }
  if (current !== sdl) {
    console.error('schema/schema.graphql is out of date: run `npm run schema:emit`');
    process.exit(1);
  }
  console.log('schema/schema.graphql matches the code');
} else {
  writeFileSync(file, sdl);
  console.log(`wrote ${file}`);
}
