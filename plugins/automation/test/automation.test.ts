import { createHmac } from 'node:crypto';

import { Webhook } from 'standardwebhooks';

import { AppError } from '../../../src/shared/errors';
import { captureLog, type LogEntry } from '../../../test/harness/capture-log';
import { startTestServer, type TestServer } from '../../../test/harness/server';
import { eventually, type Received, startReceiver } from '../../../test/harness/webhook-receiver';
import { automationPlugin } from '..';
import { standardWebhooksSecret } from '../signing';

const SECRET = 'automation-shared-secret-for-tests';
let t: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let logs: LogEntry[];
let seq = 0;
const uid = () => `${Date.now().toString(36)}${seq++}`;

beforeAll(async () => {
  receiver = await startReceiver();
  const capture = captureLog('info');
  logs = capture.entries;
  t = await startTestServer(
    {
      plugins: {
        automation: {
          webhook_base_url: `${receiver.url}/hooks`,
          secret: SECRET,
          retry_base_seconds: 1,
          max_attempts: 3,
          poll_interval_ms: 50,
          timeout_seconds: 2,
          hooks: 'product.after_create,product.after_update,category.after_create',
        },
      },
    },
    { plugins: [automationPlugin], log: capture.log },
  );
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const createProduct = async (sku = `AU-${uid()}`) => {
  const res = await t.asAdmin().post('/api/v1/admin/products', {
    currency: 'EUR',
    sku,
    translations: [{ locale: 'en', name: sku, slug: sku.toLowerCase() }],
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; sku: string };
};
const forProduct = (id: string) => (r: Received) => r.path === '/hooks/product.after_create' && r.body.includes(id);
const rowFor = (entityId: string) =>
  t.db.automationEvent.findFirstOrThrow({
    where: { body: { contains: entityId } },
    include: { deliveryAttempts: { orderBy: { attempt: 'asc' } } },
  });

describe('automation webhooks', () => {
  it('posts the spec body to <base>/<event> with the spec and Standard Webhooks signatures', async () => {
    receiver.answer = () => ({ status: 204 });
    const product = await createProduct();
    await eventually(() => receiver.received.some(forProduct(product.id)));
    const req = receiver.received.find(forProduct(product.id))!;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    const body = JSON.parse(req.body);
    expect(body).toEqual({
      event: 'product.after_create',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      entity: expect.objectContaining({ id: product.id, sku: product.sku }),
      changes: {},
      metadata: expect.any(Object),
    });
    expect(req.headers['x-svc-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(req.body).digest('hex')}`,
    );
    expect(req.headers['x-svc-token']).toBe(SECRET);
    expect(req.headers['x-svc-event-id']).toBe(req.headers['webhook-id']);
    expect(req.headers['x-svc-timestamp']).toMatch(/^\d+$/);
    // A receiver verifies with the standard library and the `whsec_` form of the secret.
    const verified = new Webhook(standardWebhooksSecret(SECRET)).verify(
      req.body,
      req.headers as Record<string, string>,
    );
    expect(verified).toEqual(body);
    await eventually(async () => (await rowFor(product.id)).status === 'delivered');
    const row = await rowFor(product.id);
    expect(row.id).toBe(req.headers['x-svc-event-id']);
    expect(row.deliveryAttempts.map((a) => a.statusCode)).toEqual([204]);
  });

  it('forwards only the configured hooks', async () => {
    const product = await createProduct();
    await t.asAdmin().delete(`/api/v1/admin/products/${product.id}`);
    await eventually(() => receiver.received.some(forProduct(product.id)));
    await t.service.services.background.drain();
    expect(await t.db.automationEvent.count({ where: { eventName: 'product.after_delete' } })).toBe(0);
  });

  it('writes nothing for a change that rolls back', async () => {
    let fail = true;
    // Runs after the automation plugin's own in-transaction handler, then aborts the whole transaction.
    t.service.services.hooks.registerInTransaction('category.after_create', async () => {
      if (fail) throw new AppError('conflict', 'rolled back on purpose');
    });
    const slug = `rollback-${uid()}`;
    const res = await t
      .asAdmin()
      .post('/api/v1/admin/categories', { translations: [{ locale: 'en', name: 'Rollback', slug }] });
    expect(res.status).toBe(409);
    fail = false;
    expect(await t.db.category.count({ where: { translations: { some: { slug } } } })).toBe(0);
    expect(await t.db.automationEvent.count({ where: { body: { contains: slug } } })).toBe(0);
  });

  it('retries failures on a doubling schedule, recording each attempt, then delivers', async () => {
    const failures = new Set<string>();
    receiver.answer = (req) => {
      if (!req.path.endsWith('product.after_create')) return { status: 204 };
      const id = String(req.headers['x-svc-event-id']);
      const seen = receiver.received.filter((r) => r.headers['x-svc-event-id'] === id).length;
      if (seen <= 2) failures.add(id);
      return { status: seen <= 2 ? 500 : 200 };
    };
    const product = await createProduct();
    await eventually(async () => (await rowFor(product.id)).status === 'delivered', 20_000);
    const row = await rowFor(product.id);
    expect(row.deliveryAttempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    const [first, second] = row.deliveryAttempts;
    // Next attempt 1 s, then 2 s after each failure (on the database's clock).
    expect(first.nextAttemptAt!.getTime() - first.createdAt.getTime()).toBeGreaterThanOrEqual(900);
    expect(second.nextAttemptAt!.getTime() - second.createdAt.getTime()).toBeGreaterThanOrEqual(1900);
    expect(first.responseBody).toBe('receiver says no');
    const ids = receiver.received.filter(forProduct(product.id)).map((r) => r.headers['x-svc-event-id']);
    expect(new Set(ids)).toEqual(new Set([row.id]));
    const failed = logs.filter((l) => l.msg === 'webhook dispatch failed' && l.eventId === row.id);
    expect(failed.map((l) => l.attempt)).toEqual([1, 2]);
    expect(JSON.stringify(failed)).not.toContain(SECRET);
  });

  it('marks an event dead after max_attempts; replay delivers it again with the same event id', async () => {
    receiver.answer = (req) => ({ status: req.path.endsWith('product.after_create') ? 503 : 204 });
    const product = await createProduct();
    await eventually(async () => (await rowFor(product.id)).status === 'dead', 20_000);
    const dead = await rowFor(product.id);
    expect(dead.deliveryAttempts).toHaveLength(3);
    expect(dead.deliveryAttempts[2].nextAttemptAt).toBeNull();

    const listed = await t.asSuperAdmin().get('/plugins/automation/deliveries?status=dead&event=product.after_create');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((d: { id: string }) => d.id)).toContain(dead.id);
    for (const d of listed.body.data) expect(d).toMatchObject({ status: 'dead', event: 'product.after_create' });
    const one = await t.asSuperAdmin().get(`/plugins/automation/deliveries/${dead.id}`);
    expect(one.body.data.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([503, 503, 503]);
    expect(one.body.data.payload.entity.id).toBe(product.id);

    receiver.answer = () => ({ status: 200 });
    const replay = await t.asSuperAdmin().post('/plugins/automation/deliveries/replay', { ids: [dead.id] });
    expect(replay.body).toEqual({ data: { replayed: 1 } });
    await eventually(async () => (await rowFor(product.id)).status === 'delivered');
    const last = receiver.received.filter(forProduct(product.id)).at(-1)!;
    expect(last.headers['x-svc-event-id']).toBe(dead.id);
  });

  it('never holds up the API response for a slow receiver', async () => {
    let answered = false;
    receiver.answer = (req) => {
      if (!req.path.endsWith('product.after_create')) return { status: 204 };
      setTimeout(() => (answered = true), 1500);
      return { status: 200, delayMs: 1500 };
    };
    const product = await createProduct();
    // The API answered while the receiver is still thinking.
    expect(answered).toBe(false);
    await eventually(async () => (await rowFor(product.id)).status === 'delivered');
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    receiver.answer = (req) =>
      req.path.endsWith('product.after_create')
        ? { status: 302, headers: { location: '/elsewhere' } }
        : { status: 204 };
    const product = await createProduct();
    await eventually(async () => (await rowFor(product.id)).deliveryAttempts.length >= 1);
    const row = await rowFor(product.id);
    expect(row.deliveryAttempts[0].statusCode).toBe(302);
    expect(row.status).toBe('pending');
    expect(receiver.received.some((r) => r.path === '/elsewhere')).toBe(false);
    receiver.answer = () => ({ status: 204 });
  });

  it('guards and validates the admin routes', async () => {
    expect((await t.asGuest().get('/plugins/automation/deliveries')).status).toBe(401);
    expect((await t.asCustomer().get('/plugins/automation/deliveries')).status).toBe(403);
    expect((await t.asApiKey(['products.read']).get('/plugins/automation/health')).status).toBe(403);
    const badStatus = await t.asSuperAdmin().get('/plugins/automation/deliveries?status=lost');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors).toEqual([{ code: 'validation_error', detail: 'oneof', field: 'status' }]);
    const longEvent = await t.asSuperAdmin().get(`/plugins/automation/deliveries?event=${'e'.repeat(101)}`);
    expect(longEvent.status).toBe(400);
    expect(longEvent.body.errors).toEqual([{ code: 'validation_error', detail: 'max_length', field: 'event' }]);
    expect(
      (await t.asSuperAdmin().get('/plugins/automation/deliveries/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    const page = await t.asSuperAdmin().get('/plugins/automation/deliveries?limit=1');
    expect(page.body.meta).toMatchObject({ page: 1, limit: 1 });
    expect(page.body.data).toHaveLength(1);
    const unknown = await t
      .asSuperAdmin()
      .post('/plugins/automation/deliveries/replay', { ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.status).toBe(404);
    expect((await t.asSuperAdmin().post('/plugins/automation/deliveries/replay', {})).status).toBe(400);
  });

  it('counts a delivery log of 10,050 events up to 10,000, and pages past the count answer', async () => {
    // A day of a busy shop's events, delivered, written at once a second apart (the newest first).
    await t.db.$executeRawUnsafe(
      `INSERT INTO automation_events (id, event_name, body, status, attempts, delivered_at, created_at, updated_at)
       SELECT gen_random_uuid(), 'bulk.logged', json_build_object('n', i)::text, 'delivered', 1, now(),
         now() + interval '1 day' - make_interval(secs => i), now()
       FROM generate_series(1, 10050) i`,
    );
    try {
      const first = await t.asSuperAdmin().get('/plugins/automation/deliveries?event=bulk.logged&limit=2');
      expect(first.body.meta).toEqual({ total: 10000, page: 1, limit: 2, pages: 5000 });
      expect(first.body.data.map((d: { payload: unknown }) => d.payload)).toEqual([{ n: 1 }, { n: 2 }]);
      const beyond = await t
        .asSuperAdmin()
        .get('/plugins/automation/deliveries?event=bulk.logged&status=delivered&limit=2&page=5010');
      expect(beyond.body.data.map((d: { payload: unknown }) => d.payload)).toEqual([{ n: 10019 }, { n: 10020 }]);
      expect(beyond.body.meta).toEqual({ total: 10000, page: 5010, limit: 2, pages: 5000 });
      const none = await t.asSuperAdmin().get('/plugins/automation/deliveries?event=bulk.logged&status=dead');
      expect(none.body.meta.total).toBe(0);
    } finally {
      await t.db.$executeRawUnsafe(`DELETE FROM automation_events WHERE event_name = 'bulk.logged'`);
    }
  });

  it('lists and replays deliveries over GraphQL too, behind plugins.manage', async () => {
    const list = await t
      .asSuperAdmin()
      .gql(
        '{ automationDeliveries(status: DELIVERED, limit: 2) { items { id event status attemptCount attempts { attempt statusCode } } meta { total limit } } }',
      );
    expect(list.errors).toBeUndefined();
    expect(list.data.automationDeliveries.meta.limit).toBe(2);
    const first = list.data.automationDeliveries.items[0];
    expect(first).toMatchObject({ status: 'DELIVERED', attemptCount: expect.any(Number) });
    const replay = await t.asSuperAdmin().gql(`mutation { automationReplay(ids: ["${first.id}"]) }`);
    expect(replay.data).toEqual({ automationReplay: 1 });
    await eventually(
      async () => (await t.db.automationEvent.findUniqueOrThrow({ where: { id: first.id } })).status === 'delivered',
    );
    expect((await t.asManager().gql('{ automationDeliveries { meta { total } } }')).errors?.[0].extensions.code).toBe(
      'forbidden',
    );
    expect((await t.asApiKey(['plugins.manage']).gql(`{ automationDelivery(id: "${first.id}") { id } }`)).data).toEqual(
      {
        automationDelivery: { id: first.id },
      },
    );
  });

  it("reports the receiver's health: 200 when reachable, 503 degraded when not", async () => {
    const ok = await t.asSuperAdmin().get('/plugins/automation/health');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ status: 'ok', automation_reachable: true, checked_at: expect.any(String) });

    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const down = await startTestServer(
      { plugins: { automation: { webhook_base_url: url, secret: SECRET } } },
      { plugins: [automationPlugin] },
    );
    try {
      const res = await down.asSuperAdmin().get('/plugins/automation/health');
      expect(res.status).toBe(503);
      expect(res.body.data).toMatchObject({
        status: 'degraded',
        automation_reachable: false,
        error: expect.any(String),
      });
    } finally {
      await down.close();
    }
  });
});
