import type { Logger } from '../logger';
import { RedisBreaker } from '../redis-breaker';

/** Most sessions remembered in memory (oldest dropped first; a dropped one only reads from the primary longer). */
const MAX_MEMORY_KEYS = 50_000;

/**
 * Who wrote recently: sessions (an actor's kind and id) whose reads go to the primary for `windowMs` after a
 * write of theirs, so a client never reads its own change back from a replica that has not replayed it yet.
 * Kept in this instance's memory, and in Redis when `redis.url` is configured, so the next request may land on
 * any instance. While Redis is unreachable every read of a signed-in session goes to the primary: it cannot be
 * told that another instance saw no write.
 */
export class RecentWrites {
  private readonly memory = new Map<string, number>();
  private readonly redis?: RedisBreaker;

  constructor(
    readonly windowMs: number,
    redisUrl: string,
    log: Logger,
  ) {
    if (redisUrl)
      this.redis = new RedisBreaker(redisUrl, log, 'read-your-writes', {
        down: 'reads of signed-in sessions go to the primary until it is back',
        up: 'read-your-writes windows are shared again',
      });
  }

  /** Records a write by `key`; awaited before the writer is answered. */
  async wrote(key: string): Promise<void> {
    const until = Date.now() + this.windowMs;
    this.memory.delete(key);
    this.memory.set(key, until);
    if (this.memory.size > MAX_MEMORY_KEYS) this.memory.delete(this.memory.keys().next().value as string);
    await this.redis?.run(
      async (r) => void (await r.set(`svc:ryw:${key}`, '1', 'PX', this.windowMs)),
      async () => undefined,
    );
  }

  /** Whether `key` wrote within the window (here, or on any instance sharing Redis). */
  async recent(key: string): Promise<boolean> {
    const until = this.memory.get(key);
    if (until !== undefined) {
      if (until > Date.now()) return true;
      this.memory.delete(key);
    }
    if (!this.redis) return false;
    return this.redis.run(
      async (r) => (await r.exists(`svc:ryw:${key}`)) === 1,
      async () => true,
    );
  }

  async close(): Promise<void> {
    await this.redis?.close();
  }
}
