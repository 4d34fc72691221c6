/**
 * npm run db:check
 *
 * CI drift check: replays prisma/migrations on an in-memory shadow database and diffs the result against the
 * Prisma schema. Exit 0 when they match; exit 1 and print the SQL a new migration would contain when not.
 */
import fs from 'node:fs';
import path from 'node:path';

import {
  engineErrorMessage,
  LOCKFILE,
  MIGRATIONS_DIR,
  NO_FILTER,
  readMigrationsList,
  readSchemaFiles,
  startEngine,
} from './lib/schema-engine';

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(MIGRATIONS_DIR, LOCKFILE))) {
    console.error(`no ${LOCKFILE} in ${MIGRATIONS_DIR}: create the first migration with npm run db:migration -- init`);
    return 1;
  }
  const session = await startEngine({ verbose: !!process.env.DEBUG_SCHEMA_ENGINE });
  try {
    const result = await session.engine.diff({
      from: { tag: 'migrations', ...readMigrationsList() },
      to: { tag: 'schemaDatamodel', files: readSchemaFiles() },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    });
    if (result.exitCode === 0) {
      console.log('migrations match schema');
      return 0;
    }
    console.error('migrations drift from the schema; a new migration would contain:\n');
    console.error(result.stdout ?? '');
    console.error('run: npm run db:migration -- <name>');
    return 1;
  } finally {
    await session.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(engineErrorMessage(e));
    process.exit(1);
  },
);
