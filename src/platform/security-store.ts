import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from './config/keys';
import type { Logger } from './logger';

/** Per-IP request budgets of the spec's Limits table; each has its own counter. */
export type LimitPolicy = 'global' | 'login' | 'register' | 'checkout' | 'guest_order';

export const LOGIN_LOCK_ATTEMPTS = 5;
export const LOGIN_LOCK_SECONDS = 3600;

/**
 * Rate limits, the login lock and the access-token blacklist. In memory by default; in Redis when
 * `redis.url` is set, so they hold across instances. A Redis outage falls back to per-instance memory
 * (rate-limiter-flexible's insurance limiter) instead of failing every request.
 */
export interface SecurityStore {
  readonly kind: 'memory' | 'redis';
  /** Takes one request from `policy`'s budget for `key`; when empty, the seconds until one is free. */
  consume(policy: LimitPolicy, key: string): Promise<{ allowed: true } | { allowed: false; retryAfter: number }>;
  isLoginLocked(email: string): Promise<boolean>;
  /** Counts a failed login; the fifth within the window locks the email for an hour. */
  recordLoginFailure(email: string): Promise<void>;
  clearLoginFailures(email: string): Promise<void>;
  /** Blacklists an access token's `jti` until it expires (`exp`, unix seconds). */
  revokeJti(jti: string, exp: number): Promise<void>;
  isJtiRevoked(jti: string): Promise<boolean>;
  /** Redis: whether it answers a PING within a second; memory: null (nothing to reach). */
  ping(): Promise<boolean | null>;
  close(): Promise<void>;
}

function budgets(config: Config): Record<LimitPolicy, { points: number; duration: number }> {
  const perMinute = (n: number) => ({ points: n, duration: 60 });
  // "300 per minute, burst 50": 50 requests per 10-second window, i.e. at most 50 at once and 300 a minute.
  const rate = config['security.rate_limit.requests_per_minute'];
  const burst = Math.min(config['security.rate_limit.burst'], rate);
  return {
    global: { points: burst, duration: Math.max(1, Math.round((60 * burst) / rate)) },
    login: perMinute(config['security.rate_limit.login.requests_per_minute']),
    register: perMinute(config['security.rate_limit.register.requests_per_minute']),
    checkout: perMinute(config['security.rate_limit.checkout.requests_per_minute']),
    guest_order: perMinute(config['security.rate_limit.guest_order.requests_per_minute']),
  };
}

class MemoryBlacklist {
  private readonly entries = new Map<string, number>();
  private readonly timer = setInterval(() => this.sweep(), 60_000);
  constructor() {
    this.timer.unref();
  }
  add(jti: string, exp: number) {
    this.entries.set(jti, exp);
  }
  has(jti: string) {
    const exp = this.entries.get(jti);
    return exp !== undefined && exp * 1000 > Date.now();
  }
  sweep() {
    const now = Date.now();
    for (const [jti, exp] of this.entries) if (exp * 1000 <= now) this.entries.delete(jti);
  }
  close() {
    clearInterval(this.timer);
  }
}

/** Opens the store `config` asks for: Redis when `redis.url` is set, memory otherwise. */
export function openSecurityStore(config: Config, log: Logger): SecurityStore {
  const redis = config['redis.url'] ? new Redis(config['redis.url'], { maxRetriesPerRequest: 1 }) : undefined;
  redis?.on('error', (err) => log.warn({ err: err.message }, 'redis error; rate limits fall back to memory'));
  const memoryBlacklist = new MemoryBlacklist();

  const limiter = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    return redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `svc:${keyPrefix}`,
          points,
          duration,
          insuranceLimiter: memory,
        })
      : memory;
  };
  const limiters = Object.fromEntries(
    Object.entries(budgets(config)).map(([policy, b]) => [policy, limiter(`rl:${policy}`, b.points, b.duration)]),
  ) as Record<LimitPolicy, RateLimiterAbstract>;
  const loginFailures = limiter('login-fail', LOGIN_LOCK_ATTEMPTS, LOGIN_LOCK_SECONDS);

  return {
    kind: redis ? 'redis' : 'memory',
    async consume(policy, key) {
      try {
        await limiters[policy].consume(key);
        return { allowed: true };
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
      }
    },
    async isLoginLocked(email) {
      const res = await loginFailures.get(email);
      return !!res && res.consumedPoints >= LOGIN_LOCK_ATTEMPTS;
    },
    async recordLoginFailure(email) {
      try {
        const res = await loginFailures.consume(email);
        // The lock runs for a full hour from the attempt that reached the threshold.
        if (res.consumedPoints >= LOGIN_LOCK_ATTEMPTS) await loginFailures.block(email, LOGIN_LOCK_SECONDS);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
      }
    },
    async clearLoginFailures(email) {
      await loginFailures.delete(email);
    },
    async revokeJti(jti, exp) {
      const ttl = exp - Math.floor(Date.now() / 1000);
      if (ttl <= 0) return;
      memoryBlacklist.add(jti, exp);
      if (redis)
        await redis
          .set(`svc:bl:${jti}`, '1', 'EX', ttl)
          .catch((err: Error) => log.warn({ err: err.message }, 'redis blacklist write failed'));
    },
    async isJtiRevoked(jti) {
      if (memoryBlacklist.has(jti)) return true;
      if (!redis) return false;
      return (await redis.exists(`svc:bl:${jti}`).catch(() => 0)) === 1;
    },
    async ping() {
      if (!redis) return null;
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000).unref());
      return Promise.race([
        redis.ping().then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    },
    async close() {
      memoryBlacklist.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
