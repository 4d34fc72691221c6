/**
 * Applies prisma/migrations/<name>/migration.sql in name order, the way `prisma migrate deploy` does.
 *
 * Why not the Prisma CLI: it needs a native schema engine that it downloads at run time, and the service must
 * migrate offline (and on the embedded PGlite). This runner keeps Prisma's bookkeeping byte-compatible, so the
 * Prisma tooling (and scripts/db-check.ts) sees a database migrated here as up to date:
 *   - the same `_prisma_migrations` table DDL and the same row contents (checksum = sha256 hex of the file);
 *   - the same advisory lock key, so two instances, or this runner and Prisma, never migrate concurrently.
 * One difference, deliberately: the bookkeeping row is written in the migration's own transaction, so a crash
 * mid-migration leaves nothing behind (Prisma would leave a "failed" row needing `migrate resolve`).
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import type { ClientBase, Pool, PoolClient } from 'pg';

export interface SqlExecutor {
  /** Runs a script that may hold several statements (simple query protocol). */
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Executors that pinned a pooled connection give it back here (applyMigrations calls it when done). */
  release?(): Promise<void> | void;
}

/** Prisma's own key (schema engine, postgres flavour). */
const LOCK_KEY = 72707369;

/** Verbatim from the schema engine, so the table is identical to one Prisma created. */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);
`;

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | string | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | string | null;
}

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/**
 * prisma/migrations of this package, found by walking up from this file rather than from process.cwd(), so it
 * works from src (swc) and from dist (tsc output), wherever the process was started.
 */
export function defaultMigrationsDir(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'prisma', 'migrations');
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`prisma/migrations not found in any parent folder of ${__dirname}`);
}

function readMigrations(dir: string): MigrationFile[] {
  if (!fs.existsSync(dir)) throw new Error(`migrations folder not found: ${dir}`);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort((a, b) => a.localeCompare(b)) // Prisma's order; names start with a UTC timestamp
    .map((name) => {
      // Checksum over the raw bytes: that is what Prisma stores. A CRLF checkout would change it,
      // hence `*.sql text eol=lf` in .gitattributes.
      const bytes = fs.readFileSync(path.join(dir, name, 'migration.sql'));
      return { name, sql: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') };
    });
}

/** Names of the migrations in `dir` that the database has not applied (readiness reports them). */
export async function pendingMigrations(db: SqlExecutor, dir: string = defaultMigrationsDir()): Promise<string[]> {
  const names = readMigrations(dir).map((m) => m.name);
  const [{ exists }] = await db.query<{ exists: boolean }>(
    `SELECT to_regclass('_prisma_migrations') IS NOT NULL AS "exists"`,
  );
  if (!exists) return names;
  const done = new Set(
    (
      await db.query<{ migration_name: string }>(
        `SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
      )
    ).map((r) => r.migration_name),
  );
  return names.filter((n) => !done.has(n));
}

export async function applyMigrations(
  db: SqlExecutor,
  migrationsDir: string = defaultMigrationsDir(),
  log: (msg: string) => void = () => {},
): Promise<string[]> {
  const files = readMigrations(migrationsDir);
  const applied: string[] = [];
  try {
    await db.query(`SELECT pg_advisory_lock(${LOCK_KEY})`);
    try {
      const [{ exists }] = await db.query<{ exists: boolean }>(
        `SELECT to_regclass('_prisma_migrations') IS NOT NULL AS "exists"`,
      );
      if (!exists) await db.exec(CREATE_MIGRATIONS_TABLE);

      const rows = await db.query<MigrationRow>(
        `SELECT "id", "checksum", "finished_at", "migration_name", "logs", "rolled_back_at"
           FROM "_prisma_migrations" ORDER BY "started_at" ASC`,
      );
      // Same rule as Prisma: rolled-back rows are history only; an unfinished one blocks everything.
      const live = rows.filter((r) => r.rolled_back_at === null);
      const failed = live.filter((r) => r.finished_at === null);
      if (failed.length > 0) {
        const f = failed[0];
        throw new Error(
          `migration ${f.migration_name} failed earlier and blocks further migrations` +
            (f.logs ? ` (${f.logs.split('\n')[0]})` : '') +
            `. Repair the database by hand, then mark it rolled back: UPDATE "_prisma_migrations" SET ` +
            `rolled_back_at = now() WHERE id = '${f.id}'`,
        );
      }
      const done = new Map(live.map((r) => [r.migration_name, r]));
      const known = new Set(files.map((f) => f.name));
      for (const file of files) {
        const row = done.get(file.name);
        if (row && row.checksum !== file.checksum) {
          throw new Error(
            `migration ${file.name} was modified after it was applied (checksum ${row.checksum} in the database, ` +
              `${file.checksum} on disk). Restore the file; put new changes in a new migration.`,
          );
        }
      }
      for (const name of done.keys()) {
        // An older build against a newer database: not fatal, but worth a line in the log.
        if (!known.has(name)) log(`migration ${name} is applied in the database but missing from ${migrationsDir}`);
      }

      for (const file of files) {
        if (done.has(file.name)) continue;
        await applyOne(db, file, log);
        applied.push(file.name);
      }
      if (applied.length === 0) log('database schema is up to date');
      return applied;
    } finally {
      await db.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
    }
  } finally {
    await db.release?.();
  }
}

async function applyOne(db: SqlExecutor, file: MigrationFile, log: (msg: string) => void): Promise<void> {
  const id = randomUUID();
  const startedAt = new Date();
  log(`applying migration ${file.name}`);
  try {
    // One transaction per migration: its DDL and its bookkeeping row commit together or not at all.
    // (Prisma runs the script as one multi-statement query, which PostgreSQL also treats as one transaction,
    // so scripts that cannot run in a transaction would fail under Prisma as well.)
    await db.exec('BEGIN');
    await db.query(
      `INSERT INTO "_prisma_migrations" ("id", "checksum", "started_at", "migration_name") VALUES ($1, $2, $3, $4)`,
      [id, file.checksum, startedAt, file.name],
    );
    await db.exec(file.sql);
    await db.query(
      `UPDATE "_prisma_migrations" SET "applied_steps_count" = "applied_steps_count" + 1, "finished_at" = $1 WHERE "id" = $2`,
      [new Date(), id],
    );
    await db.exec('COMMIT');
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    await db.exec('ROLLBACK').catch(() => undefined);
    // Record the failure the way Prisma does (finished_at null, logs set), so every instance refuses to go on
    // until someone has looked at it.
    await db
      .query(
        `INSERT INTO "_prisma_migrations" ("id", "checksum", "started_at", "migration_name", "logs") VALUES ($1, $2, $3, $4, $5)`,
        [id, file.checksum, startedAt, file.name, `Migration ${file.name} failed: ${message}`],
      )
      .catch(() => undefined);
    throw new Error(`migration ${file.name} failed: ${message}`, { cause: e });
  }
  log(`applied migration ${file.name} in ${Date.now() - startedAt.getTime()} ms`);
}

// ---- executors ----------------------------------------------------------------------------------------------

/** Anything with PGlite's exec/query (a PGlite instance or one of its transactions). */
export interface PGliteLike {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export function pgliteExecutor(pglite: PGliteLike): SqlExecutor {
  return {
    async exec(sql) {
      await pglite.exec(sql);
    },
    async query<T = Record<string, unknown>>(sql: string, params?: unknown[]) {
      return (await pglite.query<T>(sql, params)).rows;
    },
  };
}

function isPool(x: Pool | ClientBase): x is Pool {
  return typeof (x as Pool).totalCount === 'number';
}

/**
 * node-postgres Client or Pool. A pool is pinned to one connection until release(): the advisory lock and
 * BEGIN/COMMIT only mean something on a single session.
 */
export function pgExecutor(pg: Pool | ClientBase): SqlExecutor {
  let pinned: PoolClient | undefined;
  const client = async (): Promise<ClientBase> => {
    if (!isPool(pg)) return pg;
    pinned ??= await pg.connect();
    return pinned;
  };
  return {
    async exec(sql) {
      // No parameters: node-postgres uses the simple query protocol, which accepts several statements.
      await (await client()).query(sql);
    },
    async query<T = Record<string, unknown>>(sql: string, params?: unknown[]) {
      return (await (await client()).query(sql, params)).rows as T[];
    },
    release() {
      pinned?.release();
      pinned = undefined;
    },
  };
}
