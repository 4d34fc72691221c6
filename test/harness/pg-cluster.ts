import { execFile } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import pg from 'pg';

import { stablePort } from './free-port';

const run = promisify(execFile);
export const PG_BIN = process.env.SVC_TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Whether PostgreSQL's own binaries are here to build a throwaway primary and replica. */
export const pgBinariesPresent = existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_basebackup'));

/** PostgreSQL refuses to run as root: as root, the server binaries run as the `postgres` user. */
function asServerUser(bin: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const path = join(PG_BIN, bin);
  return userInfo().uid === 0 ? run('runuser', ['-u', 'postgres', '--', path, ...args]) : run(path, args);
}

export interface PgNode {
  port: number;
  dir: string;
  url(database?: string): string;
  start(): Promise<void>;
  /** `fast` (the default): a clean shutdown; `immediate`: like a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  running: boolean;
}

export interface PgCluster {
  primary: PgNode;
  replica: PgNode;
  /** The database the cluster was created with (on both nodes). */
  database: string;
  /** Waits until the replica has replayed everything the primary wrote so far. */
  waitForReplay(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function node(dir: string, port: number): PgNode {
  const self: PgNode = {
    port,
    dir,
    running: false,
    url: (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}?sslmode=disable`,
    async start() {
      try {
        await asServerUser('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
      } catch (err) {
        // pg_ctl says only "Examine the log output": the log goes with the error (the folder is deleted after).
        const log = existsSync(join(dir, 'server.log'))
          ? readFileSync(join(dir, 'server.log'), 'utf8').slice(-2000)
          : '';
        throw new Error(`${(err as Error).message}\nserver.log (last lines):\n${log}`, { cause: err });
      }
      self.running = true;
    },
    async stop(mode = 'fast') {
      await asServerUser('pg_ctl', ['-D', dir, '-m', mode, '-w', '-t', '60', 'stop']);
      self.running = false;
    },
  };
  return self;
}

/**
 * A temporary primary and a streaming replica of it (`initdb`, `pg_basebackup -R`) on free loopback ports in a
 * temp folder, with durability off (a test's data need not survive a power cut) and a small WAL keep so a
 * replica stopped for a while catches up by streaming. `close` stops both and deletes the folder.
 */
export async function startPgCluster(database = 'svc'): Promise<PgCluster> {
  const root = mkdtempSync(join(tmpdir(), 'svc-pgcluster-'));
  chmodSync(root, 0o755);
  if (userInfo().uid === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const [primaryPort, replicaPort] = [await stablePort(), await stablePort()];
  const primary = node(join(root, 'primary'), primaryPort);
  const replica = node(join(root, 'replica'), replicaPort);
  try {
    await asServerUser('initdb', ['-D', primary.dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const settings = [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${root}'`,
      'wal_level = replica',
      'max_wal_senders = 5',
      'wal_keep_size = 256MB',
      'hot_standby = on',
      'hot_standby_feedback = on',
      'fsync = off',
      'full_page_writes = off',
      'max_connections = 200',
      'shared_buffers = 32MB',
    ];
    appendFileSync(join(primary.dir, 'postgresql.conf'), `\n${settings.join('\n')}\n`);
    await primary.start();
    const admin = new pg.Client({ connectionString: primary.url() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    await asServerUser('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replica.dir,
      '-R',
      '-X',
      'stream',
      // An immediate checkpoint: the default spreads it over minutes.
      '-c',
      'fast',
      '--no-sync',
    ]);
    appendFileSync(join(replica.dir, 'postgresql.auto.conf'), `\nport = ${replicaPort}\n`);
    await replica.start();
  } catch (err) {
    for (const n of [replica, primary]) if (n.running) await n.stop('immediate').catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  return {
    primary,
    replica,
    database,
    async waitForReplay(timeoutMs = 15_000) {
      const p = new pg.Client({ connectionString: primary.url(database) });
      const r = new pg.Client({ connectionString: replica.url(database) });
      await Promise.all([p.connect(), r.connect()]);
      try {
        const { rows } = await p.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
        const until = Date.now() + timeoutMs;
        for (;;) {
          const { rows: caught } = await r.query<{ ok: boolean }>(
            'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok',
            [rows[0].lsn],
          );
          if (caught[0].ok) return;
          if (Date.now() > until) throw new Error('the replica did not catch up in time');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await Promise.all([p.end(), r.end()]);
      }
    },
    async close() {
      for (const n of [replica, primary]) if (n.running) await n.stop('immediate').catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
