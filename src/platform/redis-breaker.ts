import type { default as Redis, RedisOptions } from 'ioredis';

import type { Logger } from './logger';

/**
 * A Redis connection. ioredis is loaded on the first call, so an instance without Redis configured (the default
 * memory stores) never loads it.
 */
export function newRedis(url: string, options: RedisOptions): Redis {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: IORedis } = require('ioredis') as { default: typeof Redis };
  return new IORedis(url, options);
}

/** How long a failing Redis is left alone before one call tries it again (half-open). */
const OPEN_MS = 5_000;
/** A command Redis has not answered by then counts as a failure (a hung server, a black-holed network). */
const COMMAND_TIMEOUT_MS = 500;

/**
 * One Redis connection behind a circuit breaker. While Redis is unreachable, hung or failing, calls don't wait:
 * `run` answers from the fallback at once (commands are never queued while disconnected, each has a short
 * timeout, and after a failure Redis is skipped for a few seconds). ioredis keeps reconnecting in the
 * background; the first call that succeeds closes the circuit again. State changes are logged once each.
 */
export class RedisBreaker {
  readonly client: Redis;
  private openUntil = 0;
  private down = false;
  private closing = false;

  constructor(
    url: string,
    private readonly log: Logger,
    what: string,
    /** What the log says on the way down and back up (default: `what` falls back to memory, then is shared). */
    private readonly states = {
      down: `${what} fall back to this instance's memory until it is back`,
      up: `${what} are shared again`,
    },
  ) {
    this.client = newRedis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      commandTimeout: COMMAND_TIMEOUT_MS,
      // Reconnect forever, backing off to 5 s: Redis coming back is noticed without a restart.
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    // The error event fires on every reconnect attempt; the state change is what the log needs.
    this.client.on('error', (err) => this.failed(err));
    // A dropped connection is an outage too, even when the first reconnect succeeds before any attempt errs (a
    // Redis restarted within ioredis's 200 ms back-off): commands fell back to memory meanwhile, so it is logged.
    this.client.on('close', () => {
      if (!this.closing) this.failed(new Error('connection closed'));
    });
    this.client.on('ready', () => this.recovered());
  }

  /** Whether a call should try Redis now: connected, and not inside an open circuit's pause. */
  get available(): boolean {
    return this.client.status === 'ready' && Date.now() >= this.openUntil;
  }

  /** Runs `call` on Redis, or `fallback` when Redis is unavailable or the call fails for Redis's sake. */
  async run<T>(call: (redis: Redis) => Promise<T>, fallback: () => Promise<T>, isAnswer?: (err: unknown) => boolean) {
    if (!this.available) return fallback();
    try {
      const result = await call(this.client);
      this.recovered();
      return result;
    } catch (err) {
      // Some libraries reject with a legitimate answer (a rate limiter's "limited"): that's Redis working.
      if (isAnswer?.(err)) {
        this.recovered();
        throw err;
      }
      this.failed(err);
      return fallback();
    }
  }

  /** PING within a second: true, false, never a wait on a dead connection. */
  async ping(): Promise<boolean> {
    if (this.client.status !== 'ready') return false;
    return this.client.ping().then(
      () => true,
      () => false,
    );
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.client.quit().catch(() => this.client.disconnect());
  }

  private failed(err: unknown): void {
    this.openUntil = Date.now() + OPEN_MS;
    if (this.down) return;
    this.down = true;
    this.log.warn({ err: err instanceof Error ? err.message : String(err) }, `redis unavailable: ${this.states.down}`);
  }

  private recovered(): void {
    if (this.client.status !== 'ready') return;
    this.openUntil = 0;
    if (!this.down) return;
    this.down = false;
    this.log.info(`redis is back: ${this.states.up}`);
  }
}
