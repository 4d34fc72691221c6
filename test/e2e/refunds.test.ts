import { stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';
import { callJson, connectMcp } from '../harness/mcp-client';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * Issue 48, refunds (contract §10) of orders paid with a method without a provider (recorded `succeeded` at once):
 * partial and full refunds over REST and GraphQL, the order's `refunded_total` and `refundable` (and GraphQL's
 * `paidTotal`), the move to `refunded` (history row, stock back once), a refund of a received return, the errors,
 * `Idempotency-Key`, ten parallel refunds of 60 % (on two instances on PostgreSQL), the hook, the MCP tool's
 * confirmation, and statement counts that do not grow with the number of refunds. The provider path (payprov) is plugins/payprov/test/payprov-refunds.test.ts.
 */
const { t, shop } = useShop({ config: { 'cache.enabled': false } });
const O = '/api/v1/admin/orders';
const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;

/** A second instance on the same PostgreSQL database: its requests overlap with the first's for real. */
let u: TestServer | undefined;
beforeAll(async () => {
  if (onPostgres) u = await startTestServer({ 'cache.enabled': false }, { sharedDatabaseUrl: t.databaseUrl });
});
afterAll(async () => {
  await u?.close();
});

const stockOf = async (productId: string) => (await t.db.product.findUniqueOrThrow({ where: { id: productId } })).stock;

/** A guest order of 2 units at 10.00 (plus shipping) paid with the shop's manual method, moved to `status`. */
async function manualOrder(status = 'confirmed') {
  const product = await stockedProduct(t, shop.warehouse.id, 10, { active: true, priceGross: 1000 });
  const res = await t.asGuest().post('/api/v1/store/checkout', {
    items: [{ product_id: product.id, quantity: 2 }],
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street: 'Main St 1',
      city: 'Berlin',
      zip: '10115',
      country_code: 'DE',
    },
    shipping_method_id: shop.shipping.id,
    payment_method_id: shop.payment.id,
    email: 'refund@example.com',
  });
  expect(res.status).toBe(201);
  const order = res.body.data as { id: string; total: number; currency: string };
  const moves = status === 'pending' ? [] : status === 'processing' ? ['confirmed', 'processing'] : [status];
  for (const to of moves) expect((await t.asAdmin().put(`${O}/${order.id}/status`, { status: to })).status).toBe(200);
  return { id: order.id, total: order.total, currency: order.currency, productId: product.id };
}

const events: Array<{ name: string; entity: Record<string, unknown> }> = [];
beforeAll(() => {
  t.service.services.hooks.register('refund.after_create', (e) => void events.push(e));
});

describe('refunds of a manual-method order over REST', () => {
  it('refunds part at once (succeeded), lists it, and the order shows what was paid, refunded and is left', async () => {
    const order = await manualOrder();
    const admin = t.asAdmin();
    const res = await admin.post(`${O}/${order.id}/refunds`, { amount: 700, reason: 'shipping refunded' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      order_id: order.id,
      return_id: null,
      amount: 700,
      currency: order.currency,
      reason: 'shipping refunded',
      status: 'succeeded',
      provider_reference: null,
      actor: { kind: 'staff' },
      created_at: expect.any(String),
    });
    const list = await admin.get(`${O}/${order.id}/refunds`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([res.body.data.id]);
    const read = (await admin.get(`${O}/${order.id}`)).body.data;
    expect(read).toMatchObject({ status: 'confirmed', refunded_total: 700, refundable: order.total - 700 });

    await t.service.services.background.drain();
    const hook = events.find((e) => e.entity.id === res.body.data.id);
    expect(hook?.entity).toMatchObject({ order_id: order.id, amount: 700, status: 'succeeded', return_id: null });
  });

  it('a refund up to the total moves the order to refunded (history row, stock back once); then nothing more', async () => {
    const order = await manualOrder('processing');
    const admin = t.asAdmin();
    expect(await stockOf(order.productId)).toBe(8);
    expect((await admin.post(`${O}/${order.id}/refunds`, { amount: 1000 })).status).toBe(201);
    expect((await admin.get(`${O}/${order.id}`)).body.data.status).toBe('processing');
    const last = await admin.post(`${O}/${order.id}/refunds`, { amount: order.total - 1000, reason: 'the rest' });
    expect(last.status).toBe(201);
    const read = (await admin.get(`${O}/${order.id}`)).body.data;
    expect(read).toMatchObject({ status: 'refunded', refunded_total: order.total, refundable: 0 });
    expect(read.status_history.at(-1)).toMatchObject({
      from_status: 'processing',
      to_status: 'refunded',
      comment: 'refunded in full',
      actor: { kind: 'staff' },
    });
    expect(read.status_history.filter((h: { to_status: string }) => h.to_status === 'refunded')).toHaveLength(1);
    expect(await stockOf(order.productId)).toBe(10);
    expect(await t.db.stockMovement.count({ where: { orderId: order.id, type: 'reversal' } })).toBe(1);

    const more = await admin.post(`${O}/${order.id}/refunds`, { amount: 1 });
    expect(more.status).toBe(422);
    expect(more.body.errors[0].code).toBe('invalid_transition');
    expect(await stockOf(order.productId)).toBe(10);
  });

  it('answers 422 refund_exceeds_paid past what was paid, and nothing is written', async () => {
    const order = await manualOrder();
    const admin = t.asAdmin();
    const over = await admin.post(`${O}/${order.id}/refunds`, { amount: order.total + 1 });
    expect(over.status).toBe(422);
    expect(over.body.errors[0]).toMatchObject({ code: 'refund_exceeds_paid', field: 'amount' });
    expect((await admin.post(`${O}/${order.id}/refunds`, { amount: order.total - 100 })).status).toBe(201);
    const second = await admin.post(`${O}/${order.id}/refunds`, { amount: 101 });
    expect(second.body.errors[0].code).toBe('refund_exceeds_paid');
    expect(await t.db.refund.count({ where: { orderId: order.id } })).toBe(1);
  });

  it('answers 422 invalid_transition for a pending (unpaid) or cancelled order', async () => {
    for (const status of ['pending', 'cancelled']) {
      const order = await manualOrder(status);
      const res = await t.asAdmin().post(`${O}/${order.id}/refunds`, { amount: 100 });
      expect([status, res.status, res.body.errors[0].code]).toEqual([status, 422, 'invalid_transition']);
      const read = (await t.asAdmin().get(`${O}/${order.id}`)).body.data;
      expect([read.refunded_total, read.refundable]).toEqual([0, 0]);
    }
  });

  it('answers 400 for a bad amount or body, 404 for an unknown order or return; nothing is refunded', async () => {
    const order = await manualOrder();
    const admin = t.asAdmin();
    for (const body of [{}, { amount: 0 }, { amount: -5 }, { amount: 1.5 }, { amount: '100' }, { amount: null }, [1]]) {
      const res = await admin.post(`${O}/${order.id}/refunds`, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    const long = await admin.post(`${O}/${order.id}/refunds`, { amount: 1, reason: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`${O}/${unknown}/refunds`, { amount: 1 })).status).toBe(404);
    expect((await admin.get(`${O}/${unknown}/refunds`)).status).toBe(404);
    expect((await admin.post(`${O}/not-a-uuid/refunds`, { amount: 1 })).status).toBeLessThan(500);
    const noReturn = await admin.post(`${O}/${order.id}/refunds`, { amount: 1, return_id: unknown });
    expect(noReturn.status).toBe(404);
    expect((await admin.get(`${O}/${order.id}/refunds`)).body.data).toEqual([]);
  });

  it('needs orders.update to refund and orders.read to list', async () => {
    const order = await manualOrder();
    const reader = t.asApiKey(['orders.read']);
    expect((await reader.get(`${O}/${order.id}/refunds`)).status).toBe(200);
    expect((await reader.post(`${O}/${order.id}/refunds`, { amount: 1 })).status).toBe(403);
    expect((await t.asCustomer().post(`${O}/${order.id}/refunds`, { amount: 1 })).status).toBe(403);
    expect((await t.asGuest().get(`${O}/${order.id}/refunds`)).status).toBe(401);
  });
});

describe('a refund of a return', () => {
  it('moves a received return to refunded in the same transaction; a return not received refuses the refund', async () => {
    const order = await manualOrder();
    const admin = t.asAdmin();
    expect((await admin.post(`${O}/${order.id}/shipments`, {})).status).toBe(201);
    const lineId = (await admin.get(`${O}/${order.id}`)).body.data.items[0].id as string;
    const opened = await admin.post(`${O}/${order.id}/returns`, { items: [{ order_item_id: lineId, quantity: 1 }] });
    expect(opened.status).toBe(201);
    const returnId = opened.body.data.id as string;
    // Requested, not received: 422, and nothing is refunded.
    const early = await admin.post(`${O}/${order.id}/refunds`, { amount: 1000, return_id: returnId });
    expect([early.status, early.body.errors[0].code]).toEqual([422, 'invalid_transition']);
    expect(await t.db.refund.count({ where: { orderId: order.id } })).toBe(0);
    const status = (body: object) => admin.put(`/api/v1/admin/returns/${returnId}/status`, body);
    expect((await status({ status: 'approved' })).status).toBe(200);
    expect((await status({ status: 'received', items: [{ order_item_id: lineId, restock: true }] })).status).toBe(200);
    expect(await stockOf(order.productId)).toBe(9);

    const refund = await admin.post(`${O}/${order.id}/refunds`, { amount: 1000, return_id: returnId });
    expect(refund.status).toBe(201);
    expect(refund.body.data).toMatchObject({ return_id: returnId, status: 'succeeded' });
    expect((await admin.get(`/api/v1/admin/returns/${returnId}`)).body.data.status).toBe('refunded');
    const twice = await admin.post(`${O}/${order.id}/refunds`, { amount: 1, return_id: returnId });
    expect(twice.body.errors[0].code).toBe('invalid_transition');

    // The rest refunded: the order moves to refunded, and the returned unit is not restocked a second time.
    expect((await admin.post(`${O}/${order.id}/refunds`, { amount: order.total - 1000 })).status).toBe(201);
    expect((await admin.get(`${O}/${order.id}`)).body.data.status).toBe('refunded');
    expect(await stockOf(order.productId)).toBe(10);
  });
});

describe('Idempotency-Key', () => {
  it('a repeat with the same key and body answers the same refund; another body is 409', async () => {
    const order = await manualOrder();
    const admin = t.asAdmin();
    const headers = { 'idempotency-key': `refund-${order.id}` };
    const a = await admin.post(`${O}/${order.id}/refunds`, { amount: 300 }, headers);
    const b = await admin.post(`${O}/${order.id}/refunds`, { amount: 300 }, headers);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(await t.db.refund.count({ where: { orderId: order.id } })).toBe(1);
    const other = await admin.post(`${O}/${order.id}/refunds`, { amount: 301 }, headers);
    expect(other.status).toBe(409);
    expect(other.body.errors[0].code).toBe('idempotency_conflict');
    // Parallel repeats of a new key: still one refund.
    const again = { 'idempotency-key': `again-${order.id}` };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => admin.post(`${O}/${order.id}/refunds`, { amount: 200 }, again)),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.body.data.id)).size).toBe(1);
    expect(await t.db.refund.count({ where: { orderId: order.id } })).toBe(2);
  });
});

describe('races', () => {
  it(`ten parallel refunds of 60 % give one 201 and nine 422 (${onPostgres ? 'two instances' : 'one instance'})`, async () => {
    const order = await manualOrder();
    const amount = Math.floor(order.total * 0.6);
    const admins = [t.asAdmin(), (u ?? t).asAdmin()];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => admins[i % 2].post(`${O}/${order.id}/refunds`, { amount })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    expect(answers.filter((a) => a.status === 422).every((a) => a.body.errors[0].code === 'refund_exceeds_paid')).toBe(
      true,
    );
    expect(await t.db.refund.count({ where: { orderId: order.id } })).toBe(1);
  });

  it('parallel refunds that each fit but not together: the sum never passes what was paid', async () => {
    const order = await manualOrder();
    const amount = Math.floor(order.total / 3) + 1;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 && u ? u : t).asAdmin().post(`${O}/${order.id}/refunds`, { amount })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.every((a) => a.status === 201 || a.status === 422)).toBe(true);
    const sum = await t.db.refund.aggregate({ where: { orderId: order.id }, _sum: { amount: true } });
    expect(sum._sum.amount).toBeLessThanOrEqual(order.total);
  });
});

describe('refunds over GraphQL and MCP', () => {
  it('refundCreate and orderRefunds; the order carries refunds, refundedTotal, paidTotal and refundable', async () => {
    const order = await manualOrder();
    const admin = t.asAdmin();
    const created = await admin.gql(
      `mutation ($orderId: UUID!, $input: RefundCreateInput!) {
        refundCreate(orderId: $orderId, input: $input) { id amount status reason actor { kind } } }`,
      { orderId: order.id, input: { amount: 250, reason: 'goodwill' } },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.refundCreate).toMatchObject({
      amount: 250,
      status: 'SUCCEEDED',
      reason: 'goodwill',
      actor: { kind: 'STAFF' },
    });
    const read = await admin.gql(
      `query ($id: UUID!) { order(id: $id) { refundedTotal paidTotal refundable refunds { id amount } }
        orderRefunds(orderId: $id) { id } }`,
      { id: order.id },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data.order).toEqual({
      refundedTotal: 250,
      paidTotal: order.total,
      refundable: order.total - 250,
      refunds: [{ id: created.data.refundCreate.id, amount: 250 }],
    });
    expect(read.data.orderRefunds).toEqual([{ id: created.data.refundCreate.id }]);
    const over = await admin.gql(
      `mutation ($orderId: UUID!) { refundCreate(orderId: $orderId, input: { amount: 99999999 }) { id } }`,
      { orderId: order.id },
    );
    expect(over.errors?.[0].extensions.code).toBe('refund_exceeds_paid');
  });

  it('the MCP tool asks for confirm: true first (a refund is destructive), then refunds', async () => {
    const order = await manualOrder();
    const client = await connectMcp(t.url, 'admin', await t.asAdmin().authHeader(), '?toolsets=fulfilment');
    const tools = (await client.listTools()).tools;
    const tool = tools.find((x) => x.name === 'admin_create_order_refund');
    expect(tool?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    const asked = await callJson(client, 'admin_create_order_refund', { order_id: order.id, amount: 100 });
    expect(asked).toMatchObject({ isError: true, body: { confirmation_required: true } });
    expect(await t.db.refund.count({ where: { orderId: order.id } })).toBe(0);
    const args = { order_id: order.id, amount: 100, idempotency_key: `mcp-${order.id}`, confirm: true };
    const done = await callJson(client, 'admin_create_order_refund', args);
    expect(done.isError).toBeFalsy();
    expect(done.body).toMatchObject({ amount: 100, status: 'succeeded' });
    const again = await callJson(client, 'admin_create_order_refund', args);
    expect(again.body.id).toBe(done.body.id);
    expect(await t.db.refund.count({ where: { orderId: order.id } })).toBe(1);
    const listed = await callJson(client, 'admin_list_order_refunds', { order_id: order.id });
    expect(listed.body).toHaveLength(1);
    await client.close();
  });
});

describe('statement counts', () => {
  it('an order read and its refunds list cost the same with no refund as with four', async () => {
    const none = await manualOrder();
    const many = await manualOrder();
    for (let i = 0; i < 4; i++) await t.asAdmin().post(`${O}/${many.id}/refunds`, { amount: 100 + i });
    const reads: number[] = [];
    const lists: number[] = [];
    for (const order of [none, many]) {
      const read = await t.asAdmin().get(`${O}/${order.id}`);
      expect(read.status).toBe(200);
      reads.push(t.sqlCount(read.requestId));
      const list = await t.asAdmin().get(`${O}/${order.id}/refunds`);
      lists.push(t.sqlCount(list.requestId));
    }
    expect(reads[0]).toBe(reads[1]);
    expect(lists[0]).toBe(lists[1]);
    process.stderr.write(`refunds: SQL statements per order read ${reads[1]}, per refunds list ${lists[1]}\n`);
  });

  it('an order list with refunds and refundable costs the same for 1 order as for 4', async () => {
    for (let i = 0; i < 4; i++) {
      const order = await manualOrder();
      await t.asAdmin().post(`${O}/${order.id}/refunds`, { amount: 100 });
      await t.asAdmin().post(`${O}/${order.id}/refunds`, { amount: 200 });
    }
    const query = `query ($limit: Int) { orders(limit: $limit) { items { id refundedTotal paidTotal refundable
      refunds { amount status } } } }`;
    const counts = [];
    for (const limit of [1, 4]) {
      const res = await t.asAdmin().gql(query, { limit });
      expect(res.errors).toBeUndefined();
      expect(res.data.orders.items).toHaveLength(limit);
      counts.push(t.sqlCount(res.requestId));
    }
    expect(counts[0]).toBe(counts[1]);
    const rest = [];
    for (const limit of [1, 4]) {
      const res = await t.asAdmin().get(`${O}?limit=${limit}`);
      expect(res.status).toBe(200);
      rest.push(t.sqlCount(res.requestId));
    }
    expect(rest[0]).toBe(rest[1]);
  });
});
