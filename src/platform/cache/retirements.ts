import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

import type { Logger } from '../logger';

/** The channel the database's triggers announce retired surrogate keys on (migration `cache_surrogate_keys`). */
export const RETIRE_CHANNEL = 'svc_cache';
/** The key every cached answer implicitly carries: announced by bulk writes and rarely written shared tables. */
export const ALL_KEYS = '*';

/**
 * The retired surrogate keys as the database announces them (triggers → `NOTIFY svc_cache`), in commit order,
 * whoever wrote: this instance, another one, the CLI, an import. `sync` is the read barrier that makes a cached
 * answer safe to serve: it resolves once every retirement committed before it was called has been delivered.
 */
export interface RetirementFeed {
  /**
   * Resolves `true` once every retirement committed before the call has been delivered to the listeners, `false`
   * when that cannot be known (the listening connection is down): the caller must then not use cached answers.
   */
  sync(): Promise<boolean>;
  /** Counts deliveries; {@link retiredSince} compares with a value read before an answer was computed. */
  readonly tick: number;
  /**
   * Whether any of `keys` (or everything) was retired after `tick`: an answer computed meanwhile may show data
   * older than that write and must not be kept.
   */
  retiredSince(tick: number, keys: Iterable<string>): boolean;
  /** Called with each delivered retirement's keys (`*` retires everything). */
  onRetire(listener: (keys: string[]) => void): void;
  close(): Promise<void>;
}

/** How many recent deliveries `retiredSince` can look back on; an answer slower than that is not kept. */
const RECENT = 2000;

/** The delivery bookkeeping shared by the transports. */
abstract class FeedBase implements RetirementFeed {
  tick = 0;
  private readonly recent: Array<{ tick: number; keys: string[] }> = [];
  private readonly listeners: Array<(keys: string[]) => void> = [];

  abstract sync(): Promise<boolean>;
  abstract close(): Promise<void>;

  onRetire(listener: (keys: string[]) => void): void {
    this.listeners.push(listener);
  }

  retiredSince(tick: number, keys: Iterable<string>): boolean {
    if (tick === this.tick) return false;
    const oldest = this.recent[0];
    if (!oldest || oldest.tick > tick + 1) return true; // looked back past what is kept: assume the worst
    const wanted = new Set(keys);
    for (let i = this.recent.length - 1; i >= 0 && this.recent[i].tick > tick; i--) {
      for (const key of this.recent[i].keys) if (key === ALL_KEYS || wanted.has(key)) return true;
    }
    return false;
  }

  protected deliver(keys: string[]): void {
    this.tick++;
    this.recent.push({ tick: this.tick, keys });
    if (this.recent.length > RECENT) this.recent.splice(0, this.recent.length - RECENT);
    for (const listener of this.listeners) listener(keys);
  }

  protected deliverPayload(payload: string): void {
    const keys = payload.split(' ').filter(Boolean);
    if (keys.length) this.deliver(keys);
  }
}

/** Markers this instance sends through the channel to itself; keys never start with `~`. */
const BARRIER_PREFIX = '~b';
/** A barrier that does not come back within this is a broken connection: bypass, reconnect. */
const BARRIER_TIMEOUT_MS = 3_000;

/**
 * PostgreSQL: one dedicated connection LISTENs on the channel. The barrier sends a marker through the same
 * channel and waits for it to come back: PostgreSQL delivers notifications in commit order, so when the marker
 * (committed after the caller arrived) is delivered, so is every retirement acknowledged before. Concurrent
 * callers share one barrier in flight when it started after they arrived, else the next one: under load a
 * barrier costs one round trip per batch of requests, not per request. The session commits its markers
 * without waiting for the WAL flush (`synchronous_commit = off`): a marker needs ordering, not durability.
 */
export class PostgresRetirementFeed extends FeedBase {
  private client: pg.Client | null = null;
  private connected = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private markers = 0;
  private readonly waiting = new Map<string, (delivered: boolean) => void>();
  private current: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;

  constructor(
    private readonly connect: () => pg.Client,
    private readonly log: Logger,
  ) {
    super();
  }

  /** Opens the listening connection; resolves once listening (or once the first attempt failed, retrying). */
  async start(): Promise<void> {
    await this.open();
  }

  sync(): Promise<boolean> {
    if (!this.connected) return Promise.resolve(false);
    // One barrier at a time on the connection: a caller joins the next one unless none is running.
    if (this.queued) return this.queued;
    if (!this.current) return this.startBarrier();
    this.queued = this.current.then(() => {
      this.queued = undefined;
      return this.startBarrier();
    });
    return this.queued;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  private startBarrier(): Promise<boolean> {
    const run = this.barrier().finally(() => {
      if (this.current === run) this.current = undefined;
    });
    this.current = run;
    return run;
  }

  private async barrier(): Promise<boolean> {
    const client = this.client;
    if (!client || !this.connected) return false;
    const marker = `${BARRIER_PREFIX}${++this.markers}`;
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<boolean>((resolve) => {
      this.waiting.set(marker, resolve);
      timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS);
    });
    try {
      await client.query('SELECT pg_notify($1, $2)', [RETIRE_CHANNEL, marker]);
      const ok = await back;
      if (!ok) this.lost(client, new Error('cache barrier timed out'));
      return ok;
    } catch (err) {
      this.lost(client, err);
      return false;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(marker);
    }
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    const client = this.connect();
    this.client = client;
    client.on('notification', (msg) => {
      if (msg.channel !== RETIRE_CHANNEL || client !== this.client) return;
      const payload = msg.payload ?? '';
      if (payload.startsWith(BARRIER_PREFIX)) return this.waiting.get(payload)?.(true);
      this.deliverPayload(payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`SET synchronous_commit = off; LISTEN ${RETIRE_CHANNEL}`);
      if (client !== this.client) return;
      // Whatever was cached before this connection listened may have missed retirements.
      this.deliver([ALL_KEYS]);
      this.connected = true;
    } catch (err) {
      this.lost(client, err);
    }
  }

  /** The connection broke: nothing cached can be trusted (retirements may be lost); bypass until reconnected. */
  private lost(client: pg.Client, err: unknown): void {
    if (client !== this.client) return;
    const wasConnected = this.connected;
    this.connected = false;
    this.client = null;
    client.end().catch(() => undefined);
    this.deliver([ALL_KEYS]);
    for (const resolve of this.waiting.values()) resolve(false);
    if (this.closed) return;
    if (wasConnected) {
      this.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'response cache: lost the database listener; store reads bypass the cache until it is back',
      );
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.open().then(() => {
        if (this.connected) this.log.info('response cache: database listener back; the cache is in use again');
      });
    }, 1_000);
    this.reconnectTimer.unref();
  }
}

/**
 * The embedded database: one process owns it, and PGlite delivers a statement's notifications before the
 * statement's promise resolves (the COMMIT's, for a transaction), so every retirement is delivered before its
 * writer hears of the commit and the barrier has nothing to wait for.
 */
export class EmbeddedRetirementFeed extends FeedBase {
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly db: PGlite) {
    super();
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(RETIRE_CHANNEL, (payload) => this.deliverPayload(payload));
  }

  sync(): Promise<boolean> {
    return Promise.resolve(true);
  }

  async close(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
  }
}

/** No cache (`cache.enabled: false`): nothing listens, nothing is ever served from a cache. */
export class DisabledRetirementFeed extends FeedBase {
  sync(): Promise<boolean> {
    return Promise.resolve(false);
  }
  async close(): Promise<void> {}
}
