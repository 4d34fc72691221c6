import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { EMBEDDED_START_PARAMS } from '../../src/platform/db/database';
import { applyMigrations, pgliteExecutor } from '../../src/platform/db/migrator';
import { migrationsDir, packageRoot } from '../../src/platform/paths';

/** Hash of every migration file: the template is rebuilt exactly when a migration changes. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const dir = migrationsDir();
  for (const name of readdirSync(dir).sort()) {
    const file = join(dir, name, 'migration.sql');
    if (existsSync(file)) hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated embedded database dumped to a tarball, built once per migration set. Loading it takes about
 * half a second, where initdb plus migrations would take several per test file. The tarball is not compressed
 * (43 MB against 5 MB): inflating the gzip cost 0.3 s of every test server's start.
 */
export async function ensureTemplate(): Promise<string> {
  const dir = join(packageRoot(), '.test-cache');
  const file = join(dir, `pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create();
  await applyMigrations(pgliteExecutor(db), migrationsDir());
  const dump = await db.dumpDataDir('none');
  await db.close();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  return file;
}

export async function openTemplateCopy(file: string): Promise<PGlite> {
  const data = readFileSync(file);
  // The service's memory settings, so tests run the embedded database as `npm start` does (and use less memory).
  return PGlite.create({ loadDataDir: new Blob([data]), startParams: EMBEDDED_START_PARAMS });
}
