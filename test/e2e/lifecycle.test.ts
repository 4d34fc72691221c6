import { connect } from 'node:net';
import { startTestServer } from '../harness/server';

describe('slow clients and shutdown', () => {
  it('drops a client that never finishes its headers', async () => {
    const t = await startTestServer({ 'server.headers_timeout_seconds': 1 });
    try {
      const { port } = new URL(t.url);
      const started = Date.now();
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
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(5000);
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
    });
    const closing = t.close();
    await new Promise((r) => setTimeout(r, 200));
    const stopping = await t.asGuest().get('/api/v1/health');
    expect(stopping.status).toBe(503);
    expect(stopping.body.data.status).toBe('stopping');
    const draining = await t.asGuest().get('/api/v1/health/ready');
    expect(draining.status).toBe(503);
    expect(draining.body.data).toMatchObject({ status: 'not_ready', draining: true });
    await closing;
    await expect(fetch(`${t.url}/api/v1/health`)).rejects.toThrow();
  });

  it('reports an unreachable Redis as not ready, without hanging', async () => {
    const t = await startTestServer({ 'redis.url': 'redis://127.0.0.1:1' });
    try {
      const started = Date.now();
      const res = await t.asGuest().get('/api/v1/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.data).toMatchObject({ status: 'not_ready', redis: 'unreachable', database: 'ok' });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await t.close();
    }
  });
});
