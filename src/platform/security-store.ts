import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

import type { Config } from './config/keys';
import type { Logger } from './logger';
import { RedisBreaker } from './redis-breaker';

/** Per-IP request budgets of the spec's Limits table; each has its own counter. */
export type LimitPolicy =
  'global' | 'login' | 'register' | 'checkout' | 'guest_order' | 'payment_intent' | 'account_email';

export const LOGIN_LOCK_ATTEMPTS = 5;
export const LOGIN_LOCK_SECONDS = 3600;

/**
 * The account a login attempt is against, which owns the attempt's lock counter: a staff account and a customer
 * account may share an email (separate tables), and each has its own count. An email no account has counts as a
 * customer's (the store's login and the fall-through of `/auth/login`), so a lock reveals nothing about it.
 */
export interface LoginAccount {
  kind: 'admin' | 'customer';
  /** Normalized (trimmed, lower-case). */
  email: string;
}

const lockKey = (account: LoginAccount) => `${account.kind}:${account.email}`;

/**
 * Rate limits, the login lock and the access-token blacklist. In memory by default; in Redis when
 * `redis.url` is set, so they hold across instances. While Redis is unreachable or hung, each falls back to
 * this instance's memory at once (see RedisBreaker) instead of failing or slowing every request: budgets and
 * locks then count per instance, and a token revoked on another instance during the outage is still accepted
 * here until it expires (access tokens live minutes). See docs/operations.md.
 */
export interface SecurityStore {
  readonly kind: 'memory' | 'redis';
  /** Takes one request from `policy`'s budget for `key`; when empty, the seconds until one is free. */
  consume(policy: LimitPolicy, key: string): Promise<{ allowed: true } | { allowed: false; retryAfter: number }>;
  isLoginLocked(account: LoginAccount): Promise<boolean>;
  /** Counts a failed login against `account`; the fifth within the window locks it for an hour. */
  recordLoginFailure(account: LoginAccount): Promise<void>;
  /** A success: clears `account`'s count (and no other account's, whatever its email). */
  clearLoginFailures(account: LoginAccount): Promise<void>;
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
    payment_intent: perMinute(config['security.rate_limit.payment_intent.requests_per_minute']),
    account_email: perMinute(config['security.rate_limit.account_email.requests_per_minute']),
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

const isLimiterAnswer = (err: unknown) => err instanceof RateLimiterRes;

/** Opens the store `config` asks for: Redis when `redis.url` is set, memory otherwise. */
export function openSecurityStore(config: Config, log: Logger): SecurityStore {
  const breaker = config['redis.url']
    ? new RedisBreaker(config['redis.url'], log, 'rate limits, login locks and the token blacklist')
    : undefined;
  const memoryBlacklist = new MemoryBlacklist();

  /** A budget kept in Redis (shared by the instances), with this instance's memory as its stand-in. */
  const limiter = (keyPrefix: string, points: number, duration: number) => {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    const shared =
      breaker && new RateLimiterRedis({ storeClient: breaker.client, keyPrefix: `svc:${keyPrefix}`, points, duration });
    return <T>(use: (l: RateLimiterAbstract) => Promise<T>): Promise<T> =>
      shared
        ? breaker.run(
            () => use(shared),
            () => use(memory),
            isLimiterAnswer,
          )
        : use(memory);
  };
  const limiters = Object.fromEntries(
    Object.entries(budgets(config)).map(([policy, b]) => [policy, limiter(`rl:${policy}`, b.points, b.duration)]),
  ) as Record<LimitPolicy, ReturnType<typeof limiter>>;
  const loginFailures = limiter('login-fail', LOGIN_LOCK_ATTEMPTS, LOGIN_LOCK_SECONDS);

  return {
    kind: breaker ? 'redis' : 'memory',
    async consume(policy, key) {
      try {
        await limiters[policy]((l) => l.consume(key));
        return { allowed: true };
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
      }
    },
    async isLoginLocked(account) {
      const res = await loginFailures((l) => l.get(lockKey(account)));
      return !!res && res.consumedPoints >= LOGIN_LOCK_ATTEMPTS;
    },
    async recordLoginFailure(account) {
      const key = lockKey(account);
      try {
        await loginFailures(async (l) => {
          const res = await l.consume(key);
          // The lock runs for a full hour from the attempt that reached the threshold.
          if (res.consumedPoints >= LOGIN_LOCK_ATTEMPTS) await l.block(key, LOGIN_LOCK_SECONDS);
        });
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
      }
    },
    async clearLoginFailures(account) {
      await loginFailures((l) => l.delete(lockKey(account)));
    },
    async revokeJti(jti, exp) {
      const ttl = exp - Math.floor(Date.now() / 1000);
      if (ttl <= 0) return;
      // Always here (this instance honours its own logouts, Redis or not); in Redis for the other instances.
      memoryBlacklist.add(jti, exp);
      await breaker?.run(
        async (redis) => void (await redis.set(`svc:bl:${jti}`, '1', 'EX', ttl)),
        async () => undefined,
      );
    },
    async isJtiRevoked(jti) {
      if (memoryBlacklist.has(jti)) return true;
      if (!breaker) return false;
      return breaker.run(
        async (redis) => (await redis.exists(`svc:bl:${jti}`)) === 1,
        async () => false,
      );
    },
    async ping() {
      return breaker ? breaker.ping() : null;
    },
    async close() {
      memoryBlacklist.close();
      await breaker?.close();
    },
  };
}
