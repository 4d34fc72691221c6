import { loadConfig } from './config/load';
import { createLogger } from './logger';
import { openSecurityStore } from './security-store';

const config = loadConfig({
  env: {},
  overrides: {
    'security.rate_limit.login.requests_per_minute': 2,
    'security.rate_limit.requests_per_minute': 300,
    'security.rate_limit.burst': 50,
  },
});
const store = openSecurityStore(config, createLogger('silent'));
afterAll(() => store.close());

describe('security store (memory)', () => {
  it('keeps one budget per policy and key', async () => {
    expect(await store.consume('login', 'a')).toEqual({ allowed: true });
    expect(await store.consume('login', 'a')).toEqual({ allowed: true });
    const third = await store.consume('login', 'a');
    expect(third.allowed).toBe(false);
    expect(third.allowed === false && third.retryAfter).toBeGreaterThan(50);
    expect(await store.consume('login', 'b')).toEqual({ allowed: true });
    expect(await store.consume('register', 'a')).toEqual({ allowed: true });
  });

  it('gives the global policy a 50-request burst refilled over 10 seconds', async () => {
    for (let i = 0; i < 50; i++) expect((await store.consume('global', 'g')).allowed).toBe(true);
    const next = await store.consume('global', 'g');
    expect(next.allowed === false && next.retryAfter).toBeLessThanOrEqual(10);
  });

  it('locks an account on the fifth failure, and a success clears the count', async () => {
    const x = { kind: 'customer', email: 'x@example.com' } as const;
    for (let i = 0; i < 4; i++) await store.recordLoginFailure(x);
    expect(await store.isLoginLocked(x)).toBe(false);
    await store.clearLoginFailures(x);
    for (let i = 0; i < 4; i++) await store.recordLoginFailure(x);
    expect(await store.isLoginLocked(x)).toBe(false);
    await store.recordLoginFailure(x);
    expect(await store.isLoginLocked(x)).toBe(true);
  });

  it('counts a staff account and a customer account of the same email apart', async () => {
    const staff = { kind: 'admin', email: 'same@example.com' } as const;
    const customer = { kind: 'customer', email: 'same@example.com' } as const;
    for (let i = 0; i < 4; i++) {
      await store.recordLoginFailure(staff);
      await store.clearLoginFailures(customer);
    }
    await store.recordLoginFailure(staff);
    expect(await store.isLoginLocked(staff)).toBe(true);
    expect(await store.isLoginLocked(customer)).toBe(false);
  });

  it('blacklists a jti until its expiry only', async () => {
    const now = Math.floor(Date.now() / 1000);
    await store.revokeJti('live', now + 60);
    await store.revokeJti('dead', now - 1);
    expect(await store.isJtiRevoked('live')).toBe(true);
    expect(await store.isJtiRevoked('dead')).toBe(false);
    expect(await store.isJtiRevoked('other')).toBe(false);
  });
});
