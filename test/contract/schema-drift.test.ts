import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printAppSchema } from '../../src/app/domains';
import { packageRoot } from '../../src/platform/paths';

const root = packageRoot();

describe('generated artefacts match the code', () => {
  it('schema/schema.graphql is the SDL of the resolvers (run `npm run schema:emit`)', () => {
    expect(readFileSync(join(root, 'schema/schema.graphql'), 'utf8')).toBe(printAppSchema());
  });

  // Both checks run as child processes: the code generator and the schema engine load ES modules jest cannot.
  const run = (args: string[]) =>
    execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });

  it('src/generated/graphql.ts is what codegen makes of the schema and operations (run `npm run codegen`)', () => {
    expect(() =>
      run([join(root, 'node_modules/@graphql-codegen/cli/cjs/bin.js'), '--config', 'codegen.yml', '--check']),
    ).not.toThrow();
  }, 60_000);

  it('prisma/migrations produce exactly the Prisma schema (run `npm run db:migration -- <name>`)', () => {
    expect(run(['-r', '@swc-node/register', 'scripts/db-check.ts'])).toMatch(/migrations match schema/);
  }, 120_000);
});
