import type Redis from 'ioredis';

import type { Logger } from '../logger';
import { newRedis, RedisBreaker } from '../redis-breaker';

const KEY = 'svc:cache:generation';
const CHANNEL = 'svc:cache:generation';

/**
 * The catalog generation: a counter bumped after every committed write to store data (see
 * `platform/db/write-watch.ts`). Read routing uses it to keep reads that follow a store write (this instance's
 * or, through Redis, another's) on the primary while replicas may lag. (The response cache no longer uses it:
 * its entries are retired by surrogate key, see retirements.ts.) In memory for one instance; in Redis (INCR,
 * announced by pub/sub) when `redis.url` is set.
 */
export interface CatalogGeneration {
  readonly kind: 'memory' | 'redis';
  /**
   * The generation now, read where it is kept (Redis: one GET per cached read, so a write acknowledged on another
   * instance is never missed, whatever pub/sub delivered). `null` when it cannot be known: Redis is unreachable,
   * or a bump of ours did not reach it yet; the caller must then not use cached answers.
   */
  current(): Promise<number | null>;
  /** Counts a committed write. Awaited before the write's caller is answered. */
  bump(): Promise<void>;
  /** Called with each newer generation this instance hears of (its own bumps, other instances' over pub/sub). */
  onChange(listener: (generation: number) => void): void;
  close(): Promise<void>;
}

class MemoryGeneration implements CatalogGeneration {
  readonly kind = 'memory';
  private value = 0;
  private readonly listeners: Array<(generation: number) => void> = [];

  async current() {
    return this.value;
  }
  async bump() {
    this.value++;
    for (const listener of this.listeners) listener(this.value);
  }
  onChange(listener: (generation: number) => void) {
    this.listeners.push(listener);
  }
  async close() {}
}

class RedisGeneration implements CatalogGeneration {
  readonly kind = 'redis';
  private readonly breaker: RedisBreaker;
  private readonly subscriber: Redis;
  private readonly listeners: Array<(generation: number) => void> = [];
  /** A bump that could not reach Redis: until one does, this instance must not trust the shared value. */
  private unpublished = false;

  constructor(url: string, log: Logger) {
    this.breaker = new RedisBreaker(url, log, 'the store write clock', {
      down: "other instances' store writes are not heard of: reads stay on the primary until it is back",
      up: "other instances' store writes are heard of again",
    });
    // A connection in subscriber mode can do nothing else; ioredis re-subscribes by itself after a reconnect.
    this.subscriber = newRedis(url, { retryStrategy: (attempt) => Math.min(attempt * 200, 5_000) });
    this.subscriber.on('error', () => undefined); // the breaker logs Redis's state once; this would repeat it
    this.subscriber.subscribe(CHANNEL).catch(() => undefined);
    this.subscriber.on('message', (_channel, message: string) => this.notify(Number(message)));
  }

  async current() {
    if (this.unpublished && !(await this.publish())) return null;
    return this.breaker.run(
      async (redis) => Number(await redis.get(KEY)) || 0,
      async () => null,
    );
  }

  async bump() {
    if (!(await this.publish())) this.unpublished = true;
  }

  onChange(listener: (generation: number) => void) {
    this.listeners.push(listener);
  }

  async close() {
    this.subscriber.disconnect();
    await this.breaker.close();
  }

  private async publish(): Promise<boolean> {
    return this.breaker.run(
      async (redis) => {
        const generation = await redis.incr(KEY);
        this.unpublished = false;
        this.notify(generation);
        await redis.publish(CHANNEL, String(generation));
        return true;
      },
      async () => false,
    );
  }

  private notify(generation: number) {
    if (!Number.isFinite(generation)) return;
    for (const listener of this.listeners) listener(generation);
  }
}

/** Redis when `redisUrl` is set (shared by every instance), this process's memory otherwise. */
export function openCatalogGeneration(redisUrl: string, log: Logger): CatalogGeneration {
  return redisUrl ? new RedisGeneration(redisUrl, log) : new MemoryGeneration();
}
