/**
 * The automation outbox under the conditions operators fear: a process killed right after a commit, several
 * instances on one database, and a large backlog.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { packageRoot } from '../../../src/platform/paths';
import { createPostgresDatabase, startTestServer, type TestServer } from '../../../test/harness/server';
import { eventually, startReceiver } from '../../../test/harness/webhook-receiver';
import { automationPlugin } from '..';

const SECRET = 'durability-secret';
const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;
const root = packageRoot();

/** Starts `svc serve` as a child process; resolves with its port once it listens. */
function serve(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(root, 'app/main.ts'), 'serve'], {
    env,
    cwd: root,
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.includes('"svc listening"'));
      if (line) resolve({ child, port: JSON.parse(line).port as number });
    });
    child.stderr?.on('data', (chunk: Buffer) => (buffer += chunk.toString()));
    child.on('exit', () => reject(new Error(`svc exited: ${buffer.slice(-2000)}`)));
  });
}

describe('automation durability', () => {
  it('delivers an event committed just before the process was killed (kill -9), after a restart', async () => {
    // At first the receiver takes the request and never answers: the attempt is in flight when the process dies.
    const receiver = await startReceiver(() => ({ status: 204, delayMs: 600_000 }));
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-kill-'));
    const pg = onPostgres ? await createPostgresDatabase(process.env.SVC_TEST_DATABASE_URL!) : undefined;
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !k.startsWith('SVC_') && k !== 'DATABASE_URL' && k !== 'NODE_OPTIONS',
      ),
    );
    const env = {
      ...clean,
      SVC_DATA_DIR: dataDir,
      SVC_SERVER_PORT: '0',
      SVC_SERVER_HOST: '127.0.0.1',
      SVC_LOG_LEVEL: 'info',
      SVC_AUTH_JWT_SECRET: 'kill-test-secret-'.padEnd(64, 'k'),
      SVC_AUTH_ARGON2_MEMORY_KIB: '1024',
      SVC_AUTH_ARGON2_ITERATIONS: '1',
      SVC_BOOTSTRAP_ADMIN_EMAIL: 'kill@example.com',
      SVC_BOOTSTRAP_ADMIN_PASSWORD: 'kill test password',
      SVC_PLUGINS_AUTOMATION_WEBHOOK_BASE_URL: receiver.url,
      SVC_PLUGINS_AUTOMATION_SECRET: SECRET,
      SVC_PLUGINS_AUTOMATION_POLL_INTERVAL_MS: '50',
      SVC_PLUGINS_AUTOMATION_TIMEOUT_SECONDS: '1',
      ...(pg ? { SVC_DATABASE_URL: pg.url, SVC_DATABASE_TLS: 'disable' } : {}),
    };
    let child: ChildProcess | undefined;
    try {
      const first = await serve(env);
      child = first.child;
      const base = `http://127.0.0.1:${first.port}`;
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'kill@example.com', password: 'kill test password' }),
      });
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      const sku = `KILL-${Date.now().toString(36)}`;
      const created = await fetch(`${base}/api/v1/admin/products`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          currency: 'EUR',
          sku,
          translations: [{ locale: 'en', name: sku, slug: sku.toLowerCase() }],
        }),
      });
      expect(created.status).toBe(201);
      // Committed, and its delivery is in flight (leased, unanswered). Now the process dies hard.
      await eventually(() => receiver.received.some((r) => r.body.includes(sku)));
      child.kill('SIGKILL');
      await new Promise((r) => child!.once('exit', r));

      receiver.answer = () => ({ status: 204 });
      const before = receiver.received.length;
      child = (await serve(env)).child;
      // After the restart the dead process's lease expires (2 × timeout + 10 s) and the event is delivered.
      const delivered = () => receiver.received.slice(before).some((r) => r.body.includes(sku));
      await eventually(delivered, 40_000);
    } finally {
      child?.kill('SIGKILL');
      await receiver.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

const pluginConfig = (url: string, extra: Record<string, unknown> = {}) => ({
  automation: { webhook_base_url: url, secret: SECRET, poll_interval_ms: 30, timeout_seconds: 5, ...extra },
});

describe('automation with two instances on one PostgreSQL', () => {
  const maybe = onPostgres ? it : it.skip;
  if (!onPostgres)
    console.log('[svc tests] two-instance delivery needs SVC_TEST_DATABASE_URL (skipped on the embedded database)');

  maybe(
    'delivers each event exactly once while both relays run',
    async () => {
      const receiver = await startReceiver(() => ({ status: 204, delayMs: 5 }));
      let a: TestServer | undefined;
      let b: TestServer | undefined;
      try {
        a = await startTestServer({ plugins: pluginConfig(receiver.url) }, { plugins: [automationPlugin] });
        b = await startTestServer(
          { plugins: pluginConfig(receiver.url) },
          { plugins: [automationPlugin], sharedDatabaseUrl: a.databaseUrl },
        );
        const n = 40;
        await Promise.all(
          Array.from({ length: n }, (_, i) =>
            (i % 2 ? a! : b!).asAdmin().post('/api/v1/admin/products', {
              currency: 'EUR',
              sku: `TWO-${i}-${Date.now().toString(36)}`,
              translations: [{ locale: 'en', name: `two ${i}`, slug: `two-${i}-${Date.now().toString(36)}` }],
            }),
          ),
        );
        await eventually(
          async () => (await a!.db.automationEvent.count({ where: { status: 'delivered' } })) === n,
          30_000,
        );
        const ids = receiver.received.map((r) => String(r.headers['x-svc-event-id']));
        expect(ids).toHaveLength(n);
        expect(new Set(ids).size).toBe(n);
        // One attempt per event: no instance delivered an event the other had leased.
        const attempts = await a.db.automationAttempt.count();
        expect(attempts).toBe(n);
      } finally {
        await b?.close();
        await a?.close();
        await receiver.close();
      }
    },
    90_000,
  );
});

describe('automation backlog', () => {
  it('drains a backlog with bounded concurrency (a receiver outage loses nothing)', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const receiver = await startReceiver(() => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => inFlight--, 2);
      return { status: 204, delayMs: 2 };
    });
    const t = await startTestServer(
      { plugins: pluginConfig(receiver.url, { concurrency: 3, batch_size: 40 }) },
      { plugins: [automationPlugin] },
    );
    try {
      // The outage's backlog: events written while the receiver was gone (straight into the outbox).
      const size = Number(process.env.SVC_TEST_AUTOMATION_BACKLOG ?? 600);
      await t.db.$executeRawUnsafe(`
        INSERT INTO automation_events (id, event_name, body, updated_at)
        SELECT gen_random_uuid(), 'product.after_update', json_build_object('event', 'product.after_update', 'n', g)::text, now()
        FROM generate_series(1, ${size}) g`);
      await eventually(
        async () => (await t.db.automationEvent.count({ where: { status: 'delivered' } })) === size,
        120_000,
      );
      expect(receiver.received).toHaveLength(size);
      expect(maxInFlight).toBeLessThanOrEqual(3);
    } finally {
      await t.close();
      await receiver.close();
    }
  }, 180_000);
});
