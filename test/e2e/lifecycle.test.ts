import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';

import { createShop, guestCheckout, stockedProduct } from '../fixtures/shop';
import { captureLog } from '../harness/capture-log';
import { startTestServer } from '../harness/server';

describe('slow clients and shutdown', () => {
  it('drops a client that never finishes its headers', async () => {
    const t = await startTestServer({ 'server.headers_timeout_seconds': 1 });
    try {
      const { port } = new URL(t.url);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n'),
        );
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
        setTimeout(() => reject(new Error('the server kept the slow connection open')), 8000).unref();
      });
      // The 408 is the headers timeout's own answer (a hang would be the 8 s rejection above): no wall-clock
      // figure to assert, which a busy machine could miss.
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await t.close();
    }
  });

  it('answers health 503 stopping and readiness 503 draining during the shutdown delay, then stops listening', async () => {
    const t = await startTestServer({ 'server.shutdown_delay_seconds': 1 });
    const ready = await t.asGuest().get('/api/v1/health');
    expect(ready.body.data.status).toBe('ok');
    const readiness = await t.asGuest().get('/api/v1/health/ready');
    expect(readiness.status).toBe(200);
    expect(readiness.body.data).toEqual({
      status: 'ready',
      database: 'ok',
      redis: 'not_configured',
      pending_migrations: 0,
      draining: false,
      replicas: [],
    });
    const closing = t.close();
    await new Promise((r) => setTimeout(r, 200));
    const stopping = await t.asGuest().get('/api/v1/health');
    expect(stopping.status).toBe(503);
    // A kept-alive client is told to reconnect elsewhere.
    expect(stopping.headers.get('connection')).toBe('close');
    expect(stopping.body.data.status).toBe('stopping');
    const draining = await t.asGuest().get('/api/v1/health/ready');
    expect(draining.status).toBe(503);
    expect(draining.body.data).toMatchObject({ status: 'not_ready', draining: true });
    await closing;
    await expect(fetch(`${t.url}/api/v1/health`)).rejects.toThrow();
  });

  it('shutdown (what SIGTERM runs) during a burst of checkouts: every request that arrived gets its complete answer, then it stops', async () => {
    const t = await startTestServer({ 'server.shutdown_delay_seconds': 0 });
    const shop = await createShop(t);
    const product = await stockedProduct(t, shop.warehouse.id, 100, { priceGross: 100 });
    // Each checkout waits in `checkout.before` until shutdown has begun, so all of them are in flight at the signal.
    let arrived = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.service.services.hooks.register('checkout.before', async () => {
      arrived++;
      await gate;
    });
    const BURST = 20;
    const burst = Array.from({ length: BURST }, () =>
      guestCheckout(t, shop, product.id, { email: 'drain@example.com' }),
    );
    while (arrived < BURST) await new Promise((r) => setTimeout(r, 20));
    const closing = t.close();
    await new Promise((r) => setTimeout(r, 100));
    // New connections are refused while the in-flight ones finish.
    await expect(fetch(`${t.url}/api/v1/health`)).rejects.toThrow();
    release();
    const answers = await Promise.all(burst);
    expect(answers.map((r) => r.status)).toEqual(Array(BURST).fill(201));
    await closing;
  });

  it('past the grace period it cuts the connection but lets the handler finish its transaction before closing the database', async () => {
    const t = await startTestServer({ 'server.shutdown_delay_seconds': 0, 'server.shutdown_timeout_seconds': 0 });
    const shop = await createShop(t);
    const product = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 100 });
    let arrived = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.service.services.hooks.register('checkout.before', async () => {
      arrived = true;
      await gate;
    });
    // After-hooks run once the order is committed; shutdown drains them before it closes the database.
    const placed: string[] = [];
    t.service.services.hooks.register('checkout.after', (e) => void placed.push(String(e.entity.id)));
    const request = guestCheckout(t, shop, product.id, { email: 'late@example.com' }).then(
      () => 'answered',
      () => 'cut',
    );
    while (!arrived) await new Promise((r) => setTimeout(r, 20));
    const closing = t.close();
    expect(await request).toBe('cut');
    release();
    await closing;
    expect(placed).toHaveLength(1);
  });

  it('a download the client cut off counts as finished: shutdown drains at once, with no "still running"', async () => {
    const { log, entries } = captureLog('info');
    const t = await startTestServer({ 'server.shutdown_delay_seconds': 0 }, { log });
    // A large upload (a PNG by its first bytes), far more than the socket buffers hold.
    const key = '2026/01/0dead0ff-large.png';
    const file = join(t.service.services.config.data_dir, 'uploads', key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32 << 20)]),
    );
    const { port } = new URL(t.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /uploads/${key} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
      );
      // The first bytes of the answer arrived: the client goes away mid-download.
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 200));
    await t.service.close();
    // The handlers' drain would wait up to 5 s for a request it thinks is running, and say so in the log: the
    // log line is the state under test (a duration would depend on the machine's speed).
    expect(entries.filter((e) => String(e.msg).includes('still running'))).toEqual([]);
    await t.close();
  });

  it('reports an unreachable Redis as degraded (still serving), without hanging', async () => {
    const t = await startTestServer({ 'redis.url': 'redis://127.0.0.1:1' });
    try {
      const started = Date.now();
      const res = await t.asGuest().get('/api/v1/health/ready');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'degraded', redis: 'unreachable', database: 'ok' });
      // Not hanging: Redis's connect timeout is 1 s; the bound is generous for a busy machine.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await t.close();
    }
  });
});
