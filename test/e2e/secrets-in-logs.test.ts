import { Writable } from 'node:stream';

import { createLogger } from '../../src/platform/logger';
import { createAdmin, PASSWORD } from '../fixtures/accounts';
import { startTestServer, type TestServer } from '../harness/server';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { log: createLogger('trace', sink) });
});
afterAll(() => t?.close());

describe('logs', () => {
  it('never contain passwords, tokens, API keys or CSRF tokens, even at trace level and on failures', async () => {
    const admin = await createAdmin(t);
    const secrets: string[] = [PASSWORD];
    // A browser's login: the tokens travel only in the HttpOnly cookies (the body carries none).
    const login = await t.asGuest().post('/api/v1/auth/login?cookie=true', { email: admin.email, password: PASSWORD });
    const cookie = (name: string) =>
      login.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${name}=`))!
        .split(';')[0]
        .slice(name.length + 1);
    const pair = { access_token: cookie('svc_access_token'), refresh_token: cookie('svc_refresh_token') };
    secrets.push(pair.access_token, pair.refresh_token);
    await t.asGuest().post('/api/v1/auth/login', { email: admin.email, password: 'wrong password here' });
    secrets.push('wrong password here');
    const bearer = t.as({ kind: 'header', authorization: `Bearer ${pair.access_token}` });
    const key = (await bearer.post('/api/v1/admin/api-keys', { name: 'k', permissions: ['inventory.read'] })).body.data
      .key;
    secrets.push(key);
    await t.as({ kind: 'header', authorization: `ApiKey ${key}` }).get('/api/v1/admin/warehouses');
    const next = (await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: pair.refresh_token })).body.data;
    secrets.push(next.access_token, next.refresh_token);
    await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: pair.refresh_token });
    await t.asGuest().gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', {
      i: { email: admin.email, password: PASSWORD },
    });
    const csrf = 'a1'.repeat(32);
    await t
      .asGuest()
      .post(
        '/api/v1/admin/warehouses',
        { name: 'x', code: 'y' },
        { cookie: `svc_access_token=${next.access_token}; csrf_token=${csrf}`, 'x-csrf-token': csrf },
      );
    secrets.push(csrf);
    await t.service.services.background.drain();
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe('request log lines', () => {
  it('name the operation that ran: the GraphQL operation (or anonymous), the REST route operation', async () => {
    const graphql = await t.asGuest().gql('query ShopHealth { health { status } }');
    const anonymous = await t.asGuest().gql('{ health { status } }');
    const rest = await t.asGuest().get('/api/v1/store/products?limit=1');
    const logged = (id: string | null) =>
      lines
        .flatMap((chunk) => chunk.split('\n'))
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.msg === 'request' && l.requestId === id);
    expect(logged(graphql.requestId)).toMatchObject({ path: '/graphql', operation: 'query ShopHealth' });
    expect(logged(anonymous.requestId)).toMatchObject({ operation: 'query (anonymous)' });
    expect(logged(rest.headers.get('x-request-id'))).toMatchObject({ operation: expect.stringMatching(/^\w+$/) });
    // Outside production the line counts the request's SQL statements (a page: a few, whatever its size).
    expect(logged(rest.headers.get('x-request-id'))?.sql).toEqual(expect.any(Number));
    expect(logged(rest.headers.get('x-request-id'))?.sql).toBeGreaterThan(0);
  });

  it('leave the statement count out in production unless log.sql_counts=on (its promise hooks cost CPU)', async () => {
    for (const [sqlCounts, counted] of [
      ['auto', false],
      ['on', true],
    ] as const) {
      const own: string[] = [];
      const out = new Writable({
        write(chunk: Buffer, _enc, done) {
          own.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      });
      const prod = await startTestServer(
        { env: 'production', 'log.sql_counts': sqlCounts },
        { log: createLogger('info', out) },
      );
      try {
        const res = await prod.asGuest().get('/api/v1/store/products?limit=1');
        expect(res.status).toBe(200);
        const line = own
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((l) => l.msg === 'request' && l.requestId === res.headers.get('x-request-id'));
        expect(line).toMatchObject({ status: 200 });
        expect(line?.sql === undefined).toBe(!counted);
      } finally {
        await prod.close();
      }
    }
  });
});
