import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

import { automationPlugin } from '../../plugins/automation';
import { createShop, stockedProduct } from '../fixtures/shop';
import { startTestServer, type TestServer } from '../harness/server';
import { startReceiver } from '../harness/webhook-receiver';

/**
 * docs/scaling.md in a test: two instances of the service on one PostgreSQL database and one Redis behave as one
 * service: rate limits count across both, a write on one retires the other's cached pages at once, and the
 * automation plugin's relays on both deliver each webhook once (delivery leases in the database).
 */
const REDIS_URL = process.env.SVC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = (() => {
  const { hostname, port } = new URL(REDIS_URL);
  const probe = `const s=require('net').connect(${Number(port) || 6379},'${hostname}');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),1000)`;
  return spawnSync(process.execPath, ['-e', probe]).status === 0;
})();
const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;
const why = [!onPostgres && 'SVC_TEST_DATABASE_URL (PostgreSQL)', !redisUp && `Redis at ${REDIS_URL}`].filter(Boolean);

const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const CSRF = { cookie: `csrf_token=${'b'.repeat(64)}` };

async function eventually(check: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

if (why.length) {
  describe('two instances on one PostgreSQL and one Redis', () => {
    it.skip(`needs ${why.join(' and ')}: not available`, () => undefined);
  });
} else {
  describe('two instances on one PostgreSQL and one Redis', () => {
    let a: TestServer;
    let b: TestServer;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      receiver = await startReceiver(() => ({ status: 204 }));
      const config = {
        'redis.url': REDIS_URL,
        'server.trusted_proxies': ['127.0.0.1', '::1'],
        'security.rate_limit.requests_per_minute': 600,
        'security.rate_limit.burst': 100,
        plugins: {
          automation: {
            webhook_base_url: receiver.url,
            secret: 'x'.repeat(32),
            poll_interval_ms: 30,
            timeout_seconds: 5,
          },
        },
      };
      a = await startTestServer(config, { plugins: [automationPlugin] });
      b = await startTestServer(config, { plugins: [automationPlugin], sharedDatabaseUrl: a.databaseUrl });
    }, 60_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await receiver?.close();
    });

    it('count one client IP against one rate limit, whichever instance it reaches', async () => {
      // An instance that has not reached Redis yet counts in its own memory (docs/operations.md): wait for both.
      for (const t of [a, b])
        await eventually(async () => (await t.asGuest().get('/api/v1/health/ready')).body.data.redis === 'ok', 10_000);
      const ip = { 'x-forwarded-for': newIp() };
      for (let i = 0; i < 100; i++) {
        const res = await (i % 2 ? a : b).asGuest().get('/api/v1/health', ip);
        expect(res.status).toBe(200);
      }
      expect((await a.asGuest().get('/api/v1/health', ip)).status).toBe(429);
      expect((await b.asGuest().get('/api/v1/health', ip)).status).toBe(429);
    });

    it('retire cached pages on both instances when either writes (price, stock, checkout)', async () => {
      expect(a.service.services.catalogGeneration.kind).toBe('redis');
      const shop = await createShop(a);
      const product = await stockedProduct(a, shop.warehouse.id, 5, { priceGross: 1000 });
      const path = `/api/v1/store/products/id/${product.id}`;
      const read = (t: TestServer) => t.asGuest().get(path, { ...CSRF, 'x-forwarded-for': newIp() });
      const warm = async (t: TestServer) => {
        await read(t);
        const hit = await read(t);
        expect(hit.headers.get('x-cache')).toBe('hit');
        return hit.body.data;
      };

      expect(await warm(b)).toMatchObject({ price_gross: 1000, stock: 5 });
      await a.asAdmin().put(`/api/v1/admin/products/${product.id}`, { price_gross: 1500 });
      expect((await read(b)).body.data.price_gross).toBe(1500);

      await warm(a);
      await b.asAdmin().put(`/api/v1/admin/warehouses/${shop.warehouse.id}/stock`, {
        items: [{ product_id: product.id, quantity: 8 }],
      });
      expect((await read(a)).body.data.stock).toBe(8);

      await warm(b);
      const order = await a.asGuest().post('/api/v1/store/checkout', {
        items: [{ product_id: product.id, quantity: 3 }],
        shipping_address: { first_name: 'A', last_name: 'B', street: 'S 1', city: 'C', zip: '1', country_code: 'DE' },
        shipping_method_id: shop.shipping.id,
        payment_method_id: shop.payment.id,
        email: 'scale@example.com',
      });
      expect(order.status).toBe(201);
      expect((await read(b)).body.data.stock).toBe(5);
    });

    it('deliver each webhook once while both relays run (delivery leases)', async () => {
      const before = receiver.received.length;
      const tag = Date.now().toString(36);
      const n = 20;
      await Promise.all(
        Array.from({ length: n }, (_, i) =>
          (i % 2 ? a : b).asAdmin().post('/api/v1/admin/products', {
            currency: 'EUR',
            sku: `SCALE-${i}-${tag}`,
            translations: [{ locale: 'en', name: `scale ${i}`, slug: `scale-${i}-${tag}` }],
          }),
        ),
      );
      const mine = () =>
        receiver.received.slice(before).filter((r) => r.body.includes(`SCALE-`) && r.body.includes(tag));
      await eventually(async () => mine().length >= n, 30_000);
      // A short grace period: a duplicate delivery by the other relay would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = mine().map((r) => String(r.headers['x-svc-event-id']));
      expect(ids).toHaveLength(n);
      expect(new Set(ids).size).toBe(n);
    }, 60_000);
  });
}
