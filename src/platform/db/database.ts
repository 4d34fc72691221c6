import { createHash } from 'node:crypto';
import { join } from 'node:path';

import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';

import { PrismaClient } from '../../generated/prisma/client';
import { PLANNED_PER_CALL } from '../../shared/planned-per-call';
import { TextMemo } from '../../shared/text-memo';
import { ConfigError } from '../config/load';
import { ensureWritableDir } from '../ensure-dir';
import type { Logger } from '../logger';
import { observeConnectionPool } from '../telemetry';
import { lockDataDir } from './data-dir-lock';
import { EMBEDDED_EXTENSIONS } from './embedded-extensions';
import { initEmbeddedCluster } from './embedded-initdb';
import { pgExecutor, pgliteExecutor, type SqlExecutor } from './migrator';
import { countingAdapter } from './query-stats';
import { replicaRoutingAdapter } from './read-routing-adapter';
import { ReplicaSet } from './replicas';
import { type CommittedWriteListener, watchingWrites } from './write-watch';

export type Db = PrismaClient;

/** An open database: the Prisma client plus what start-up, health and shutdown need. */
export interface Database {
  prisma: PrismaClient;
  kind: 'embedded' | 'postgres';
  /** Raw access for the migration runner. */
  executor: SqlExecutor;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * With `database.replica_urls`: the replicas and their health, and a client of the same database whose plain
   * reads outside a transaction go to a replica in rotation (everything else to the primary). Requests that may
   * read from a replica use it in place of `prisma` (see src/context/read-routing.ts); absent without replicas.
   */
  replicas?: { set: ReplicaSet; prisma: PrismaClient };
  /** The embedded instance (the response cache listens on it for retired keys); absent on PostgreSQL. */
  pglite?: PGlite;
}

export interface DatabaseOptions {
  url: string;
  dataDir: string;
  maxConnections: number;
  tls: string;
  /** Name repeated statements (PostgreSQL only); off behind a pooler that cannot keep them. Default true. */
  preparedStatements?: boolean;
  log: Logger;
  /** PGlite's compiled code, when the caller already holds it (see EmbeddedAssets). */
  embeddedAssets?: EmbeddedAssets;
  /** Called after each committed write to store data (the response cache's generation bump; see write-watch.ts). */
  onCommittedWrite?: CommittedWriteListener;
  /** Streaming replicas of `url` (`database.replica_urls`) and the lag past which one leaves the rotation. */
  replicaUrls?: readonly string[];
  replicaMaxLagMs?: number;
}

/**
 * PGlite's compiled WebAssembly module and its file-system bundle. A process that opens many embedded databases
 * (a test worker: one per test file) loads them once and passes them in; otherwise PGlite reads and compiles its
 * 15 MB of code and data on every open.
 */
export type EmbeddedAssets = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>>;

/** The driver adapter as the service uses it: statements counted, committed store writes reported. */
function wrapAdapter<F extends SqlDriverAdapterFactory>(factory: F, opts: DatabaseOptions): F {
  return countingAdapter(opts.onCommittedWrite ? watchingWrites(factory, opts.onCommittedWrite) : factory);
}

/**
 * The embedded database's memory. PGlite runs PostgreSQL inside the process, and its defaults (128 MB of shared
 * buffers, 64 MB of maintenance memory) are all touched at start-up: about 140 MB of the service's resident
 * memory, and seconds of start-up zeroing it. 16 MB of buffers keep a small shop's hot catalog pages; the
 * operating system's page cache still holds the data files beneath them.
 */
export const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=1MB'],
];

/** Opens PostgreSQL through `pg` when a URL is configured, else the embedded PGlite in `<data_dir>/db`. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts);
  if (opts.replicaUrls?.length) throw new ConfigError('database.replica_urls: needs database.url (PostgreSQL)');
  const dir = join(opts.dataDir, 'db');
  ensureWritableDir(dir, 'data_dir');
  const unlock = lockDataDir(opts.dataDir);
  let instance: PGlite;
  try {
    await initEmbeddedCluster(dir, EMBEDDED_START_PARAMS);
    instance = await PGlite.create(dir, {
      startParams: EMBEDDED_START_PARAMS,
      extensions: EMBEDDED_EXTENSIONS,
      ...opts.embeddedAssets,
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const prisma = new PrismaClient({ adapter: wrapAdapter(new PrismaPGlite(instance), opts) });
  return {
    prisma,
    kind: 'embedded',
    pglite: instance,
    executor: pgliteExecutor(instance),
    ping: () =>
      instance.query('select 1').then(
        () => true,
        () => false,
      ),
    async close() {
      await prisma.$disconnect();
      // Closed already when the database was taken away under the service (the outage tests do).
      if (!instance.closed) await instance.close();
      unlock();
    },
  };
}

async function openPostgres(opts: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.maxConnections,
    // An unreachable host fails the connection attempt in bounded time instead of hanging start or a request.
    connectionTimeoutMillis: 10_000,
    ...tlsOptions(opts),
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => opts.log.error({ err: err.message }, 'postgres pool error'));
  observeConnectionPool('primary', pool);
  // The adapter types the generator as always naming; `undefined` is what it passes itself without one (unnamed).
  const naming =
    opts.preparedStatements === false
      ? {}
      : { statementNameGenerator: preparedStatementName as (query: { sql: string }) => string };
  const prisma = new PrismaClient({ adapter: wrapAdapter(new PrismaPg(pool, naming), opts) });
  const replicas = opts.replicaUrls?.length ? await openReplicas(pool, naming, opts) : undefined;
  return {
    prisma,
    kind: 'postgres',
    executor: pgExecutor(pool),
    ping: () =>
      pool.query('select 1').then(
        () => true,
        () => false,
      ),
    replicas,
    async close() {
      await replicas?.prisma.$disconnect();
      await replicas?.set.close();
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

/** The replicas (checked once before start goes on) and the client whose plain reads they answer. */
async function openReplicas(
  pool: pg.Pool,
  naming: ConstructorParameters<typeof PrismaPg>[1],
  opts: DatabaseOptions,
): Promise<NonNullable<Database['replicas']>> {
  const set = new ReplicaSet(pool, {
    urls: opts.replicaUrls!,
    maxLagMs: opts.replicaMaxLagMs ?? 1000,
    maxConnections: opts.maxConnections,
    // `database.tls` applies to replicas too (an `sslmode` in a replica's own URL wins); warned about once, above.
    ssl: tlsOptions({ ...opts, url: '', log: { warn: () => undefined } as unknown as Logger }).ssl,
    log: opts.log,
  });
  // A replica down at start is only out of rotation: the service starts and reads from the primary.
  await set.start();
  for (const r of set.status()) opts.log.info({ replica: r.name, status: r.status, lagMs: r.lagMs }, 'replica');
  const routed = replicaRoutingAdapter(new PrismaPg(pool, naming), set, (p) => new PrismaPg(p, naming));
  return { set, prisma: new PrismaClient({ adapter: wrapAdapter(routed, opts) }) };
}

const names = new TextMemo<string>();
/** Most distinct statement texts kept prepared (per connection, on the server); past it, statements run unnamed. */
const MAX_PREPARED = 1000;

/**
 * Names a statement so each connection parses and plans it once and then only binds and executes it (the
 * catalog pages run the same few statements over and over). Texts with an expanded `IN ($1,$2,…)` list, which
 * Prisma writes for `in` filters, differ with every list length and stay unnamed, as does anything past
 * {@link MAX_PREPARED} distinct texts, so prepared statements cannot pile up on the server. A text marked
 * {@link PLANNED_PER_CALL} stays unnamed too: PostgreSQL plans it for each call's values.
 */
export function preparedStatementName(query: { sql: string }): string | undefined {
  const known = names.get(query.sql);
  if (known) return known;
  if (
    names.size >= MAX_PREPARED ||
    query.sql.includes(PLANNED_PER_CALL) ||
    /\bIN \(\$\d+,/.test(query.sql) ||
    !/^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i.test(query.sql)
  )
    return undefined;
  const name = `svc_${createHash('sha1').update(query.sql).digest('hex')}`;
  names.set(query.sql, name);
  return name;
}

/** `sslmode` in the URL wins; otherwise `database.tls` applies (spec: TLS required by default). */
export function tlsOptions(opts: Pick<DatabaseOptions, 'url' | 'tls' | 'log'>): Pick<pg.PoolConfig, 'ssl'> {
  if (/[?&]sslmode=/.test(opts.url)) {
    if (/[?&]sslmode=disable/.test(opts.url)) opts.log.warn('database TLS is disabled (sslmode=disable)');
    return {};
  }
  switch (opts.tls) {
    case 'disable':
      opts.log.warn('database TLS is disabled (database.tls=disable)');
      return { ssl: false };
    case 'verify-full':
      return { ssl: { rejectUnauthorized: true } };
    default:
      return { ssl: { rejectUnauthorized: false } };
  }
}
