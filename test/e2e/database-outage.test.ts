/**
 * Issue 18: PostgreSQL goes away under load and comes back. While it is gone requests answer 503
 * `service_unavailable` quickly (never a 500, never a hang), readiness says so, and once it is back the
 * service recovers without a restart. PostgreSQL only (reached through a proxy the test can cut).
 */
import { createAdmin, PASSWORD } from '../fixtures/accounts';
import { startTestServer, type TestServer } from '../harness/server';
import { TcpProxy } from '../harness/tcp-proxy';

const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;

(onPostgres ? describe : describe.skip)('PostgreSQL outage', () => {
  let owner: TestServer;
  let t: TestServer;
  let proxy: TcpProxy;
  beforeAll(async () => {
    owner = await startTestServer();
    const url = new URL(owner.databaseUrl!);
    proxy = await new TcpProxy(url.hostname, Number(url.port || 5432)).start();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    t = await startTestServer({}, { sharedDatabaseUrl: url.toString() });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.cut();
    await owner?.close();
  });

  it('answers 503 service_unavailable while the database is gone, and recovers when it is back', async () => {
    const admin = await createAdmin(t);
    const token = (await t.asGuest().post('/api/v1/auth/login', { email: admin.email, password: PASSWORD })).body.data
      .access_token as string;
    // A real bearer token: the harness's asAdmin() would write its account first, which needs the database.
    const staff = t.as({ kind: 'header', authorization: `Bearer ${token}` });
    const read = () => t.asGuest().get('/api/v1/store/products?limit=5');
    const write = () => staff.post('/api/v1/admin/warehouses', { name: 'W', code: `W${Date.now()}${Math.random()}` });
    expect((await read()).status).toBe(200);
    expect((await write()).status).toBe(201);

    await proxy.cut();
    const started = Date.now();
    const answers = await Promise.all([...Array.from({ length: 10 }, read), write(), write()]);
    const statuses = answers.map((r) => r.status);
    expect(statuses).toEqual(Array(12).fill(503));
    for (const r of answers)
      expect(r.body.errors[0]).toEqual({ code: 'service_unavailable', detail: 'the database is unavailable' });
    expect(answers[0].headers.get('retry-after')).toBe('5');
    // At once, not after the pool's 10 s connect timeout: the bound sits just below that, generous for a busy machine.
    expect(Date.now() - started).toBeLessThan(9_000);
    const readiness = await t.asGuest().get('/api/v1/health/ready');
    expect(readiness.status).toBe(503);
    expect(readiness.body.data).toMatchObject({ status: 'not_ready', database: 'unreachable' });
    const graphql = await t.asGuest().gql('{ storeProducts(limit: 1) { items { id } } }');
    expect(graphql.errors?.[0].extensions).toMatchObject({ code: 'service_unavailable', status: 503 });

    await proxy.restore();
    expect((await read()).status).toBe(200);
    expect((await write()).status).toBe(201);
    expect((await t.asGuest().get('/api/v1/health/ready')).status).toBe(200);
  }, 60_000);
});
