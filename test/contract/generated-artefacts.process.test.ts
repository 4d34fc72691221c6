import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

import { packageRoot } from '../../src/platform/paths';

const root = packageRoot();

/**
 * The generated files that need a child process to check: the code generator and the schema engine load ES modules
 * jest cannot. A system test (`npm run test:all`, CI) because the two processes take about 20 s of CPU; the SDL is
 * checked in process by schema-drift.test.ts, and `npm run check` checks all of them.
 */
describe('generated artefacts match the code (child processes)', () => {
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
