/**
 * Issue 18: Redis dies under load and comes back. Requests keep answering quickly (no 5xx, no waits on a dead
 * connection), readiness reports the outage, the log says so once per change, and when Redis returns the
 * service uses it again without a restart. Runs its own redis-server on a free port (skipped without one).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

import Redis from 'ioredis';

import { createAdmin, PASSWORD } from '../fixtures/accounts';
import { captureLog } from '../harness/capture-log';
import { freePort } from '../harness/free-port';
import { startTestServer, type TestServer } from '../harness/server';
import { eventually } from '../harness/webhook-receiver';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  for (let i = 0; i < 50; i++) {
    if (
      await probe.connect().then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  probe.disconnect();
  return child;
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

(hasRedisServer ? describe : describe.skip)('Redis outage', () => {
  let port: number;
  let redis: ChildProcess;
  let t: TestServer;
  const captured = captureLog('info');
  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await startTestServer({ 'redis.url': `redis://127.0.0.1:${port}` }, { log: captured.log });
  });
  afterAll(async () => {
    await t?.close();
    if (redis.exitCode === null) await stop(redis);
  });

  it('degrades to memory at once while Redis is down, reports it, and uses Redis again when it is back', async () => {
    const admin = await createAdmin(t);
    const login = (password: string) => t.asGuest().post('/api/v1/auth/login', { email: admin.email, password });
    expect((await login(PASSWORD)).status).toBe(200);
    expect((await t.asGuest().get('/api/v1/health/ready')).status).toBe(200);

    await stop(redis);
    // Under load while it is gone: every answer is the normal one. No wall-clock bound: one of 5 s failed on a
    // loaded 2-core machine (issue 52); the breaker's open state is what the readiness answer below shows.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? login(i % 2 ? PASSWORD : 'wrong password') : t.asGuest().get('/api/v1/store/products?limit=5'),
      ),
    );
    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    expect(answers.map((r) => r.status).sort()).toEqual(
      answers.map((_, i) => (i % 3 === 0 ? (i % 2 ? 200 : 401) : 200)).sort(),
    );
    // The response cache does not depend on Redis (retirements come from PostgreSQL): it keeps serving.
    expect(answers.filter((_, i) => i % 3 !== 0).map((r) => r.headers.get('x-cache'))).not.toContain('bypass');
    const degraded = await t.asGuest().get('/api/v1/health/ready');
    expect(degraded.status).toBe(200);
    expect(degraded.body.data).toMatchObject({ status: 'degraded', redis: 'unreachable', database: 'ok' });

    // Both connections noticed the outage before Redis returns (the log line is the state change under test).
    const redisStates = () => captured.entries.map((e) => String(e.msg)).filter((m) => /^redis /.test(m));
    await eventually(() => redisStates().length >= 2).catch(() => undefined);
    expect(redisStates()).toHaveLength(2);

    redis = await startRedis(port);
    let ready = '';
    await eventually(async () => {
      ready = (await t.asGuest().get('/api/v1/health/ready')).body.data.status;
      return ready === 'ready';
    }, 30_000).catch(() => undefined);
    expect(ready).toBe('ready');
    // Shared again: a login's budget is counted in Redis.
    expect((await login(PASSWORD)).status).toBe(200);
    const client = new Redis(port, '127.0.0.1');
    try {
      expect((await client.keys('svc:rl:login:*')).length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
    expect(redisStates().sort()).toEqual([
      "redis is back: other instances' store writes are heard of again",
      'redis is back: rate limits, login locks and the token blacklist are shared again',
      "redis unavailable: other instances' store writes are not heard of: reads stay on the primary until it is back",
      "redis unavailable: rate limits, login locks and the token blacklist fall back to this instance's memory until it is back",
    ]);
  }, 60_000);
});

if (!hasRedisServer)
  describe('Redis outage', () => {
    it.skip('needs the redis-server binary: not installed', () => undefined);
  });
