import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { EMBEDDED_START_PARAMS } from '../../src/platform/db/database';
import { EMBEDDED_EXTENSIONS } from '../../src/platform/db/embedded-extensions';
import { initEmbeddedCluster } from '../../src/platform/db/embedded-initdb';
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
 * A migrated embedded database cluster in `.test-cache/pglite-<hash>/`, built once per migration set. A test
 * server copies the folder into its data folder and opens it the way `npm start` opens `<data_dir>/db`: the
 * copy (41 MB) and open take about 0.3 s, where initdb plus migrations take several seconds. An earlier
 * template was a tarball loaded into PGlite's in-memory file system; unpacking it in JavaScript cost about 0.5 s
 * of every server start, and in a profile 8 of the suite's 62 busy seconds plus much of its garbage collection
 * (docs/decisions.md, D-279).
 */
export async function ensureTemplate(): Promise<string> {
  const cache = join(packageRoot(), '.test-cache');
  const name = `pglite-${migrationsHash()}`;
  const dir = join(cache, name);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  mkdirSync(cache, { recursive: true });
  // Templates of other migration sets (and the older tarballs) are dead weight: 41 MB each.
  for (const entry of readdirSync(cache)) {
    if (entry.startsWith('pglite-') && entry !== name && !entry.includes('.tmp')) {
      rmSync(join(cache, entry), { recursive: true, force: true });
    }
  }
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  // initdb in a child process: in this one it would leave the Jest parent holding 600 MB for the whole run.
  await initEmbeddedCluster(tmp, EMBEDDED_START_PARAMS);
  const db = await PGlite.create(tmp, { startParams: EMBEDDED_START_PARAMS, extensions: EMBEDDED_EXTENSIONS });
  await applyMigrations(pgliteExecutor(db), migrationsDir());
  await db.close();
  try {
    renameSync(tmp, dir);
  } catch (err) {
    // Another process built the same template at the same time: theirs is as good as ours.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(join(dir, 'PG_VERSION'))) throw err;
  }
  return dir;
}

/** Copies the template cluster to `<dataDir>/db`, where the service opens its embedded database. */
export function copyTemplate(template: string, dataDir: string): void {
  cpSync(template, join(dataDir, 'db'), { recursive: true });
}

/**
 * Where test servers keep their data folders: `SVC_TEST_TMPDIR` when set, else /dev/shm when it is a memory file
 * system with room to spare (2 GB: three workers each hold a server or two of about 45 MB), else the system's
 * temporary folder. On a disk the embedded database's page writes and the template copies cost a system call each
 * through the file system's journal: measured, `npm test` spent 105 s of system time on /tmp against 22 s on
 * /dev/shm, and took 225 s against 169–171 s (D-280).
 */
export function testDataRoot(): string {
  if (process.env.SVC_TEST_TMPDIR) return process.env.SVC_TEST_TMPDIR;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize >= 2 * 1024 ** 3) return '/dev/shm';
  } catch {
    // No /dev/shm (macOS, Windows): the system's temporary folder.
  }
  return tmpdir();
}
