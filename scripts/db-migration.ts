/**
 * npm run db:migration -- <name>
 *
 * Writes prisma/migrations/<timestamp>_<name>/migration.sql with what `prisma migrate dev --create-only` would
 * write, but offline: the wasm schema engine replays the existing migrations on an in-memory PGlite and diffs
 * them against prisma/schema.prisma + prisma/models/*.prisma. Writes nothing when there is no change.
 *
 * Review the file afterwards: hand-written SQL (NULLS NOT DISTINCT, CHECK constraints, see schema.prisma) is
 * invisible to the engine, so a migration that recreates one of those indexes must get the clause back by hand.
 */
import fs from 'node:fs';
import path from 'node:path';

import {
  engineErrorMessage,
  LOCKFILE,
  LOCKFILE_CONTENT,
  MIGRATIONS_DIR,
  NO_FILTER,
  readMigrationsList,
  readSchemaFiles,
  startEngine,
} from './lib/schema-engine';

async function main(): Promise<number> {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/i.test(name)) {
    console.error('usage: npm run db:migration -- <name>   (letters, digits, underscores)');
    return 2;
  }
  const started = Date.now();
  const session = await startEngine({ verbose: !!process.env.DEBUG_SCHEMA_ENGINE });
  try {
    const migrationsList = readMigrationsList();
    // Order matters: createMigration alone fails; the engine expects the dev flow's earlier steps to have run.
    await session.engine.applyMigrations({ migrationsList, filters: NO_FILTER });
    const diagnostic = await session.engine.devDiagnostic({ migrationsList, filters: NO_FILTER });
    if (diagnostic.action.tag === 'reset') {
      // Only possible when existing migrations fail to replay or were edited inconsistently.
      console.error(`the existing migrations do not replay cleanly: ${diagnostic.action.reason}`);
      return 1;
    }
    const out = await session.engine.createMigration({
      draft: false,
      migrationName: name,
      migrationsList,
      schema: { files: readSchemaFiles() },
      filters: NO_FILTER,
    });
    if (out.migrationScript === null) {
      console.log('no changes');
      return 0;
    }
    const dir = path.join(MIGRATIONS_DIR, out.generatedMigrationName);
    if (fs.existsSync(dir)) throw new Error(`${dir} already exists`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `migration.${out.extension}`), out.migrationScript, 'utf8');
    fs.writeFileSync(path.join(MIGRATIONS_DIR, LOCKFILE), LOCKFILE_CONTENT, 'utf8');
    console.log(`created ${path.relative(process.cwd(), dir)}/migration.${out.extension} (${Date.now() - started} ms)`);
    return 0;
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
