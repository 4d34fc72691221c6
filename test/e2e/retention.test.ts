/**
 * Growth is bounded: delivered automation events (with their attempts) and processed payprov webhook events are
 * deleted once older than their plugin's retention, by the background loops the plugins already run; what is
 * still work (pending or retrying events, deferred webhook events) stays whatever its age.
 */
import { randomUUID } from 'node:crypto';

import { automationPlugin } from '../../plugins/automation';
import { type PayprovShop, startPayprovShop } from '../fixtures/payprov';
import { startTestServer, type TestServer } from '../harness/server';
import { eventually, startReceiver } from '../harness/webhook-receiver';

/** Two days ago, past a one-day retention. */
const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * 86_400_000);

describe('retention: automation deliveries', () => {
  let t: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestServer(
      {
        plugins: {
          automation: {
            webhook_base_url: `${receiver.url}/hooks`,
            secret: 'automation-retention-secret',
            hooks: 'product.after_create',
            poll_interval_ms: 50,
            // Generous: a slow machine's delivery must not time out into `pending` (issue 52).
            timeout_seconds: 15,
            // A failed delivery stays pending (retrying) for the whole test.
            retry_base_seconds: 3600,
            retention_days: 1,
            prune_interval_seconds: 1,
          },
        },
      },
      { plugins: [automationPlugin] },
    );
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const createProduct = async () => {
    const sku = `RET-${randomUUID().slice(0, 8)}`;
    const res = await t.asAdmin().post('/api/v1/admin/products', {
      currency: 'EUR',
      sku,
      translations: [{ locale: 'en', name: sku, slug: sku.toLowerCase() }],
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  /** The product's event once its first delivery has settled into `status` (waits for the state, not a time). */
  const eventOf = async (productId: string, status: 'delivered' | 'pending') => {
    let row: { id: string; status: string; attempts: number } | null = null;
    await eventually(async () => {
      row = await t.db.automationEvent.findFirst({ where: { body: { contains: productId }, attempts: { gt: 0 } } });
      return row?.status === status;
    });
    return row!;
  };

  it('deletes delivered events and their attempts past retention_days; keeps recent and retrying ones', async () => {
    receiver.answer = () => ({ status: 204 });
    const old = [await eventOf(await createProduct(), 'delivered'), await eventOf(await createProduct(), 'delivered')];
    const recent = await eventOf(await createProduct(), 'delivered');
    receiver.answer = () => ({ status: 503 });
    const retrying = await eventOf(await createProduct(), 'pending');
    for (const e of [...old, recent]) expect(e.status).toBe('delivered');
    expect(retrying.status).toBe('pending');

    // Age them: two delivered two days ago, and the retrying one created as long ago.
    const ids = [...old, recent, retrying].map((e) => e.id);
    expect(await t.db.automationAttempt.count({ where: { eventId: { in: ids } } })).toBe(4);
    await t.db.automationEvent.updateMany({
      where: { id: { in: old.map((e) => e.id) } },
      data: { deliveredAt: TWO_DAYS_AGO(), createdAt: TWO_DAYS_AGO() },
    });
    await t.db.automationEvent.update({ where: { id: retrying.id }, data: { createdAt: TWO_DAYS_AGO() } });

    // The relay's next prune (every second here) takes the old deliveries, their attempts cascading.
    await eventually(async () => (await t.db.automationEvent.count({ where: { id: { in: ids } } })) === 2, 30_000);
    const left = await t.db.automationEvent.findMany({ where: { id: { in: ids } }, orderBy: { createdAt: 'asc' } });
    expect(left.map((e) => [e.id, e.status])).toEqual([
      [retrying.id, 'pending'],
      [recent.id, 'delivered'],
    ]);
    expect(await t.db.automationAttempt.count({ where: { eventId: { in: old.map((e) => e.id) } } })).toBe(0);
    expect(await t.db.automationAttempt.count({ where: { eventId: { in: [recent.id, retrying.id] } } })).toBe(2);
    // The delivery log agrees.
    const gone = await t.asAdmin().get(`/plugins/automation/deliveries/${old[0].id}`);
    expect(gone.status).toBe(404);
    const kept = await t.asAdmin().get(`/plugins/automation/deliveries/${retrying.id}`);
    expect(kept.body.data).toMatchObject({ status: 'pending', attempt_count: 1 });
  });

  it('clamps the delivery log page to 200 rows, like core admin lists (REST and GraphQL)', async () => {
    // Dead events: the relay leaves them alone and the prune keeps them.
    await t.db.automationEvent.createMany({
      data: Array.from({ length: 230 }, (_, i) => ({
        eventName: 'product.after_create',
        body: JSON.stringify({ event: 'product.after_create', entity: { n: i } }),
        status: 'dead' as const,
        attempts: 8,
      })),
    });
    const total = await t.db.automationEvent.count();
    expect(total).toBeGreaterThan(230);
    const rest = await t.asAdmin().get('/plugins/automation/deliveries?limit=100000');
    expect(rest.status).toBe(200);
    expect(rest.body.data).toHaveLength(200);
    expect(rest.body.meta).toEqual({ total, page: 1, limit: 200, pages: Math.ceil(total / 200) });
    const second = await t.asAdmin().get('/plugins/automation/deliveries?limit=100000&page=2');
    expect(second.body.data).toHaveLength(total - 200);
    const far = await t.asAdmin().get('/plugins/automation/deliveries?page=999999999&limit=999999999');
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
    for (const bad of ['limit=0', 'limit=-1', 'limit=abc', 'page=0'])
      expect((await t.asAdmin().get(`/plugins/automation/deliveries?${bad}`)).status).toBe(400);
    // (GraphQL's cost limit refuses a far larger limit before it runs: 2 × limit over 2000.)
    const gql = await t
      .asAdmin()
      .gql('{ automationDeliveries(limit: 500) { items { id } meta { total limit pages } } }');
    expect(gql.errors).toBeUndefined();
    expect(gql.data.automationDeliveries.items).toHaveLength(200);
    expect(gql.data.automationDeliveries.meta).toEqual({ total, limit: 200, pages: Math.ceil(total / 200) });
  });
});

describe('retention: payprov webhook events', () => {
  let s: PayprovShop;
  beforeAll(async () => {
    s = await startPayprovShop({ reconcile_interval_seconds: 1, webhook_retention_days: 1 });
  });
  afterAll(() => s?.close());

  it('deletes processed events past webhook_retention_days; keeps recent and deferred ones', async () => {
    const intent = await s.preorderIntent(1490);
    const delivered: string[] = [];
    for (let i = 0; i < 3; i++) {
      const eventId = `evt_retention_${randomUUID()}`;
      const res = await s.deliver('payment_intent.amount_capturable_updated', intent.id, { eventId });
      expect(res.status).toBe(204);
      delivered.push(eventId);
    }
    const rows = await s.t.db.payprovWebhookEvent.findMany({ where: { providerEventId: { in: delivered } } });
    expect(rows.map((r) => r.status)).toEqual(['processed', 'processed', 'processed']);
    // One the reconciler has given up on (its attempts spent): deferred, and old.
    const deferred = await s.t.db.payprovWebhookEvent.create({
      data: {
        providerEventId: `evt_deferred_${randomUUID()}`,
        eventType: 'payment_intent.succeeded',
        payload: {},
        status: 'deferred',
        attempts: 50,
      },
    });
    const [old1, old2, recent] = delivered;
    await s.t.db.$executeRaw`
      UPDATE payprov_webhook_events SET updated_at = now() - interval '2 days', created_at = now() - interval '2 days'
      WHERE provider_event_id = ANY(${[old1, old2, deferred.providerEventId]})`;

    await eventually(
      async () => (await s.t.db.payprovWebhookEvent.count({ where: { providerEventId: { in: [old1, old2] } } })) === 0,
      10_000,
    );
    const left = await s.t.db.payprovWebhookEvent.findMany({
      where: { providerEventId: { in: [...delivered, deferred.providerEventId] } },
    });
    expect(left.map((r) => [r.providerEventId, r.status]).sort()).toEqual(
      [
        [recent, 'processed'],
        [deferred.providerEventId, 'deferred'],
      ].sort(),
    );
  });
});
