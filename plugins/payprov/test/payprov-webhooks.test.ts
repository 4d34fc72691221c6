import { randomBytes, randomUUID } from 'node:crypto';

import { type PayprovShop, startPayprovShop, until, WEBHOOK_SECRET } from '../../../test/fixtures/payprov';
import { ADDRESS } from '../../../test/fixtures/shop';

let s: PayprovShop;
beforeAll(async () => {
  s = await startPayprovShop();
});
afterAll(() => s?.close());

const INTENTS = '/api/v1/store/payprov/payment-intent';
const STATUS = '/api/v1/store/payprov/payment-status';

/** An order placed with the manual (invoice) method, to be paid afterwards by card. */
const placeOrder = async (client = s.t.asGuest()) => {
  const product = await s.product();
  const res = await client.post(
    '/api/v1/store/checkout',
    s.checkoutBody(product.id, { payment_method_id: s.shop.payment.id }),
  );
  if (res.status !== 201) throw new Error(res.text);
  const order = await s.orderOf(res.body.data.id);
  return order;
};

/** A post-order intent for a guest order (the guest presents its token); answers the intent id. */
const payOrder = async (order: { id: string; guestToken: string | null }) => {
  const res = await s.t.asGuest().post(INTENTS, {
    order_id: order.id,
    payment_method_id: s.method.id,
    guest_token: order.guestToken,
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.body.data.id as string;
};

describe('payprov: post-order intents', () => {
  it('checks ownership: guest without token 401, wrong token 404, another customer 404', async () => {
    const guestOrder = await placeOrder();
    const body = { order_id: guestOrder.id, payment_method_id: s.method.id };
    expect((await s.t.asGuest().post(INTENTS, body)).status).toBe(401);
    const wrong = await s.t.asGuest().post(INTENTS, { ...body, guest_token: randomBytes(32).toString('hex') });
    expect(wrong.status).toBe(404);
    expect((await s.t.asCustomer().post(INTENTS, body)).status).toBe(404);
    const malformed = await s.t.asGuest().post(INTENTS, { ...body, guest_token: 'not-hex' });
    expect(malformed.status).toBe(400);

    const owner = s.t.asCustomer();
    const customerOrder = await placeOrder(owner);
    const other = await s.t.asCustomer().post(INTENTS, { order_id: customerOrder.id, payment_method_id: s.method.id });
    expect(other.status).toBe(404);
    expect(
      (await s.t.asGuest().post(INTENTS, { order_id: customerOrder.id, payment_method_id: s.method.id })).status,
    ).toBe(404);
    const unknown = await owner.post(INTENTS, { order_id: randomUUID(), payment_method_id: s.method.id });
    expect(unknown.status).toBe(404);
  });

  it('creates one intent per order for its total, with the spec metadata, description and receipt email', async () => {
    const order = await placeOrder();
    const body = { order_id: order.id, payment_method_id: s.method.id, guest_token: order.guestToken };
    const res = await s.t.asGuest().post(INTENTS, body);
    expect(res.status).toBe(201);
    // Spec: the post-order intent answers the same shape, `currency (lower-case)`.
    expect(res.body.data).toMatchObject({ amount: order.total, currency: 'eur', publishable_key: 'pk_test_payprov' });
    const intent = s.fake.intent(res.body.data.id);
    expect(intent).toMatchObject({
      capture_method: 'manual',
      description: `Order ${order.orderNumber}`,
      receipt_email: 'buyer@example.com',
    });
    expect(intent.metadata).toEqual({
      svc_order_id: order.id,
      svc_payment_method_id: s.method.id,
      svc_order_number: order.orderNumber,
      svc_guest_token: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(intent.metadata.svc_guest_token).not.toBe(order.guestToken);
    // The token may also come as the X-Guest-Token header; a repeat returns the same intent.
    const again = await s.t.asGuest().post(
      INTENTS,
      { order_id: order.id, payment_method_id: s.method.id },
      {
        'x-guest-token': order.guestToken!,
      },
    );
    expect(again.body.data.id).toBe(res.body.data.id);
    expect(await s.transactionOf(res.body.data.id)).toMatchObject({ status: 'pending', orderId: order.id });
  });

  it('authorization webhook captures, completes and confirms; succeeded and failed afterwards change nothing', async () => {
    const order = await placeOrder();
    const created = await s.t.asGuest().post(INTENTS, {
      order_id: order.id,
      payment_method_id: s.method.id,
      guest_token: order.guestToken,
    });
    const id = created.body.data.id;
    s.fake.authorize(id);
    expect((await s.deliver('payment_intent.amount_capturable_updated', id)).status).toBe(204);
    expect((await s.transactionOf(id))!.status).toBe('completed');
    expect((await s.orderOf(order.id)).status).toBe('confirmed');
    expect(s.fake.performed('capture', id)).toBe(1);
    expect((await s.deliver('payment_intent.succeeded', id)).status).toBe(204);
    expect((await s.deliver('payment_intent.payment_failed', id)).status).toBe(204);
    expect((await s.transactionOf(id))!.status).toBe('completed');
    expect(s.fake.performed('capture', id)).toBe(1);
    await until(
      () =>
        s.events.filter((e) => e.name === 'payment.after_complete' && e.entity.provider_reference === id).length === 1,
    );
  });

  it('a webhook racing the reconciler captures once and completes once', async () => {
    const order = await placeOrder();
    const id = await payOrder(order);
    s.fake.authorize(id);
    s.fake.delay('capture', 50);
    await Promise.all([
      s.deliver('payment_intent.amount_capturable_updated', id),
      s.deliver('payment_intent.amount_capturable_updated', id),
      s.reconcile(),
    ]);
    s.fake.delay('capture', 0);
    expect(s.fake.performed('capture', id)).toBe(1);
    expect((await s.transactionOf(id))!.status).toBe('completed');
    await new Promise((r) => setTimeout(r, 100));
    expect(
      s.events.filter((e) => e.name === 'payment.after_complete' && e.entity.provider_reference === id),
    ).toHaveLength(1);
  });

  it('payment_failed marks the payment failed (with the decline code) and leaves the order pending', async () => {
    const order = await placeOrder();
    const id = await payOrder(order);
    s.fake.decline(id);
    expect((await s.deliver('payment_intent.payment_failed', id)).status).toBe(204);
    expect(await s.transactionOf(id)).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds' });
    expect((await s.orderOf(order.id)).status).toBe('pending');
    await until(() => s.events.some((e) => e.name === 'payment.after_failed' && e.entity.provider_reference === id));
    // The buyer retries with another card: the same intent succeeds after all.
    s.fake.authorize(id);
    await s.deliver('payment_intent.amount_capturable_updated', id);
    expect((await s.transactionOf(id))!.status).toBe('completed');
  });

  it('the reconciler settles an authorized payment whose webhook never came', async () => {
    const order = await placeOrder();
    const id = await payOrder(order);
    s.fake.authorize(id);
    await s.reconcile();
    expect((await s.transactionOf(id))!.status).toBe('completed');
    expect((await s.orderOf(order.id)).status).toBe('confirmed');
  });

  it('refuses orders that are not pending or are paid, and zero totals', async () => {
    const order = await placeOrder();
    await s.t.asAdmin().put(`/api/v1/admin/orders/${order.id}/status`, { status: 'cancelled' });
    const res = await s.t.asGuest().post(INTENTS, {
      order_id: order.id,
      payment_method_id: s.method.id,
      guest_token: order.guestToken,
    });
    expect(res.status).toBe(409);
  });
});

describe('payprov: webhook', () => {
  const post = (body: string | Uint8Array, headers: Record<string, string>) =>
    s.t.asGuest().request('POST', '/plugins/payprov/webhook', body, { 'content-type': 'application/json', ...headers });

  it('verifies the signature over the raw body before anything else (401 otherwise)', async () => {
    const order = await placeOrder();
    const id = await payOrder(order);
    s.fake.authorize(id);
    const event = s.fake.event('payment_intent.amount_capturable_updated', id, WEBHOOK_SECRET);
    expect((await post(event.body, {})).status).toBe(401);
    expect((await post(event.body, { 'stripe-signature': 't=1,v1=00' })).status).toBe(401);
    const wrongSecret = s.fake.event('payment_intent.amount_capturable_updated', id, 'whsec_other');
    expect((await post(wrongSecret.body, { 'stripe-signature': wrongSecret.signature })).status).toBe(401);
    // Re-serialized JSON (same data, other bytes) does not verify.
    const reformatted = JSON.stringify(JSON.parse(event.body), null, 2);
    expect((await post(reformatted, { 'stripe-signature': event.signature })).status).toBe(401);
    // Not JSON at all, unsigned: still 401 (the signature is checked first), never 400.
    const junk = await post('{not json', { 'stripe-signature': 't=1,v1=00' });
    expect(junk.status).toBe(401);
    expect(junk.body.errors[0].code).toBe('invalid_signature');
    // Older than the 5-minute tolerance.
    const stale = s.fake.event('payment_intent.succeeded', id, WEBHOOK_SECRET, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await post(stale.body, { 'stripe-signature': stale.signature })).status).toBe(401);
    expect((await s.transactionOf(id))!.status).toBe('pending');
    expect((await post(event.body, { 'stripe-signature': event.signature })).status).toBe(204);
    expect((await s.transactionOf(id))!.status).toBe('completed');
  });

  it('treats a duplicate event id as a no-op', async () => {
    const order = await placeOrder();
    const id = await payOrder(order);
    s.fake.decline(id);
    const first = await s.deliver('payment_intent.payment_failed', id, { eventId: `evt_dup_${id}` });
    expect(first.status).toBe(204);
    s.fake.authorize(id);
    await s.t.db.paymentTransaction.update({ where: { providerReference: id }, data: { status: 'pending' } });
    const again = await s.deliver('payment_intent.payment_failed', id, { eventId: `evt_dup_${id}` });
    expect(again.status).toBe(204);
    expect((await s.transactionOf(id))!.status).toBe('pending');
    expect(await s.t.db.payprovWebhookEvent.count({ where: { providerEventId: `evt_dup_${id}` } })).toBe(1);
  });

  it('acknowledges pre-order intents and events without order metadata without touching orders', async () => {
    const intent = await s.preorderIntent(1490);
    expect((await s.deliver('payment_intent.succeeded', intent.id)).status).toBe(204);
    expect(await s.transactionOf(intent.id)).toBeNull();
    const bare = await s.buyer.post(INTENTS, { amount: 100, currency: 'EUR', payment_method_id: s.method.id });
    s.fake.intent(bare.body.data.id).metadata = {};
    expect((await s.deliver('payment_intent.succeeded', bare.body.data.id)).status).toBe(204);
    const row = await s.t.db.payprovWebhookEvent.findFirstOrThrow({ where: { paymentIntentId: bare.body.data.id } });
    expect(row.status).toBe('processed');
  });

  it('keeps an event that arrives before its order is visible and applies it once the order is there', async () => {
    const orderId = randomUUID();
    const created = await s.buyer.post(INTENTS, { amount: 1490, currency: 'EUR', payment_method_id: s.method.id });
    const id = created.body.data.id;
    Object.assign(s.fake.intent(id).metadata, { svc_order_id: orderId, svc_order_number: 'ORD-20261125-LATE01' });
    delete s.fake.intent(id).metadata.svc_mode;
    s.fake.authorize(id);
    expect((await s.deliver('payment_intent.amount_capturable_updated', id)).status).toBe(204);
    expect((await s.t.db.payprovWebhookEvent.findFirstOrThrow({ where: { paymentIntentId: id } })).status).toBe(
      'deferred',
    );
    await s.t.db.order.create({
      data: {
        id: orderId,
        orderNumber: 'ORD-20261125-LATE01',
        email: 'late@example.com',
        currency: 'EUR',
        subtotalGross: 1000,
        subtotalNet: 840,
        taxTotal: 160,
        total: 1490,
        billingAddress: ADDRESS,
        shippingAddress: ADDRESS,
      },
    });
    await s.t.db.payprovWebhookEvent.updateMany({ where: { paymentIntentId: id }, data: { updatedAt: new Date(0) } });
    const summary = (await s.reconcile()) as { replayedEvents: number };
    expect(summary.replayedEvents).toBeGreaterThanOrEqual(1);
    expect((await s.t.db.payprovWebhookEvent.findFirstOrThrow({ where: { paymentIntentId: id } })).status).toBe(
      'processed',
    );
    expect((await s.transactionOf(id))!.status).toBe('completed');
    expect((await s.orderOf(orderId)).status).toBe('confirmed');
  });
});

describe('payprov: payment status and health', () => {
  it('answers the owner and 404 to everyone else', async () => {
    const customer = s.t.asCustomer();
    const mine = await s.preorderIntent(700, customer, false);
    expect((await customer.get(`${STATUS}/${mine.id}`)).body).toEqual({
      data: { status: 'requires_payment_method', payment_link_status: null },
    });
    expect((await s.t.asCustomer().get(`${STATUS}/${mine.id}`)).status).toBe(404);
    expect((await s.t.asGuest().get(`${STATUS}/${mine.id}`)).status).toBe(404);
    expect((await customer.get(`${STATUS}/pi_unknown123`)).status).toBe(404);
    expect((await customer.get(`${STATUS}/not-an-id`)).status).toBe(404);

    const order = await placeOrder();
    const guestIntent = await payOrder(order);
    expect((await s.t.asGuest().get(`${STATUS}/${guestIntent}`)).status).toBe(404);
    expect((await s.t.asGuest().get(`${STATUS}/${guestIntent}`, { 'x-guest-token': 'f'.repeat(64) })).status).toBe(404);
    const ok = await s.t.asGuest().get(`${STATUS}/${guestIntent}`, { cookie: `svc_guest_token=${order.guestToken}` });
    expect(ok.status).toBe(200);
  });

  it('health needs a credential and answers the spec shape', async () => {
    expect((await s.t.asGuest().get('/plugins/payprov/health')).status).toBe(401);
    const res = await s.t.asAdmin().get('/plugins/payprov/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      status: 'ok',
      plugin: 'payprov',
      version: '1.0.0',
      publishable_key: 'pk_test_payprov',
      checked_at: expect.stringMatching(/^\d{4}-/),
    });
  });
});
