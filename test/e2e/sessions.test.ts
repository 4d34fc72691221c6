import { createAdmin, PASSWORD } from '../fixtures/accounts';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false, config: { 'security.csrf.secure': true } });

const W = '/api/v1/admin/warehouses';

/** `name=value` pairs of the response's Set-Cookie headers, and the full header lines by name. */
function cookiesOf(res: { headers: Headers }) {
  const lines = res.headers.getSetCookie();
  const byName = Object.fromEntries(lines.map((l) => [l.split('=')[0], l]));
  const values = Object.fromEntries(lines.map((l) => [l.split('=')[0], l.split(';')[0].slice(l.indexOf('=') + 1)]));
  return { byName, values };
}

async function browserLogin() {
  const admin = await createAdmin(t);
  const res = await t.asGuest().post('/api/v1/auth/login?cookie=true', { email: admin.email, password: PASSWORD });
  expect(res.status).toBe(200);
  const { byName, values } = cookiesOf(res);
  return { res, byName, values, admin };
}

describe('browser sessions', () => {
  it('?cookie=true sets the HttpOnly session cookies of contract §4 and answers no token; without it none are set', async () => {
    const { res, byName } = await browserLogin();
    expect(res.body).toEqual({ data: { expires_in: 900, token_type: 'Bearer' } });
    expect(byName.svc_access_token).toMatch(
      /^svc_access_token=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=900; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(byName.svc_refresh_token).toMatch(
      /^svc_refresh_token=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=604800; Path=\/api\/v1\/auth; HttpOnly; Secure; SameSite=Lax$/,
    );
    const admin = await createAdmin(t);
    const plain = await t.asGuest().post('/api/v1/auth/login', { email: admin.email, password: PASSWORD });
    expect(Object.keys(cookiesOf(plain).byName)).toEqual(['csrf_token']);
  });

  it('sets csrf_token (64 hex, readable by scripts, SameSite Strict) on any response to a request without one', async () => {
    const res = await t.asGuest().get('/api/v1/health');
    expect(cookiesOf(res).byName.csrf_token).toMatch(/^csrf_token=[0-9a-f]{64}; Path=\/; Secure; SameSite=Strict$/);
    const again = await t.asGuest().get('/api/v1/health', { cookie: `csrf_token=${'a'.repeat(64)}` });
    expect(again.headers.getSetCookie()).toEqual([]);
    const notFound = await t.asGuest().get('/nowhere');
    expect(cookiesOf(notFound).byName.csrf_token).toBeDefined();
  });

  it('authenticates by the access cookie; unsafe methods need X-CSRF-Token equal to the cookie', async () => {
    const { values } = await browserLogin();
    const csrf = 'b'.repeat(64);
    const cookie = `svc_access_token=${values.svc_access_token}; csrf_token=${csrf}`;
    expect((await t.asGuest().get(W, { cookie })).status).toBe(200);
    const body = { name: 'Cookie', code: `c-${Date.now()}` };
    const missing = await t.asGuest().post(W, body, { cookie });
    expect(missing.status).toBe(403);
    expect(missing.body.errors[0]).toEqual({ code: 'csrf_token_invalid', detail: 'missing or invalid CSRF token' });
    expect((await t.asGuest().post(W, body, { cookie, 'x-csrf-token': 'c'.repeat(64) })).status).toBe(403);
    expect(
      (await t.asGuest().post(W, body, { cookie: `svc_access_token=${values.svc_access_token}`, 'x-csrf-token': csrf }))
        .status,
    ).toBe(403);
    expect((await t.asGuest().post(W, body, { cookie, 'x-csrf-token': csrf })).status).toBe(201);
    // GraphQL follows the same rule.
    const gql = await t.asGuest().post('/graphql', { query: '{ warehouses { meta { total } } }' }, { cookie });
    expect(gql.status).toBe(403);
    expect(gql.body.errors[0].extensions.code).toBe('csrf_token_invalid');
    expect(
      (
        await t
          .asGuest()
          .post('/graphql', { query: '{ warehouses { meta { total } } }' }, { cookie, 'x-csrf-token': csrf })
      ).body.data.warehouses.meta.total,
    ).toBeGreaterThan(0);
  });

  it('exempts requests with an Authorization header, requests without credential cookies, and plugin webhook paths only', async () => {
    const { values } = await browserLogin();
    const cookie = `svc_access_token=${values.svc_access_token}; csrf_token=${'d'.repeat(64)}`;
    const withHeader = await t
      .asGuest()
      .post(W, { name: 'H', code: `h-${Date.now()}` }, { cookie, authorization: `Bearer ${values.svc_access_token}` });
    expect(withHeader.status).toBe(201);
    expect(
      (await t.asGuest().post('/api/v1/auth/logout', undefined, { cookie: `csrf_token=${'d'.repeat(64)}` })).status,
    ).toBe(200);
    expect((await t.asGuest().post('/plugins/payprov/webhook', {}, { cookie })).status).toBe(404);
    expect((await t.asGuest().post('/plugins/payprov/webhooks/stripe', {}, { cookie })).status).toBe(404);
    for (const path of [
      '/plugins/payprov/admin/settings',
      '/plugins/payprov/store/thing',
      '/plugins/payprov/webhookx',
      '/plugins/payprov/assets/x',
    ]) {
      expect([path, (await t.asGuest().post(path, {}, { cookie })).status]).toEqual([path, 403]);
    }
    const guest = await t
      .asGuest()
      .post('/plugins/payprov/store/thing', {}, { cookie: `svc_guest_token=${'e'.repeat(64)}` });
    expect(guest.status).toBe(403);
  });

  it('refreshes from the refresh cookie (with CSRF) and logout clears both cookies', async () => {
    const { values } = await browserLogin();
    const csrf = 'f'.repeat(64);
    const cookie = `svc_refresh_token=${values.svc_refresh_token}; csrf_token=${csrf}`;
    expect((await t.asGuest().post('/api/v1/auth/refresh?cookie=true', undefined, { cookie })).status).toBe(403);
    const refreshed = await t
      .asGuest()
      .post('/api/v1/auth/refresh?cookie=true', undefined, { cookie, 'x-csrf-token': csrf });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({ data: { expires_in: 900, token_type: 'Bearer' } });
    const next = cookiesOf(refreshed).values;
    expect(next.svc_refresh_token).not.toBe(values.svc_refresh_token);
    expect(next.svc_access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const out = await t.asGuest().post('/api/v1/auth/logout', undefined, {
      cookie: `svc_access_token=${next.svc_access_token}; svc_refresh_token=${next.svc_refresh_token}; csrf_token=${csrf}`,
      'x-csrf-token': csrf,
    });
    expect(out.status).toBe(200);
    const cleared = cookiesOf(out).byName;
    expect(cleared.svc_access_token).toMatch(/^svc_access_token=; Max-Age=0; Path=\//);
    expect(cleared.svc_refresh_token).toMatch(/^svc_refresh_token=; Max-Age=0; Path=\/api\/v1\/auth/);
    expect(
      (await t.asGuest().get(W, { cookie: `svc_access_token=${next.svc_access_token}` })).body.errors[0].detail,
    ).toBe('token has been revoked');
    expect((await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: next.svc_refresh_token })).status).toBe(
      401,
    );
  });

  it('GraphQL login sets the same cookies; Apollo CSRF prevention still guards GET /graphql', async () => {
    const admin = await createAdmin(t);
    const res = await t.asGuest().post('/graphql', {
      query:
        'mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }, cookie: true) { expiresIn } }',
      variables: { e: admin.email, p: PASSWORD },
    });
    expect(res.body.data.login.expiresIn).toBe(900);
    expect(Object.keys(cookiesOf(res).byName).sort()).toEqual(['csrf_token', 'svc_access_token', 'svc_refresh_token']);
    const simple = await t.asGuest().get('/graphql?query=%7Bhealth%7Bstatus%7D%7D', { accept: 'application/json' });
    expect(simple.status).toBe(400);
    expect(simple.text).toMatch(/CSRF/i);
    const preflighted = await t.asGuest().get('/graphql?query=%7Bhealth%7Bstatus%7D%7D', {
      accept: 'application/json',
      'apollo-require-preflight': 'true',
    });
    expect(preflighted.status).toBe(200);
  });
});
