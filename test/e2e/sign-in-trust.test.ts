import { spawnSync } from 'node:child_process';

import { CustomerLoginDocument } from '../../src/generated/graphql';
import { createAdmin, createCustomer, PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { useShop } from '../fixtures/use-shop';
import { captureLog } from '../harness/capture-log';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * Issue 53: the login lock belongs to the account it protects (a customer registered with a staff member's email
 * cannot reset the staff lock), cookie-mode answers carry no token, sessions end `auth.session_max_age_days`
 * after their login, and production cookies are Secure unless turned off (with a warning).
 */
const { t } = useShop({ shop: false });

const DAY_MS = 24 * 3600 * 1000;
const WRONG = 'wrong password guess';
const LOCKED = { code: 'account_locked', detail: 'too many failed login attempts, please try again later' };
const NO_TOKEN_BODY = { data: { expires_in: 900, token_type: 'Bearer' } };

const REDIS_URL = process.env.SVC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = (() => {
  const { hostname, port } = new URL(REDIS_URL);
  const probe = `const s=require('net').connect(${Number(port) || 6379},'${hostname}');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),1000)`;
  return spawnSync(process.execPath, ['-e', probe]).status === 0;
})();

/** `name=value` of each Set-Cookie line, and the full lines by name. */
function cookiesOf(res: { headers: Headers }) {
  const lines = res.headers.getSetCookie();
  return {
    lines: Object.fromEntries(lines.map((l) => [l.split('=')[0], l])),
    values: Object.fromEntries(lines.map((l) => [l.split('=')[0], l.split(';')[0].slice(l.indexOf('=') + 1)])),
  };
}

/** The lock tests, against the server `server()` returns (memory or Redis counters). */
function lockSuite(server: () => TestServer) {
  const staffLogin = (email: string, password: string) =>
    server().asGuest().post('/api/v1/auth/login', { email, password });
  const storeLogin = (email: string, password: string) =>
    server().asGuest().post('/api/v1/store/auth/login', { email, password });

  /** A staff member, and a customer registered through the store with the same email (anyone can). */
  async function twins() {
    const staff = await createAdmin(server(), { email: uniqueEmail('staff') });
    const customerPassword = 'the attacker chose this';
    const registered = await server().asGuest().post('/api/v1/store/auth/register', {
      email: staff.email,
      password: customerPassword,
      first_name: 'Mallory',
      last_name: 'M',
    });
    expect(registered.status).toBe(201);
    return { email: staff.email, customerPassword };
  }

  it("a customer with a staff member's email signing in between wrong staff guesses does not reset the staff lock (the probe's bypass)", async () => {
    const { email, customerPassword } = await twins();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // The customer's successes, over REST and GraphQL, count for the customer account only.
      if (i % 2) expect((await storeLogin(email, customerPassword)).status).toBe(200);
      else {
        const gql = await server()
          .asGuest()
          .gql(CustomerLoginDocument, { input: { email, password: customerPassword } });
        expect(gql.errors).toBeUndefined();
      }
      statuses.push((await staffLogin(email, WRONG)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const right = await staffLogin(email, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.errors[0]).toEqual(LOCKED);
    // The staff account's failures never lock the customer account.
    expect((await storeLogin(email, customerPassword)).status).toBe(200);
  });

  it("and the reverse: the staff account's successes do not reset the customer's lock, nor does it share it", async () => {
    const { email, customerPassword } = await twins();
    for (let i = 0; i < 4; i++) {
      expect((await storeLogin(email, WRONG)).status).toBe(401);
      expect((await staffLogin(email, PASSWORD)).status).toBe(200);
    }
    expect((await storeLogin(email, WRONG)).status).toBe(401);
    const locked = await storeLogin(email, customerPassword);
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0]).toEqual(LOCKED);
    expect((await staffLogin(email, PASSWORD)).status).toBe(200);
  });

  it('an email without a staff account keeps one lock over both login routes (unknown emails too)', async () => {
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++) expect((await staffLogin(unknown, WRONG)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await storeLogin(unknown, WRONG)).status).toBe(401);
    expect((await staffLogin(unknown, WRONG)).status).toBe(429);
    expect((await storeLogin(unknown, WRONG)).status).toBe(429);

    const customer = await createCustomer(server());
    for (let i = 0; i < 5; i++) expect((await storeLogin(customer.email, WRONG)).status).toBe(401);
    expect((await staffLogin(customer.email, PASSWORD)).status).toBe(429);
  });
}

describe('the login lock belongs to the account it protects (memory)', () => {
  it('runs on the in-memory store', () => expect(t.service.services.security.kind).toBe('memory'));
  lockSuite(() => t);
});

if (!redisUp) {
  describe('the login lock belongs to the account it protects (Redis)', () => {
    it.skip(`needs Redis at ${REDIS_URL} (SVC_TEST_REDIS_URL): not reachable`, () => undefined);
  });
} else {
  describe('the login lock belongs to the account it protects (Redis)', () => {
    let redis: TestServer;
    beforeAll(async () => {
      redis = await startTestServer({ 'redis.url': REDIS_URL });
    });
    afterAll(() => redis?.close());

    it('runs on the Redis store', () => expect(redis.service.services.security.kind).toBe('redis'));
    lockSuite(() => redis);
  });
}

describe('cookie mode answers no token; bearer mode answers the pair', () => {
  it('REST: login (staff and store) and refresh with ?cookie=true answer {token_type, expires_in} only', async () => {
    const admin = await createAdmin(t);
    const login = await t.asGuest().post('/api/v1/auth/login?cookie=true', { email: admin.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual(NO_TOKEN_BODY);
    const { values } = cookiesOf(login);
    expect(values.svc_access_token).toBeTruthy();
    expect(login.text).not.toContain(values.svc_access_token);
    expect(login.text).not.toContain(values.svc_refresh_token);

    const csrf = 'a'.repeat(64);
    const refreshed = await t.asGuest().post('/api/v1/auth/refresh?cookie=true', undefined, {
      cookie: `svc_refresh_token=${values.svc_refresh_token}; csrf_token=${csrf}`,
      'x-csrf-token': csrf,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual(NO_TOKEN_BODY);
    const next = cookiesOf(refreshed).values;
    expect(next.svc_refresh_token).toBeTruthy();
    expect(refreshed.text).not.toContain(next.svc_refresh_token);

    // A refresh token given in the body, answered in cookie mode, is not echoed back either.
    const bearer = (await t.asGuest().post('/api/v1/auth/login', { email: admin.email, password: PASSWORD })).body.data;
    const bodyRefresh = await t
      .asGuest()
      .post('/api/v1/auth/refresh?cookie=true', { refresh_token: bearer.refresh_token });
    expect(bodyRefresh.body).toEqual(NO_TOKEN_BODY);

    const customer = await createCustomer(t);
    const store = await t
      .asGuest()
      .post('/api/v1/store/auth/login?cookie=true', { email: customer.email, password: PASSWORD });
    expect(store.body).toEqual(NO_TOKEN_BODY);
    expect(Object.keys(cookiesOf(store).values)).toEqual(
      expect.arrayContaining(['svc_access_token', 'svc_refresh_token']),
    );
  });

  it('REST bearer mode (no ?cookie, or ?cookie=false) keeps the spec pair and sets no session cookie', async () => {
    const admin = await createAdmin(t);
    const pair = { access_token: expect.any(String), refresh_token: expect.any(String), ...NO_TOKEN_BODY.data };
    for (const path of ['/api/v1/auth/login', '/api/v1/auth/login?cookie=false']) {
      const res = await t.asGuest().post(path, { email: admin.email, password: PASSWORD });
      expect(res.body).toEqual({ data: pair });
      expect(cookiesOf(res).values.svc_access_token).toBeUndefined();
      const refreshed = await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: res.body.data.refresh_token });
      expect(refreshed.body).toEqual({ data: pair });
    }
  });

  it('GraphQL: login, customerLogin and tokenRefresh with cookie: true answer null tokens and set the cookies', async () => {
    const admin = await createAdmin(t);
    const customer = await createCustomer(t);
    const fields = 'accessToken refreshToken expiresIn tokenType';
    const run = (query: string, variables: Record<string, unknown>) => t.asGuest().gql(query, variables);
    const nulls = { accessToken: null, refreshToken: null, expiresIn: 900, tokenType: 'Bearer' };

    const login = await run(
      `mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }, cookie: true) { ${fields} } }`,
      { e: admin.email, p: PASSWORD },
    );
    expect(login.data.login).toEqual(nulls);
    expect(cookiesOf(login).values.svc_refresh_token).toBeTruthy();

    const store = await run(
      `mutation($e: String!, $p: String!) { customerLogin(input: { email: $e, password: $p }, cookie: true) { ${fields} } }`,
      { e: customer.email, p: PASSWORD },
    );
    expect(store.data.customerLogin).toEqual(nulls);

    const bearer = await run(
      `mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { ${fields} } }`,
      { e: admin.email, p: PASSWORD },
    );
    expect(bearer.data.login).toEqual({ ...nulls, accessToken: expect.any(String), refreshToken: expect.any(String) });
    const refresh = (cookie: boolean) =>
      `mutation($r: String!) { tokenRefresh(input: { refreshToken: $r }, cookie: ${cookie}) { ${fields} } }`;
    const cookieRefresh = await run(refresh(true), { r: bearer.data.login.refreshToken });
    expect(cookieRefresh.data.tokenRefresh).toEqual(nulls);
    const rotated = cookiesOf(cookieRefresh).values.svc_refresh_token;
    expect(rotated).toBeTruthy();
    const bearerRefresh = await run(refresh(false), { r: rotated });
    expect(bearerRefresh.data.tokenRefresh.refreshToken).toEqual(expect.any(String));
  });
});

describe('sessions have an absolute lifetime (auth.session_max_age_days, default 30)', () => {
  /** Moves the login of every session of `userId` back by `days`. */
  const backdate = (userId: string, days: number, column: 'sessionStartedAt' | 'createdAt' = 'sessionStartedAt') =>
    t.db.refreshToken.updateMany({ where: { userId }, data: { [column]: new Date(Date.now() - days * DAY_MS) } });

  it('a session 29 days old refreshes and keeps its start; past 30 days refresh answers 401 session_expired', async () => {
    const admin = await createAdmin(t);
    const first = (await t.asGuest().post('/api/v1/auth/login', { email: admin.email, password: PASSWORD })).body.data;
    await backdate(admin.id, 29);
    const started = (await t.db.refreshToken.findFirst({ where: { userId: admin.id } }))!.sessionStartedAt;
    const second = await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    // Rotation carries the family's start: the new row is 29 days old too.
    const rows = await t.db.refreshToken.findMany({ where: { userId: admin.id } });
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.sessionStartedAt).toEqual(started);

    await backdate(admin.id, 31);
    for (let i = 0; i < 2; i++) {
      // Refused without being consumed or burning the family: every try answers the same.
      const expired = await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: second.body.data.refresh_token });
      expect(expired.status).toBe(401);
      expect(expired.body.errors[0]).toEqual({
        code: 'session_expired',
        detail: 'the session has reached its maximum age, please log in again',
      });
    }
    // A new login is a new session.
    const again = (await t.asGuest().post('/api/v1/auth/login', { email: admin.email, password: PASSWORD })).body.data;
    expect((await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: again.refresh_token })).status).toBe(200);
  });

  it('a token row created before the bound is past it too', async () => {
    const customer = await createCustomer(t);
    const pair = (await t.asGuest().post('/api/v1/auth/login', { email: customer.email, password: PASSWORD })).body
      .data;
    await backdate(customer.id, 365, 'createdAt');
    const res = await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: pair.refresh_token });
    expect(res.body.errors[0].code).toBe('session_expired');
  });

  it('cookie mode: the expired refresh clears both session cookies; GraphQL answers the same code', async () => {
    const admin = await createAdmin(t);
    const login = await t.asGuest().post('/api/v1/auth/login?cookie=true', { email: admin.email, password: PASSWORD });
    const { values } = cookiesOf(login);
    await backdate(admin.id, 31);
    const csrf = 'c'.repeat(64);
    const res = await t.asGuest().post('/api/v1/auth/refresh?cookie=true', undefined, {
      cookie: `svc_refresh_token=${values.svc_refresh_token}; csrf_token=${csrf}`,
      'x-csrf-token': csrf,
    });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('session_expired');
    const { lines } = cookiesOf(res);
    expect(lines.svc_access_token).toMatch(/^svc_access_token=; Max-Age=0; Path=\//);
    expect(lines.svc_refresh_token).toMatch(/^svc_refresh_token=; Max-Age=0; Path=\/api\/v1\/auth/);

    const customer = await createCustomer(t);
    const pair = (await t.asGuest().post('/api/v1/auth/login', { email: customer.email, password: PASSWORD })).body
      .data;
    await backdate(customer.id, 31);
    const gql = await t
      .asGuest()
      .gql('mutation($r: String!) { tokenRefresh(input: { refreshToken: $r }) { expiresIn } }', {
        r: pair.refresh_token,
      });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'session_expired', status: 401 });
  });
});

describe('production cookies are Secure by default', () => {
  async function productionServer(overrides: Record<string, unknown>) {
    const { log, entries } = captureLog('info');
    const server = await startTestServer({ env: 'production', ...overrides }, { log });
    return { server, entries };
  }
  const warnings = (entries: Array<Record<string, unknown>>) =>
    entries.filter((e) => e.level === 40 && e.key === 'security.csrf.secure');

  it('env production without security.csrf.secure: every session cookie is Secure and nothing warns', async () => {
    const { server, entries } = await productionServer({});
    try {
      const admin = await createAdmin(server);
      const res = await server
        .asGuest()
        .post('/api/v1/auth/login?cookie=true', { email: admin.email, password: PASSWORD });
      const { lines } = cookiesOf(res);
      for (const name of ['svc_access_token', 'svc_refresh_token', 'csrf_token'])
        expect([name, lines[name]]).toEqual([name, expect.stringMatching(/; Secure(;|$)/)]);
      expect(warnings(entries)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('turned off explicitly in production: the cookies lose Secure and start-up logs a warning', async () => {
    const { server, entries } = await productionServer({ 'security.csrf.secure': false });
    try {
      const admin = await createAdmin(server);
      const res = await server
        .asGuest()
        .post('/api/v1/auth/login?cookie=true', { email: admin.email, password: PASSWORD });
      expect(cookiesOf(res).lines.svc_access_token).not.toMatch(/Secure/);
      expect(warnings(entries)).toEqual([
        expect.objectContaining({
          msg: 'session cookies are sent without Secure in production (security.csrf.secure=false): serve over HTTPS and turn it on',
        }),
      ]);
    } finally {
      await server.close();
    }
  });
});
