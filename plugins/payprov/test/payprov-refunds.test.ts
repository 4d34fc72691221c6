import { type PayprovShop, startPayprovShop, until, WEBHOOK_SECRET } from '../../../test/fixtures/payprov';
import { startTestServer, type TestServer } from '../../../test/harness/server';
import { payprovPlugin } from '..';

/**
 * Issue 48, refunds through the payment provider (contract §10): the core reserves each refund under the order's
 * lock and asks payprov, which refunds part of the captured intent (the double records it with our refund's id);
 * a pending refund is settled by the provider's refund webhook; ten parallel refunds of 60 % make exactly one
 * provider refund (two instances on PostgreSQL); the payments panel's refund counts against the same sum; and the
 * order's `refunded` status gives back only what is left, never twice.
 */
let s: PayprovShop;
/** A second instance on the same PostgreSQL database and provider double. */
let u: TestServer | undefined;
const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;
beforeAll(async () => {
  s = await startPayprovShop();
  if (onPostgres)
    u = await startTestServer(
      {
        plugins: {
          payprov: {
            secret_key: 'sk_test_payprov',
            publishable_key: 'pk_test_payprov',
            webhook_secret: WEBHOOK_SECRET,
            api_base: s.fake.url,
            js_url: `${s.fake.url}/js/v3`,
            timeout_seconds: 5,
            reconcile_interval_seconds: 86_400,
            reconcile_after_seconds: 0,
          },
        },
      },
      { plugins: [payprovPlugin], sharedDatabaseUrl: s.t.databaseUrl },
    );
});
afterAll(async () => {
  await u?.close();
  await s?.close();
});

const O = '/api/v1/admin/orders';
const CHECKOUT = '/api/v1/store/checkout';

/** An order of 10.00 + 4.90 shipping paid by card first, captured and confirmed. */
async function placePaid() {
  const product = await s.product();
  const intent = await s.preorderIntent(1490);
  const res = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id }));
  expect(res.status).toBe(201);
  const orderId = res.body.data.id as string;
  await until(async () => (await s.transactionOf(intent.id))?.status === 'completed');
  await until(async () => (await s.orderOf(orderId)).status === 'confirmed');
  return { orderId, intent, productId: product.id };
}

const refundsAt = (intentId: string) => s.fake.refunds.filter((r) => r.payment_intent === intentId);

describe('payprov refunds', () => {
  it('refunds part of the captured intent, recording the provider refund id; the rest moves the order to refunded once', async () => {
    const { orderId, intent, productId } = await placePaid();
    const admin = s.t.asAdmin();
    const first = await admin.post(`${O}/${orderId}/refunds`, { amount: 500, reason: 'one line' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ amount: 500, status: 'succeeded', currency: 'EUR' });
    expect(first.body.data.provider_reference).toMatch(/^re_/);
    expect(refundsAt(intent.id)).toEqual([
      expect.objectContaining({
        id: first.body.data.provider_reference,
        amount: 500,
        metadata: { svc_refund_id: first.body.data.id, svc_order_id: orderId },
      }),
    ]);
    let order = (await admin.get(`${O}/${orderId}`)).body.data;
    expect(order).toMatchObject({ status: 'confirmed', refunded_total: 500, refundable: 990 });

    const over = await admin.post(`${O}/${orderId}/refunds`, { amount: 991 });
    expect(over.body.errors[0].code).toBe('refund_exceeds_paid');
    const rest = await admin.post(`${O}/${orderId}/refunds`, { amount: 990 });
    expect(rest.body.data.status).toBe('succeeded');
    order = (await admin.get(`${O}/${orderId}`)).body.data;
    expect(order).toMatchObject({ status: 'refunded', refunded_total: 1490, refundable: 0 });
    // The plugin's "order refunded → give the payment back" finds nothing left: no third provider refund.
    await s.t.service.services.background.drain();
    await new Promise((r) => setTimeout(r, 100));
    expect(refundsAt(intent.id).map((r) => r.amount)).toEqual([500, 990]);
    expect((await s.transactionOf(intent.id))!.refundedAt).toBeInstanceOf(Date);
    expect((await s.t.db.product.findUniqueOrThrow({ where: { id: productId } })).stock).toBe(10);
  });

  it(`ten parallel refunds of 60 %: one 201, nine 422, one provider refund (${onPostgres ? 'two instances' : 'one instance'})`, async () => {
    const { orderId, intent } = await placePaid();
    const amount = Math.floor(1490 * 0.6);
    const admins = [s.t.asAdmin(), (u ?? s.t).asAdmin()];
    const callsBefore = s.fake.calls.filter((c) => c.op === 'refund').length;
    s.fake.delay('refund', 50); // the provider call overlaps the other requests
    let answers;
    try {
      answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => admins[i % 2].post(`${O}/${orderId}/refunds`, { amount })),
      );
    } finally {
      s.fake.delay('refund', 0);
    }
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(9);
    expect(answers.filter((a) => a.status === 422).every((a) => a.body.errors[0].code === 'refund_exceeds_paid')).toBe(
      true,
    );
    expect(refundsAt(intent.id)).toHaveLength(1);
    // The provider was asked once: the nine others were refused before any provider call.
    expect(s.fake.calls.filter((c) => c.op === 'refund').length - callsBefore).toBe(1);
    expect(await s.t.db.refund.count({ where: { orderId } })).toBe(1);
  });

  it('a pending provider refund reserves its amount; the refund webhook settles it succeeded, or failed (freeing it)', async () => {
    const { orderId } = await placePaid();
    const admin = s.t.asAdmin();
    s.fake.refundStatus = 'pending';
    let pending;
    let failing;
    try {
      pending = (await admin.post(`${O}/${orderId}/refunds`, { amount: 400 })).body.data;
      failing = (await admin.post(`${O}/${orderId}/refunds`, { amount: 300 })).body.data;
    } finally {
      s.fake.refundStatus = 'succeeded';
    }
    expect([pending.status, failing.status]).toEqual(['pending', 'pending']);
    let order = (await admin.get(`${O}/${orderId}`)).body.data;
    expect(order).toMatchObject({ refunded_total: 0, refundable: 1490 - 700 });

    const deliver = async (type: string, refundId: string) => {
      const event = s.fake.refundEvent(type, refundId, WEBHOOK_SECRET);
      const res = await s.t.asGuest().request('POST', '/plugins/payprov/webhook', event.body, {
        'content-type': 'application/json',
        'stripe-signature': event.signature,
      });
      expect(res.status).toBe(204);
    };
    s.fake.settleRefund(pending.provider_reference, 'succeeded');
    await deliver('refund.updated', pending.provider_reference);
    s.fake.settleRefund(failing.provider_reference, 'failed');
    await deliver('refund.failed', failing.provider_reference);
    // A repeated (or late) event changes nothing.
    await deliver('refund.updated', pending.provider_reference);

    const list = (await admin.get(`${O}/${orderId}/refunds`)).body.data;
    expect(list.map((r: { status: string }) => r.status)).toEqual(['succeeded', 'failed']);
    expect(list[1].failure_reason).toBe('expired_or_canceled_card');
    order = (await admin.get(`${O}/${orderId}`)).body.data;
    expect(order).toMatchObject({ status: 'confirmed', refunded_total: 400, refundable: 1090 });
  });

  it('a provider that refuses answers the refund failed (the amount is free again)', async () => {
    const { orderId } = await placePaid();
    s.fake.failNext('refund', 1, 400, 'charge_disputed');
    const res = await s.t.asAdmin().post(`${O}/${orderId}/refunds`, { amount: 100 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'failed',
      failure_reason: 'charge_disputed',
      provider_reference: null,
    });
    expect((await s.t.asAdmin().get(`${O}/${orderId}`)).body.data.refundable).toBe(1490);
  });

  it('a refund whose provider call failed stays pending; the reconciler makes it once, or reads it settled', async () => {
    const { orderId, intent } = await placePaid();
    const admin = s.t.asAdmin();
    s.fake.failNext('refund', 1, 500);
    const lost = await admin.post(`${O}/${orderId}/refunds`, { amount: 200 });
    expect(lost.status).toBe(201);
    expect(lost.body.data).toMatchObject({ status: 'pending', provider_reference: null });
    expect(refundsAt(intent.id)).toHaveLength(0);
    // Pending at the provider and no webhook: the reconciler reads it once the provider settled it.
    s.fake.refundStatus = 'pending';
    let quiet;
    try {
      quiet = (await admin.post(`${O}/${orderId}/refunds`, { amount: 300 })).body.data;
    } finally {
      s.fake.refundStatus = 'succeeded';
    }
    s.fake.settleRefund(quiet.provider_reference, 'succeeded');
    await s.reconcile();
    await s.reconcile();
    const list = (await admin.get(`${O}/${orderId}/refunds`)).body.data;
    expect(list.map((r: { status: string }) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(list[0].provider_reference).toMatch(/^re_/);
    expect(refundsAt(intent.id).map((r) => r.amount)).toEqual([300, 200]);
  });

  it("the payments panel's refund is one of the order's refunds: both count against what was paid", async () => {
    const { orderId, intent } = await placePaid();
    const admin = s.t.asAdmin();
    const panel = await admin.gql(
      `mutation ($pi: String!, $amount: Int) { payprovRefundPayment(paymentIntentId: $pi, amount: $amount) {
        amountRefunded refundable } }`,
      { pi: intent.id, amount: 1000 },
    );
    expect(panel.errors).toBeUndefined();
    expect(panel.data.payprovRefundPayment).toEqual({ amountRefunded: 1000, refundable: 490 });
    const refunds = (await admin.get(`${O}/${orderId}/refunds`)).body.data;
    expect(refunds).toEqual([expect.objectContaining({ amount: 1000, status: 'succeeded', actor: expect.anything() })]);
    expect((await admin.post(`${O}/${orderId}/refunds`, { amount: 491 })).body.errors[0].code).toBe(
      'refund_exceeds_paid',
    );
    // The rest from the panel (no amount: all that is left) moves the order to refunded.
    const rest = await admin.gql(
      `mutation ($pi: String!) { payprovRefundPayment(paymentIntentId: $pi) { amountRefunded refundable } }`,
      { pi: intent.id },
    );
    expect(rest.errors).toBeUndefined();
    expect((await s.orderOf(orderId)).status).toBe('refunded');
    await s.t.service.services.background.drain();
    expect(refundsAt(intent.id).map((r) => r.amount)).toEqual([1000, 490]);
  });

  it('the refunded status set by hand after a partial refund gives back only what is left', async () => {
    const { orderId, intent } = await placePaid();
    const admin = s.t.asAdmin();
    expect((await admin.post(`${O}/${orderId}/refunds`, { amount: 600 })).status).toBe(201);
    expect((await admin.put(`${O}/${orderId}/status`, { status: 'refunded' })).status).toBe(200);
    await until(async () => !!(await s.transactionOf(intent.id))?.refundedAt);
    await s.t.service.services.background.drain();
    expect(refundsAt(intent.id).map((r) => r.amount)).toEqual([600, 890]);
  });
});
