import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import { automationPlugin } from '../../plugins/automation';
import { freePort } from '../harness/free-port';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../harness/server';
import { eventually, type Received, startReceiver } from '../harness/webhook-receiver';

/**
 * The worker role (docs/scaling.md): an API instance with `server.background_jobs` off writes the outbox rows
 * of its changes but delivers nothing; `svc worker`, a separate process on the same database, delivers them
 * (each once), answers its health probe, serves no API, and on SIGTERM finishes the deliveries it leased before
 * it exits 0, leaving no lease behind.
 */
const root = join(__dirname, '..', '..');
const SVC = ['-r', '@swc-node/register', join(root, 'app/main.ts')];
const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;
const SECRET = 'worker-test-secret-'.padEnd(40, 'w');

if (!onPostgres) {
  describe('svc worker', () => {
    it.skip('needs SVC_TEST_DATABASE_URL (PostgreSQL): a worker is a second process on the database', () => undefined);
  });
} else {
  describe('svc worker', () => {
    let api: TestServer;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    /** While set, the receiver holds its answers this long (deliveries in flight at SIGTERM). */
    let slowMs = 0;
    beforeAll(async () => {
      receiver = await startReceiver(() => ({ status: 204, delayMs: slowMs }));
      api = await startTestServer(
        {
          'server.background_jobs': false,
          plugins: {
            automation: {
              webhook_base_url: `${receiver.url}/hooks`,
              secret: SECRET,
              hooks: 'product.after_create',
              poll_interval_ms: 50,
            },
          },
        },
        { plugins: [automationPlugin] },
      );
    }, 60_000);
    afterAll(async () => {
      await api?.close();
      await receiver?.close();
    });

    const createProducts = async (n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const sku = `WK-${randomUUID().slice(0, 8)}`;
        const res = await api.asAdmin().post('/api/v1/admin/products', {
          currency: 'EUR',
          sku,
          translations: [{ locale: 'en', name: sku, slug: sku.toLowerCase() }],
        });
        expect(res.status).toBe(201);
        ids.push(res.body.data.id);
      }
      return ids;
    };
    const deliveredFor = (id: string) => (r: Received) => r.body.includes(id);
    const events = () =>
      api.db.$queryRaw<Array<{ status: string; leased_by: string | null; body: string }>>`
        SELECT status::text, leased_by, body FROM automation_events`;

    /** `svc worker` on the API's database, with the automation plugin configured as on the API instance. */
    const spawnWorker = async () => {
      const healthPort = await freePort();
      const clean = Object.fromEntries(
        Object.entries(process.env).filter(
          ([k]) => !k.startsWith('SVC_') && k !== 'DATABASE_URL' && k !== 'NODE_OPTIONS',
        ),
      );
      const child: ChildProcess = spawn(process.execPath, [...SVC, 'worker'], {
        cwd: root,
        env: {
          ...clean,
          SVC_DATABASE_URL: api.databaseUrl!,
          SVC_DATABASE_TLS: 'disable',
          SVC_AUTH_JWT_SECRET: TEST_JWT_SECRET,
          SVC_SERVER_HOST: '127.0.0.1',
          SVC_WORKER_HEALTH_PORT: String(healthPort),
          // A shared config file would say false for the API instances: the worker runs the loops whatever it says.
          SVC_SERVER_BACKGROUND_JOBS: 'false',
          SVC_PLUGINS_AUTOMATION_WEBHOOK_BASE_URL: `${receiver.url}/hooks`,
          SVC_PLUGINS_AUTOMATION_SECRET: SECRET,
          SVC_PLUGINS_AUTOMATION_HOOKS: 'product.after_create',
          SVC_PLUGINS_AUTOMATION_POLL_INTERVAL_MS: '50',
        },
      });
      const lines: Array<Record<string, unknown>> = [];
      let buffer = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const parts = buffer.split('\n');
        buffer = parts.pop() ?? '';
        for (const part of parts) if (part.trim()) lines.push(JSON.parse(part));
      });
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const health = `http://127.0.0.1:${healthPort}`;
      await eventually(async () => {
        if (child.exitCode !== null) throw new Error(`worker exited ${child.exitCode}: ${stderr}`);
        return fetch(`${health}/api/v1/health/ready`).then(
          (r) => r.status === 200,
          () => false,
        );
      }, 60_000);
      return { child, lines, exited, health };
    };

    it('an API instance without background jobs writes the outbox but delivers nothing; the worker delivers each event once and stops cleanly on SIGTERM', async () => {
      const first = await createProducts(4);
      expect((await events()).length).toBe(4);
      // Well past the API's poll interval (50 ms) and its commit nudges: nothing may leave this instance.
      await new Promise((r) => setTimeout(r, 1500));
      expect(receiver.received).toHaveLength(0);
      expect((await events()).every((e) => e.status === 'pending' && e.leased_by === null)).toBe(true);

      const worker = await spawnWorker();
      try {
        const ready = (await fetch(`${worker.health}/api/v1/health/ready`).then((r) => r.json())) as { data: unknown };
        expect(ready.data).toMatchObject({ status: 'ready', role: 'worker', database: 'ok', draining: false });
        const live = await fetch(`${worker.health}/api/v1/health`);
        expect(live.status).toBe(200);
        expect(((await live.json()) as { data: unknown }).data).toMatchObject({ status: 'ok', role: 'worker' });
        // The worker serves no API.
        expect((await fetch(`${worker.health}/api/v1/store/products`)).status).toBe(404);
        expect((await fetch(`${worker.health}/graphql`, { method: 'POST' })).status).toBe(404);

        await eventually(() => first.every((id) => receiver.received.some(deliveredFor(id))));
        // Written by the API while the worker runs: the worker's poll finds them (the API's commit nudge is off).
        const second = await createProducts(3);
        await eventually(() => second.every((id) => receiver.received.some(deliveredFor(id))));

        // Deliveries in flight when SIGTERM arrives are finished and recorded before the process exits.
        slowMs = 700;
        const third = await createProducts(3);
        await eventually(() => receiver.received.some((r) => third.some((id) => r.body.includes(id))));
        worker.child.kill('SIGTERM');
        // The signal reaches the child's event loop asynchronously: a probe sent at once can be answered first.
        await eventually(() => worker.lines.some((l) => l.msg === 'worker shutting down'));
        // Draining: the probe says so while the relay finishes (or the listener is already gone).
        const during = await fetch(`${worker.health}/api/v1/health/ready`).then(
          (r) => r.status,
          () => 'closed',
        );
        expect([503, 'closed']).toContain(during);
        expect(await worker.exited).toBe(0);
        expect(worker.lines.some((l) => l.msg === 'svc worker stopped')).toBe(true);
      } finally {
        slowMs = 0;
        if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
      }

      const rows = await events();
      // Nothing leased is left behind: every event the worker took is delivered; the rest wait, unleased.
      expect(rows.filter((e) => e.leased_by !== null)).toEqual([]);
      for (const id of [...first]) expect(rows.find((e) => e.body.includes(id))?.status).toBe('delivered');
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(ids.length);
      const delivered = rows.filter((e) => e.status === 'delivered');
      expect(delivered.length).toBe(ids.length);
      expect(rows.length).toBe(10);
    }, 120_000);
  });
}
