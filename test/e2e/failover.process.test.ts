import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import { signToken } from '../../src/auth/tokens';
import { ADDRESS, createShop, stockedProduct } from '../fixtures/shop';
import { expectStockConsistent } from '../fixtures/stock-invariants';
import { freePort } from '../harness/free-port';
import { type Haproxy, haproxyPresent, startHaproxy } from '../harness/haproxy';
import { pgBinariesPresent, type PgCluster, startPgCluster } from '../harness/pg-cluster';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../harness/server';
import { eventually, startReceiver } from '../harness/webhook-receiver';

/**
 * Issue 29's proof with real parts: a temporary primary and streaming replica, two API instances (background
 * jobs off, reads routed to the replica) and one `svc worker`, behind HAProxy, sharing the machine's Redis.
 * Clients browse, fill carts, check out with idempotency keys (retrying what a cut connection left unknown)
 * and edit products (reading each edit back), while API instance 1 is SIGKILLed and restarted and the
 * replica is stopped and started. Afterwards: each acknowledged checkout exists exactly once, retries made no
 * duplicate, the stock ledger balances, every webhook arrived exactly once, no read after an acknowledged
 * write was stale. SVC_TEST_FAILOVER_SECONDS sets the load's length (20 in CI; e.g. 300 for a longer run).
 */
const SECONDS = Number(process.env.SVC_TEST_FAILOVER_SECONDS ?? 20);
const CLIENTS = Number(process.env.SVC_TEST_FAILOVER_CLIENTS ?? 8);
const REDIS_URL = process.env.SVC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = join(__dirname, '..', '..');
const SVC = ['-r', '@swc-node/register', join(root, 'app/main.ts')];
const SECRET = 'failover-webhook-secret-'.padEnd(40, 'f');

const redisUp = (() => {
  const { hostname, port } = new URL(REDIS_URL);
  const probe = `const s=require('net').connect(${Number(port) || 6379},'${hostname}');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),1000)`;
  return spawnSync(process.execPath, ['-e', probe]).status === 0;
})();
const why = [
  !process.env.SVC_TEST_DATABASE_URL && 'SVC_TEST_DATABASE_URL (PostgreSQL)',
  !pgBinariesPresent && 'PostgreSQL 15 binaries (initdb, pg_basebackup)',
  !haproxyPresent && 'haproxy (apt-get install haproxy)',
  !redisUp && `Redis at ${REDIS_URL}`,
].filter(Boolean);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A service process (`svc serve` or `svc worker`) with the configuration every part shares. */
class SvcProcess {
  child?: ChildProcess;
  private stderr = '';
  constructor(
    readonly name: string,
    private readonly command: 'serve' | 'worker',
    private readonly env: Record<string, string>,
    readonly healthUrl: string,
  ) {}

  async start(): Promise<void> {
    this.stderr = '';
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !k.startsWith('SVC_') && k !== 'DATABASE_URL' && k !== 'NODE_OPTIONS',
      ),
    );
    const child = spawn(process.execPath, [...SVC, this.command], {
      cwd: root,
      env: { ...clean, ...this.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (c: Buffer) => (this.stderr = (this.stderr + c.toString()).slice(-4000)));
    this.child = child;
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`${this.name} exited ${child.exitCode}: ${this.stderr}`);
      return fetch(`${this.healthUrl}/api/v1/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
    }, 90_000);
  }

  kill(): Promise<void> {
    const child = this.child!;
    if (child.exitCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    return exited;
  }

  /** SIGTERM: a graceful stop; resolves with the exit code. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  }
}

type Answer = { status: number; body: any; attempts: number };

if (why.length) {
  describe('failover with real parts', () => {
    it.skip(`needs ${why.join(', ')}: not available`, () => undefined);
  });
} else {
  describe('failover with real parts', () => {
    let cluster: PgCluster;
    let arranger: TestServer;
    let lb: Haproxy;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    const processes: SvcProcess[] = [];

    beforeAll(async () => {
      cluster = await startPgCluster();
      receiver = await startReceiver(() => ({ status: 204 }));
      // In-process, on the primary: migrates, and arranges the shop and checks the database afterwards.
      arranger = await startTestServer(
        { 'server.background_jobs': false },
        { sharedDatabaseUrl: cluster.primary.url(cluster.database) },
      );
    }, 120_000);
    afterAll(async () => {
      await lb?.close();
      for (const p of processes) await p.kill().catch(() => undefined);
      await arranger?.close();
      await receiver?.close();
      await cluster?.close();
    });

    it(`mixed load for ${SECONDS}s while an API instance is SIGKILLed and restarted and the replica stopped and started: nothing lost, nothing doubled, nothing stale`, async () => {
      const shop = await createShop(arranger);
      const products: Array<{ id: string; slug: string }> = [];
      for (let i = 0; i < 6; i++) {
        const p = await stockedProduct(arranger, shop.warehouse.id, 100_000, { priceGross: 500 + i });
        const slug = (await arranger.db.productTranslation.findFirstOrThrow({ where: { productId: p.id } })).slug;
        products.push({ id: p.id, slug });
      }
      // One product per editing client, so each knows the last value it wrote.
      const edited: Array<{ id: string; slug: string }> = [];
      for (let i = 0; i < CLIENTS; i++) {
        const p = await stockedProduct(arranger, shop.warehouse.id, 10, { priceGross: 100 });
        const slug = (await arranger.db.productTranslation.findFirstOrThrow({ where: { productId: p.id } })).slug;
        edited.push({ id: p.id, slug });
      }
      const staff = await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          const id = randomUUID();
          const email = `staff-${id.slice(0, 8)}@example.com`;
          await arranger.db.adminUser.create({ data: { id, email, passwordHash: 'x', role: 'super_admin' } });
          const { token } = await signToken(
            { id, email, utype: 'admin', role: 'super_admin' },
            'access',
            arranger.service.jwtSecret,
          );
          return `Bearer ${token}`;
        }),
      );

      const [port1, port2, workerPort] = [await freePort(), await freePort(), await freePort()];
      const shared = {
        SVC_DATABASE_URL: cluster.primary.url(cluster.database),
        SVC_DATABASE_TLS: 'disable',
        SVC_DATABASE_REPLICA_URLS: cluster.replica.url(cluster.database),
        SVC_DATABASE_REPLICA_MAX_LAG_MS: '500',
        SVC_DATABASE_MAX_CONNECTIONS: '10',
        SVC_REDIS_URL: REDIS_URL,
        SVC_AUTH_JWT_SECRET: TEST_JWT_SECRET,
        SVC_SERVER_HOST: '127.0.0.1',
        SVC_SERVER_BACKGROUND_JOBS: 'false',
        SVC_SERVER_TRUSTED_PROXIES: '127.0.0.1',
        SVC_LOG_LEVEL: 'warn',
        SVC_SECURITY_RATE_LIMIT_REQUESTS_PER_MINUTE: '1000000',
        SVC_SECURITY_RATE_LIMIT_BURST: '1000000',
        SVC_SECURITY_RATE_LIMIT_CHECKOUT_REQUESTS_PER_MINUTE: '1000000',
        SVC_SECURITY_RATE_LIMIT_GUEST_ORDER_REQUESTS_PER_MINUTE: '1000000',
        SVC_PLUGINS_AUTOMATION_WEBHOOK_BASE_URL: `${receiver.url}/hooks`,
        SVC_PLUGINS_AUTOMATION_SECRET: SECRET,
        SVC_PLUGINS_AUTOMATION_HOOKS: 'order.after_create,product.after_update',
        SVC_PLUGINS_AUTOMATION_POLL_INTERVAL_MS: '100',
      };
      const api1 = new SvcProcess(
        'api1',
        'serve',
        { ...shared, SVC_SERVER_PORT: String(port1) },
        `http://127.0.0.1:${port1}`,
      );
      const api2 = new SvcProcess(
        'api2',
        'serve',
        { ...shared, SVC_SERVER_PORT: String(port2) },
        `http://127.0.0.1:${port2}`,
      );
      const worker = new SvcProcess(
        'worker',
        'worker',
        { ...shared, SVC_WORKER_HEALTH_PORT: String(workerPort) },
        `http://127.0.0.1:${workerPort}`,
      );
      processes.push(api1, api2, worker);
      // One at a time: three compilations at once on two cores take longer than one after another.
      for (const p of processes) await p.start();
      lb = await startHaproxy([`127.0.0.1:${port1}`, `127.0.0.1:${port2}`]);

      /** Table scans the replica ran: requests' reads (the lag checks touch no table); kept over a clean restart. */
      const replicaScans = async () => {
        const c = new (await import('pg')).default.Client({ connectionString: cluster.replica.url(cluster.database) });
        await c.connect();
        try {
          const { rows } = await c.query<{ n: string }>(
            'SELECT (sum(seq_scan) + sum(coalesce(idx_scan, 0)))::text AS n FROM pg_stat_user_tables',
          );
          return Number(rows[0].n);
        } finally {
          await c.end();
        }
      };
      const replicaBefore = await replicaScans();

      // ---- the clients ----
      const statuses = new Map<number, number>();
      const failoverFiveXx: Array<{ at: number; status: number; what: string }> = [];
      let cutConnections = 0;
      const cutSamples: string[] = [];
      const fiveXxSamples: string[] = [];
      let retried = 0;
      let stale = 0;
      let chaosDone = false;
      const staleSamples: string[] = [];
      const checkouts: Array<{ key: string; orderId: string; attempts: number }> = [];
      let refusedCheckouts = 0;
      let edits = 0;
      const started = Date.now();
      const until = started + SECONDS * 1000;

      /** Sends a request through the load balancer; a cut connection or a 502/503/504 is retried (same request). */
      const send = async (
        what: string,
        method: string,
        path: string,
        opts: { body?: unknown; headers?: Record<string, string> } = {},
      ): Promise<Answer> => {
        for (let attempt = 1; ; attempt++) {
          let status: number;
          let body: any = null;
          try {
            const res = await fetch(`${lb.url}${path}`, {
              method,
              headers: { 'content-type': 'application/json', ...opts.headers },
              body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
              signal: AbortSignal.timeout(15_000),
            });
            status = res.status;
            const text = await res.text();
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              // Not the service's JSON: the load balancer's own error page.
              if (cutSamples.length < 8)
                cutSamples.push(`${Date.now() - started} ms ${what}: ${status} ${text.slice(0, 80)}`);
              if (status < 500) status = 599;
            }
          } catch (err) {
            status = 0; // the connection was cut (the instance died under it)
            if (cutSamples.length < 8)
              cutSamples.push(`${Date.now() - started} ms ${what}: ${String((err as Error).cause ?? err)}`);
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 0) cutConnections++;
          if (status >= 500) {
            failoverFiveXx.push({ at: Date.now() - started, status, what });
            if (fiveXxSamples.length < 6)
              fiveXxSamples.push(`${Date.now() - started} ms ${what}: ${status} ${JSON.stringify(body).slice(0, 120)}`);
          }
          if ((status === 0 || status === 502 || status === 503 || status === 504) && attempt < 30) {
            retried++;
            await sleep(100);
            continue;
          }
          return { status, body, attempts: attempt };
        }
      };
      const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

      const browse = async () => {
        await send('browse', 'GET', '/api/v1/store/products?limit=10');
        await send('product page', 'GET', `/api/v1/store/products/${pick(products).slug}`);
      };
      const cartCheckout = async () => {
        const cart = await send('cart create', 'POST', '/api/v1/store/cart', { body: {} });
        if (cart.status !== 201) return;
        const headers = { 'x-cart-token': cart.body.data.session_token as string };
        const added = await send('cart add', 'POST', `/api/v1/store/cart/${cart.body.data.id}/items`, {
          body: { product_id: pick(products).id, quantity: 1 + Math.floor(Math.random() * 2) },
          headers,
        });
        if (added.status !== 201) return;
        const key = randomUUID();
        const res = await send('checkout', 'POST', '/api/v1/store/checkout', {
          headers: { ...headers, 'idempotency-key': key },
          body: {
            cart_id: cart.body.data.id,
            email: `fo-${key}@example.com`,
            shipping_method_id: shop.shipping.id,
            payment_method_id: shop.payment.id,
            shipping_address: ADDRESS,
          },
        });
        if (res.status === 201) checkouts.push({ key, orderId: res.body.data.id, attempts: res.attempts });
        else refusedCheckouts++;
      };
      const editAndReadBack = async (client: number) => {
        const product = edited[client];
        const price = 100 + Math.floor(Math.random() * 100_000);
        const auth = { authorization: staff[client] };
        const put = await send('admin edit', 'PUT', `/api/v1/admin/products/${product.id}`, {
          body: { price_gross: price },
          headers: auth,
        });
        if (put.status !== 200) return;
        edits++;
        const mine = await send('admin read', 'GET', `/api/v1/admin/products/${product.id}`, { headers: auth });
        const store = await send('store read', 'GET', `/api/v1/store/products/${product.slug}`);
        for (const [who, res] of [
          ['admin', mine],
          ['store', store],
        ] as const)
          if (res.status === 200 && res.body.data.price_gross !== price) {
            stale++;
            if (staleSamples.length < 5) staleSamples.push(`${who}: wrote ${price}, read ${res.body.data.price_gross}`);
          }
      };

      const clients = Array.from({ length: CLIENTS }, async (_, client) => {
        // The load outlasts the failures: a restart that took long still happens under load.
        while (Date.now() < until || !chaosDone) {
          const roll = Math.random();
          if (roll < 0.4) await browse();
          else if (roll < 0.8) await cartCheckout();
          else await editAndReadBack(client);
        }
      });

      // ---- the failures, at fixed points of the run ----
      const events: string[] = [];
      const at = (fraction: number) => sleep(Math.max(0, started + SECONDS * 1000 * fraction - Date.now()));
      const chaos = (async () => {
        await at(0.2);
        events.push(`${Date.now() - started} ms: SIGKILL api1`);
        await api1.kill();
        await at(0.35);
        events.push(`${Date.now() - started} ms: restarting api1`);
        await api1.start();
        events.push(`${Date.now() - started} ms: api1 ready`);
        await at(0.5);
        events.push(`${Date.now() - started} ms: replica stopped`);
        await cluster.replica.stop('fast');
        await sleep(Math.max(3000, SECONDS * 200));
        await cluster.replica.start();
        events.push(`${Date.now() - started} ms: replica started`);
        await sleep(2000);
        chaosDone = true;
      })();
      await Promise.all([...clients, chaos]);
      const loadMs = Date.now() - started;

      // ---- afterwards ----
      // Every outbox row delivered (the worker keeps relaying), then the worker stops gracefully.
      await eventually(async () => {
        const [row] = await arranger.db.$queryRaw<Array<{ n: bigint }>>`
          SELECT count(*) AS n FROM automation_events WHERE status <> 'delivered'`;
        return row.n === 0n;
      }, 60_000);
      expect(await worker.stop()).toBe(0);

      const orderIds = checkouts.map((c) => c.orderId);
      const byEmail = await arranger.db.order.groupBy({
        by: ['email'],
        _count: { _all: true },
        where: { email: { startsWith: 'fo-' } },
      });
      const duplicates = byEmail.filter((g) => g._count._all > 1);
      const acknowledged = new Set(checkouts.map((c) => `fo-${c.key}@example.com`));
      const found = await arranger.db.order.findMany({
        where: { id: { in: orderIds } },
        select: { id: true, email: true },
      });
      const deliveries = receiver.received.filter((r) => r.path === '/hooks/order.after_create');
      const deliveredOrders = new Map<string, number>();
      for (const d of deliveries) {
        const id = JSON.parse(d.body).entity.id as string;
        deliveredOrders.set(id, (deliveredOrders.get(id) ?? 0) + 1);
      }
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      const [events_] = await arranger.db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM automation_events`;
      const allOrders = await arranger.db.order.count({ where: { email: { startsWith: 'fo-' } } });
      // Statistics reach the view within a second of the transactions.
      await sleep(1000);
      const replicaReads = (await replicaScans()) - replicaBefore;
      const productUpdates = receiver.received.filter((r) => r.path === '/hooks/product.after_update').length;

      const summary = {
        seconds: Math.round(loadMs / 1000),
        clients: CLIENTS,
        requests: [...statuses.values()].reduce((a, b) => a + b, 0),
        statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
        cutConnections,
        retried,
        fiveXxDuringFailover: failoverFiveXx.length,
        fiveXxByStatus: failoverFiveXx.reduce<Record<number, number>>(
          (m, e) => ((m[e.status] = (m[e.status] ?? 0) + 1), m),
          {},
        ),
        checkoutsAcknowledged: checkouts.length,
        checkoutsRetried: checkouts.filter((c) => c.attempts > 1).length,
        checkoutsRefused: refusedCheckouts,
        ordersInDatabase: allOrders,
        duplicateOrders: duplicates.length,
        edits,
        staleReads: stale,
        replicaTableScans: replicaReads,
        webhooksReceived: receiver.received.length,
        outboxEvents: Number(events_.n),
        orderWebhooks: deliveries.length,
        productUpdateWebhooks: productUpdates,
        events,
        cutSamples,
        fiveXxSamples,
      };
      console.log(`failover summary\n${JSON.stringify(summary, null, 2)}`);

      expect(checkouts.length).toBeGreaterThan(0);
      // No application error: a 5xx only where HAProxy answered for a connection the kill cut.
      expect(failoverFiveXx.filter((e) => e.status === 500)).toEqual([]);
      // Every acknowledged checkout exists, exactly once; retries made no second order.
      expect(found.length).toBe(new Set(orderIds).size);
      expect(found.every((o) => acknowledged.has(o.email))).toBe(true);
      expect(duplicates).toEqual([]);
      // Orders the clients never saw acknowledged (a checkout cut and not retried) would show up here.
      expect(allOrders).toBe(checkouts.length);
      await expectStockConsistent(
        arranger,
        [...products, ...edited].map((p) => p.id),
        orderIds,
      );
      // Each outbox event delivered exactly once; each order's webhook arrived once.
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(Number(events_.n));
      for (const id of orderIds) expect([id, deliveredOrders.get(id)]).toEqual([id, 1]);
      expect(deliveries.length).toBe(allOrders);
      expect(staleSamples).toEqual([]);
    }, 600_000);
  });
}
