import pg from 'pg';

import type { Logger } from '../logger';

/** One replica as readiness reports it. */
export interface ReplicaStatus {
  /** `host:port/database` (never the credentials). */
  name: string;
  /** `ok` (in rotation), `lagging` (behind more than `database.replica_max_lag_ms`), `unreachable`, or `not_a_replica` (promoted or misconfigured). */
  status: 'ok' | 'lagging' | 'unreachable' | 'not_a_replica';
  /** How far behind the primary it was at the last check (ms), null when unknown. */
  lagMs: number | null;
}

export interface ReplicaSetOptions {
  urls: readonly string[];
  maxLagMs: number;
  /** Connections per replica pool. */
  maxConnections: number;
  ssl: pg.PoolConfig['ssl'];
  log: Logger;
}

interface Replica {
  name: string;
  pool: pg.Pool;
  status: ReplicaStatus['status'];
  lagMs: number | null;
}

/** `X/Y` (hex halves of a WAL position) as one comparable number. */
function lsn(text: string | null): bigint | null {
  if (!text) return null;
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

function nameOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'replica';
  }
}

/**
 * The streaming replicas and their health. A check runs every quarter of the lag bound (50 ms to 1 s): it
 * samples the primary's WAL position, then asks each replica how far it has replayed. A replica's lag is the
 * age of the newest primary sample it has replayed past, so an idle primary (no new WAL) means no lag, unlike
 * `now() - pg_last_xact_replay_timestamp()`, which grows while nothing is written. A replica that does not
 * answer, is not in recovery, or lags beyond the bound leaves the rotation at once, and returns at the first
 * check it passes. Reads are spread round-robin over the replicas in rotation.
 */
export class ReplicaSet {
  private readonly replicas: Replica[];
  /** Primary WAL positions by time, newest last, kept for a few lag bounds. */
  private readonly samples: Array<{ at: number; lsn: bigint }> = [];
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private next = 0;
  private closed = false;

  constructor(
    private readonly primary: pg.Pool,
    private readonly opts: ReplicaSetOptions,
  ) {
    this.replicas = opts.urls.map((url) => {
      const pool = new pg.Pool({
        connectionString: url,
        max: opts.maxConnections,
        // A replica that stopped answering must fail fast: the statement then goes to the primary.
        connectionTimeoutMillis: 2_000,
        ssl: /[?&]sslmode=/.test(url) ? undefined : opts.ssl,
      });
      const replica: Replica = { name: nameOf(url), pool, status: 'unreachable', lagMs: null };
      pool.on('error', (err) => {
        this.markDown(replica, err);
      });
      return replica;
    });
  }

  get checkIntervalMs(): number {
    return Math.min(1000, Math.max(50, Math.floor(this.opts.maxLagMs / 4)));
  }

  /** Runs a first check (replicas start out of rotation), then keeps checking until closed. */
  async start(): Promise<void> {
    await this.check();
    const tick = () => {
      if (this.closed) return;
      this.checking = this.check().finally(() => {
        this.checking = undefined;
        if (!this.closed) this.timer = setTimeout(tick, this.checkIntervalMs).unref();
      });
    };
    this.timer = setTimeout(tick, this.checkIntervalMs).unref();
  }

  /** The pool of the next replica in rotation, or undefined when none is (reads then go to the primary). */
  pick(): { pool: pg.Pool; fail(err: unknown): void } | undefined {
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const replica = this.replicas[(this.next + i) % n];
      if (replica.status === 'ok') {
        this.next = (this.next + i + 1) % n;
        return { pool: replica.pool, fail: (err) => this.markDown(replica, err) };
      }
    }
    return undefined;
  }

  status(): ReplicaStatus[] {
    return this.replicas.map((r) => ({ name: r.name, status: r.status, lagMs: r.lagMs }));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.checking;
    await Promise.all(this.replicas.map((r) => r.pool.end().catch(() => undefined)));
  }

  private markDown(replica: Replica, err: unknown): void {
    if (replica.status === 'unreachable') return;
    replica.status = 'unreachable';
    replica.lagMs = null;
    this.opts.log.warn(
      { replica: replica.name, err: err instanceof Error ? err.message : String(err) },
      'replica out of rotation (unreachable); reads go to the primary',
    );
  }

  private async check(): Promise<void> {
    const now = Date.now();
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      this.samples.push({ at: now, lsn: lsn(rows[0].lsn)! });
    } catch {
      // The primary's own outage is readiness's business; without a fresh sample the old ones still bound the lag.
    }
    const keep = now - Math.max(this.opts.maxLagMs * 4, 5_000);
    while (this.samples.length > 1 && this.samples[0].at < keep) this.samples.shift();
    await Promise.all(this.replicas.map((r) => this.checkOne(r)));
  }

  private async checkOne(replica: Replica): Promise<void> {
    const before = replica.status;
    try {
      const { rows } = await replica.pool.query<{ recovery: boolean; replayed: string | null }>(
        'SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replayed',
      );
      const replayed = lsn(rows[0].replayed);
      if (!rows[0].recovery || replayed === null) {
        replica.status = 'not_a_replica';
        replica.lagMs = null;
      } else {
        // The newest primary sample the replica has replayed past; none: behind the oldest one kept.
        let caughtUpTo: number | undefined;
        for (let i = this.samples.length - 1; i >= 0; i--)
          if (this.samples[i].lsn <= replayed) {
            caughtUpTo = this.samples[i].at;
            break;
          }
        const oldest = this.samples[0]?.at ?? Date.now();
        replica.lagMs =
          caughtUpTo === undefined ? Date.now() - oldest + this.checkIntervalMs : Math.max(0, Date.now() - caughtUpTo);
        // The newest sample was taken during this check: a caught-up replica reads as 0, not the check's duration.
        if (caughtUpTo === this.samples[this.samples.length - 1]?.at) replica.lagMs = 0;
        replica.status = replica.lagMs > this.opts.maxLagMs ? 'lagging' : 'ok';
      }
    } catch {
      replica.status = 'unreachable';
      replica.lagMs = null;
    }
    if (replica.status !== before) {
      const line = { replica: replica.name, status: replica.status, lagMs: replica.lagMs };
      if (replica.status === 'ok') this.opts.log.info(line, 'replica in rotation');
      else this.opts.log.warn(line, 'replica out of rotation; reads go to the primary');
    }
  }
}
