import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

import { LoginDocument, LogoutDocument } from '../../src/generated/graphql';
import { createAdmin, PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { callJson, connectMcp } from '../harness/mcp-client';
import { startTestServer, type TestServer } from '../harness/server';

const LIMITS = {
  'server.trusted_proxies': ['127.0.0.1', '::1'],
  'security.rate_limit.requests_per_minute': 60,
  'security.rate_limit.burst': 10,
  'security.rate_limit.login.requests_per_minute': 3,
  'security.rate_limit.register.requests_per_minute': 2,
  'security.rate_limit.checkout.requests_per_minute': 3,
};

/** A fresh client IP per test (sent through the trusted local proxy), so counters never leak between tests. */
const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function expectRateLimited(res: { status: number; body: unknown; headers: Headers }, maxSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({
    error: 'Too Many Requests',
    errors: [{ code: 'rate_limited', detail: 'too many requests' }],
  });
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(maxSeconds);
}

function suite(name: string, overrides: Record<string, unknown>) {
  describe(name, () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({ ...LIMITS, ...overrides });
    });
    afterAll(() => t?.close());

    it('login: 3 per minute per IP over REST and GraphQL together; refresh and logout keep working; other IPs unaffected', async () => {
      const ip = { 'x-forwarded-for': newIp() };
      const admin = await createAdmin(t);
      const first = await t.asGuest().post('/api/v1/auth/login', { email: admin.email, password: PASSWORD }, ip);
      expect(first.status).toBe(200);
      expect((await t.asGuest().post('/api/v1/auth/login', { email: uniqueEmail(), password: 'x' }, ip)).status).toBe(
        401,
      );
      const viaGraphql = await t.asGuest().request(
        'POST',
        '/graphql',
        {
          query: 'mutation($i: LoginInput!) { login(input: $i) { expiresIn } }',
          variables: { i: { email: admin.email, password: PASSWORD } },
        },
        ip,
      );
      expect(viaGraphql.body.data.login.expiresIn).toBe(900);
      expectRateLimited(
        await t.asGuest().post('/api/v1/auth/login', { email: admin.email, password: PASSWORD }, ip),
        60,
      );
      const gql = await t.asGuest().request(
        'POST',
        '/graphql',
        {
          query: 'mutation($i: LoginInput!) { login(input: $i) { expiresIn } }',
          variables: { i: { email: admin.email, password: PASSWORD } },
        },
        ip,
      );
      expect(gql.body.errors[0].extensions).toMatchObject({ code: 'rate_limited', status: 429 });
      expect(Number(gql.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(
        (await t.asGuest().post('/api/v1/store/auth/login', { email: admin.email, password: PASSWORD }, ip)).status,
      ).toBe(429);
      expect(
        (await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: first.body.data.refresh_token }, ip)).status,
      ).toBe(200);
      expect((await t.asGuest().post('/api/v1/auth/logout', {}, ip)).status).toBe(200);
      expect(
        (
          await t
            .asGuest()
            .post('/api/v1/auth/login', { email: admin.email, password: PASSWORD }, { 'x-forwarded-for': newIp() })
        ).status,
      ).toBe(200);
    });

    it('register: 2 per minute per IP on both paths', async () => {
      const ip = { 'x-forwarded-for': newIp() };
      const body = () => ({ email: uniqueEmail(), password: PASSWORD, first_name: 'a', last_name: 'b' });
      expect((await t.asGuest().post('/api/v1/store/auth/register', body(), ip)).status).toBe(201);
      expect((await t.asGuest().post('/api/v1/store/register', body(), ip)).status).toBe(201);
      expectRateLimited(await t.asGuest().post('/api/v1/store/register', body(), ip), 60);
    });

    it('endpoint budgets count a request before its body is validated: empty checkouts and registrations get 429', async () => {
      const ip = { 'x-forwarded-for': newIp() };
      // The checkout budget is 3 here: two empty REST bodies and one GraphQL call without its variables
      // are 400s that count, the fourth request is refused whatever it carries.
      expect((await t.asGuest().post('/api/v1/store/checkout', {}, ip)).status).toBe(400);
      expect((await t.asGuest().post('/api/v1/store/checkout', { items: 'nope' }, ip)).status).toBe(400);
      const gql = (body: object) => t.asGuest().request('POST', '/graphql', body, ip);
      const invalid = await gql({ query: 'mutation($i: CheckoutInput!) { checkoutComplete(input: $i) { id } }' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors[0].extensions.code).toBe('validation_error');
      expectRateLimited(await t.asGuest().post('/api/v1/store/checkout', {}, ip), 60);
      const refused = await gql({ query: 'mutation($i: CheckoutInput!) { checkoutComplete(input: $i) { id } }' });
      expect(refused.status).toBe(429);
      expect(refused.body.errors[0].extensions).toMatchObject({ code: 'rate_limited', status: 429 });
      // Two aliased checkouts in one operation take two from the budget.
      const other = { 'x-forwarded-for': newIp() };
      const twice = await t.asGuest().request(
        'POST',
        '/graphql',
        {
          query:
            'mutation($i: CheckoutInput!) { a: checkoutComplete(input: $i) { id } b: checkoutComplete(input: $i) { id } }',
        },
        other,
      );
      expect(twice.status).toBe(400);
      expect((await t.asGuest().post('/api/v1/store/checkout', {}, other)).status).toBe(400);
      expect((await t.asGuest().post('/api/v1/store/checkout', {}, other)).status).toBe(429);

      const registerIp = { 'x-forwarded-for': newIp() };
      for (let i = 0; i < 2; i++)
        expect((await t.asGuest().post('/api/v1/store/register', {}, registerIp)).status).toBe(400);
      expectRateLimited(await t.asGuest().post('/api/v1/store/register', {}, registerIp), 60);
    });

    it('REST, GraphQL, MCP and the plugin checkout function take from one per-IP checkout budget', async () => {
      const address = newIp();
      const ip = { 'x-forwarded-for': address };
      // Budget 3: one invalid checkout on each of REST, MCP and the plugin function; then every surface is refused.
      expect((await t.asGuest().post('/api/v1/store/checkout', {}, ip)).status).toBe(400);
      const mcp = await connectMcp(t.url, 'store', undefined, '', ip);
      try {
        const viaTool = await callJson(mcp, 'store_checkout', {});
        expect(viaTool).toMatchObject({ isError: true, body: { error: { code: 'validation_error' } } });
        await expect(t.service.checkout({ request: {}, clientIp: address })).rejects.toMatchObject({
          code: 'validation_error',
        });
        const gql = await t
          .asGuest()
          .request(
            'POST',
            '/graphql',
            { query: 'mutation($i: CheckoutInput!) { checkoutComplete(input: $i) { id } }' },
            ip,
          );
        expect(gql.status).toBe(429);
        expect(await callJson(mcp, 'store_checkout', {})).toMatchObject({
          isError: true,
          body: { error: { code: 'rate_limited' } },
        });
        await expect(t.service.checkout({ request: {}, clientIp: address })).rejects.toMatchObject({
          code: 'rate_limited',
          status: 429,
        });
        expectRateLimited(await t.asGuest().post('/api/v1/store/checkout', {}, ip), 60);
      } finally {
        await mcp.close();
      }
      // Another IP's budget is untouched by all of that.
      await expect(t.service.checkout({ request: {}, clientIp: newIp() })).rejects.toMatchObject({
        code: 'validation_error',
      });
    });

    it('global: a burst of 10 per IP on every API path, /graphql included, then 429 with Retry-After', async () => {
      const ip = { 'x-forwarded-for': newIp() };
      for (let i = 0; i < 10; i++)
        expect(
          (
            await t.asGuest().get(i % 2 ? '/api/v1/health' : '/graphql?query=%7Bhealth%7Bstatus%7D%7D', {
              ...ip,
              'apollo-require-preflight': '1',
            })
          ).status,
        ).toBe(200);
      expectRateLimited(await t.asGuest().get('/api/v1/health', ip), 10);
      // GraphQL clients get the same 429 in GraphQL's error shape.
      const gql = await t.asGuest().post('/graphql', { query: '{ health { status } }' }, ip);
      expect(gql.status).toBe(429);
      expect(gql.body.errors[0]).toMatchObject({ extensions: { code: 'rate_limited', status: 429 } });
      expect(Number(gql.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await t.asGuest().get('/api/v1/health', { 'x-forwarded-for': newIp() })).status).toBe(200);
    });

    it('static files (admin pages and chunks, a plugin’s assets, uploads) do not count; plugin routes and MCP do', async () => {
      const ip = { 'x-forwarded-for': newIp() };
      // Three times the burst: a dashboard screen loads dozens of chunks and must never trip the API's limit (the
      // rule is by path, so it holds whether or not a plugin is enabled: src/http/rate-limit.test.ts).
      const statics = ['/admin/', '/admin/orders', '/favicon.ico', '/plugins/payprov/assets/pay-page.js'];
      for (let i = 0; i < 30; i++) {
        const res = await t.asGuest().get(statics[i % statics.length], ip);
        expect(res.status).not.toBe(429);
      }
      // The whole burst is still there for the API; a plugin route and MCP take from it like /api/v1 does.
      for (let i = 0; i < 8; i++) expect((await t.asGuest().get('/api/v1/health', ip)).status).toBe(200);
      expect((await t.asGuest().post('/plugins/payprov/webhook', {}, ip)).status).not.toBe(429);
      expect((await t.asGuest().post('/mcp', {}, ip)).status).not.toBe(429);
      expectRateLimited(await t.asGuest().post('/plugins/payprov/webhook', {}, ip), 10);
      expectRateLimited(await t.asGuest().post('/mcp', {}, ip), 10);
    });

    it('X-Forwarded-For hops left of the nearest untrusted one cannot dodge the limit', async () => {
      const ip = newIp();
      for (let i = 0; i < 10; i++) await t.asGuest().get('/api/v1/health', { 'x-forwarded-for': `${newIp()}, ${ip}` });
      expect((await t.asGuest().get('/api/v1/health', { 'x-forwarded-for': `${newIp()}, ${ip}` })).status).toBe(429);
    });
  });
}

suite('rate limits in memory', {});

const REDIS_URL = process.env.SVC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = (() => {
  const { hostname, port } = new URL(REDIS_URL);
  const probe = `const s=require('net').connect(${Number(port) || 6379},'${hostname}');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),1000)`;
  return spawnSync(process.execPath, ['-e', probe]).status === 0;
})();

if (!redisUp) {
  describe('rate limits in Redis', () => {
    it.skip(`needs Redis at ${REDIS_URL} (SVC_TEST_REDIS_URL): not reachable`, () => undefined);
  });
} else {
  suite('rate limits in Redis', { 'redis.url': REDIS_URL });

  describe('two instances sharing Redis', () => {
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      a = await startTestServer({ ...LIMITS, 'redis.url': REDIS_URL });
      b = await startTestServer({ ...LIMITS, 'redis.url': REDIS_URL });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it('share the login lock, the per-IP counters and the token blacklist', async () => {
      expect(a.service.services.security.kind).toBe('redis');
      const email = uniqueEmail('shared');
      for (let i = 0; i < 5; i++)
        await a.asGuest().post('/api/v1/auth/login', { email, password: 'wrong' }, { 'x-forwarded-for': newIp() });
      const locked = await b
        .asGuest()
        .post('/api/v1/auth/login', { email, password: 'wrong' }, { 'x-forwarded-for': newIp() });
      expect(locked.status).toBe(429);
      expect(locked.body.errors[0].code).toBe('account_locked');

      const ip = { 'x-forwarded-for': newIp() };
      for (let i = 0; i < 3; i++)
        await a.asGuest().post('/api/v1/auth/login', { email: uniqueEmail(), password: 'x' }, ip);
      expect((await b.asGuest().post('/api/v1/auth/login', { email: uniqueEmail(), password: 'x' }, ip)).status).toBe(
        429,
      );

      // The same account in both databases; logged out on A, its token is refused on B.
      const admin = await createAdmin(a, { email: uniqueEmail('twin') });
      await b.db.adminUser.create({
        data: { id: admin.id, email: admin.email, passwordHash: admin.passwordHash, role: admin.role },
      });
      const pair = (await a.asGuest().gql(LoginDocument, { input: { email: admin.email, password: PASSWORD } })).data
        .login;
      const onB = b.as({ kind: 'header', authorization: `Bearer ${pair.access_token}` });
      expect((await onB.get('/api/v1/admin/warehouses')).status).toBe(200);
      await a.as({ kind: 'header', authorization: `Bearer ${pair.access_token}` }).gql(LogoutDocument, {});
      const revoked = await onB.get('/api/v1/admin/warehouses');
      expect(revoked.status).toBe(401);
      expect(revoked.body.errors[0].detail).toBe('token has been revoked');
    });
  });
}
