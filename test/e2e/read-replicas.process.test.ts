import { randomUUID } from 'node:crypto';

import pg from 'pg';

import { signToken } from '../../src/auth/tokens';
import { pgBinariesPresent, type PgCluster, startPgCluster } from '../harness/pg-cluster';
import { startTestServer, type TestServer } from '../harness/server';
import { eventually } from '../harness/webhook-receiver';

/**
 * `database.replica_urls` against a real streaming replica (initdb + pg_basebackup on free ports). The replica's
 * WAL replay is paused to make it visibly behind: a read that shows the old value came from the replica.
 * Instance W (no replicas) writes behind R's back, as another instance would; R has the replica configured.
 */
const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;
const why = [
  !onPostgres && 'SVC_TEST_DATABASE_URL (PostgreSQL)',
  !pgBinariesPresent && 'PostgreSQL 15 binaries',
].filter(Boolean);

if (why.length) {
  describe('read replicas', () => {
    it.skip(`needs ${why.join(' and ')}: not available`, () => undefined);
  });
} else {
  describe('read replicas', () => {
    let cluster: PgCluster;
    let w: TestServer;
    let r: TestServer;
    let replicaAdmin: pg.Client;
    const MAX_LAG_MS = 3000;
    const connectReplicaAdmin = async () => {
      replicaAdmin = new pg.Client({ connectionString: cluster.replica.url(cluster.database) });
      replicaAdmin.on('error', () => undefined); // the replica is stopped under it in one test
      await replicaAdmin.connect();
    };
    beforeAll(async () => {
      cluster = await startPgCluster();
      const shared = cluster.primary.url(cluster.database);
      // The response cache is off: a cached page would hide where the read went.
      w = await startTestServer({ 'cache.enabled': false }, { sharedDatabaseUrl: shared });
      r = await startTestServer(
        {
          'cache.enabled': false,
          'database.replica_urls': [cluster.replica.url(cluster.database)],
          'database.replica_max_lag_ms': MAX_LAG_MS,
          'database.read_your_writes_ms': 0,
        },
        { sharedDatabaseUrl: shared },
      );
      await connectReplicaAdmin();
    }, 120_000);
    afterAll(async () => {
      await replicaAdmin?.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
      await replicaAdmin?.end().catch(() => undefined);
      await r?.close();
      await w?.close();
      await cluster?.close();
    });

    // A failed test must not leave the next one a paused replica.
    afterEach(async () => {
      if (cluster.replica.running) await replicaAdmin.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
    });

    /**
     * A session signed in long ago (a token minted with a short lifetime reads as issued 14 minutes ago), whose
     * account is on the replica: a fresh sign-in reads from the primary for the window, which is tested below.
     */
    const oldSession = async (kind: 'admin' | 'customer') => {
      const id = randomUUID();
      const email = `${kind}-${id.slice(0, 8)}@example.com`;
      if (kind === 'admin')
        await w.db.adminUser.create({ data: { id, email, passwordHash: 'x', role: 'super_admin' } });
      else
        await w.db.customer.create({ data: { id, email, passwordHash: 'x', firstName: 'Old', lastName: 'Session' } });
      const role = kind === 'admin' ? 'super_admin' : 'customer';
      const { token } = await signToken({ id, email, utype: kind, role }, 'access', r.service.jwtSecret, {
        seconds: 60,
      });
      return { id, client: r.as({ kind: 'header', authorization: `Bearer ${token}` }) };
    };

    const replicaState = () => r.service.services.readRouting!.replicas()[0];
    const newProduct = async () => {
      const sku = `RR-${randomUUID().slice(0, 8)}`;
      const res = await w.asAdmin().post('/api/v1/admin/products', {
        currency: 'EUR',
        sku,
        price_gross: 1000,
        active: true,
        translations: [{ locale: 'en', name: sku, slug: sku.toLowerCase() }],
      });
      expect(res.status).toBe(201);
      return { id: res.body.data.id as string, slug: sku.toLowerCase() };
    };
    /** Pauses the replica's replay once it has everything so far: from now on it misses what the primary writes. */
    const freezeReplica = async () => {
      await cluster.waitForReplay();
      await eventually(() => replicaState().status === 'ok', 10_000);
      await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    };
    const thaw = async () => {
      await replicaAdmin.query('SELECT pg_wal_replay_resume()');
      await eventually(() => replicaState().status === 'ok', 10_000);
    };
    const storePrice = async (slug: string) => {
      const res = await r.asGuest().get(`/api/v1/store/products/${slug}`);
      expect(res.status).toBe(200);
      return res.body.data.price_gross as number;
    };

    it('anonymous store reads, GraphQL queries and admin lists read from the replica; a replica that lags leaves the rotation and returns', async () => {
      const p = await newProduct();
      const staff = (await oldSession('admin')).client;
      await freezeReplica();
      // Another instance's write (R hears of no store write: no shared Redis here).
      expect((await w.asAdmin().put(`/api/v1/admin/products/${p.id}`, { price_gross: 2000 })).status).toBe(200);
      expect(await storePrice(p.slug)).toBe(1000);
      const gql = await r.asGuest().gql('query ($s: String!) { storeProduct(slug: $s) { priceGross } }', { s: p.slug });
      expect(gql.data.storeProduct.priceGross).toBe(1000);
      const listed = await staff.get(`/api/v1/admin/products/${p.id}`);
      expect(listed.body.data.price_gross).toBe(1000);
      // Behind by more than the bound: out of rotation, and every read goes to the primary.
      await eventually(() => replicaState().status === 'lagging', 20_000);
      expect(replicaState().lagMs).toBeGreaterThan(MAX_LAG_MS);
      expect(await storePrice(p.slug)).toBe(2000);
      await thaw();
      expect(await storePrice(p.slug)).toBe(2000);
    }, 60_000);

    it('a session reads its own writes (and a fresh sign-in what preceded it) from the primary while others read the replica; a store write sends anonymous reads to the primary for the window', async () => {
      const me = await oldSession('customer');
      const staff = (await oldSession('admin')).client;
      const p = await newProduct();
      await freezeReplica();
      // Customers are not store data: only this session's window opens.
      expect((await me.client.put('/api/v1/store/account', { first_name: 'Renamed' })).status).toBe(200);
      expect((await me.client.get('/api/v1/store/account')).body.data.first_name).toBe('Renamed');
      expect(replicaState().status).toBe('ok');
      expect((await staff.get(`/api/v1/admin/customers/${me.id}`)).body.data.first_name).toBe('Old');
      // Registered and signed in a moment ago (the account is not on the replica): its reads go to the primary.
      const newcomer = r.asCustomer();
      expect((await newcomer.get('/api/v1/store/account')).status).toBe(200);
      // A store write (a product's price) sends this instance's anonymous reads to the primary for the window;
      // a signed-in session that did not write still reads the replica.
      const price = await r.asAdmin().put(`/api/v1/admin/products/${p.id}`, { price_gross: 3000 });
      expect(price.status).toBe(200);
      expect(await storePrice(p.slug)).toBe(3000);
      if (replicaState().status === 'ok')
        expect((await staff.get(`/api/v1/admin/products/${p.id}`)).body.data.price_gross).toBe(1000);
      await thaw();
    }, 60_000);

    it('a stopped replica costs its readers nothing: reads go to the primary until it is back', async () => {
      const p = await newProduct();
      await cluster.waitForReplay();
      await cluster.replica.stop('immediate');
      await replicaAdmin.end().catch(() => undefined);
      for (let i = 0; i < 20; i++) expect(await storePrice(p.slug)).toBe(1000);
      await eventually(() => replicaState().status === 'unreachable', 10_000);
      // Readiness reports it, and stays 200: the primary serves every read meanwhile.
      const down = await r.asGuest().get('/api/v1/health/ready');
      expect(down.status).toBe(200);
      expect(down.body.data).toMatchObject({
        status: 'degraded',
        replicas: [{ name: expect.stringContaining(`:${cluster.replica.port}/`), status: 'unreachable', lag_ms: null }],
      });
      await cluster.replica.start();
      await connectReplicaAdmin();
      await eventually(() => replicaState().status === 'ok', 20_000);
      expect(await storePrice(p.slug)).toBe(1000);
      const back = await r.asGuest().gql('{ readiness { status replicas { status lagMs } } }');
      expect(back.data.readiness).toMatchObject({ status: 'ready', replicas: [{ status: 'ok' }] });
    }, 60_000);
  });
}
