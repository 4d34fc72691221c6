import { type PayprovShop, startPayprovShop, until } from '../../../test/fixtures/payprov';

let s: PayprovShop;
beforeAll(async () => {
  s = await startPayprovShop({ capture_on: 'shipped', timeout_seconds: 1 });
});
afterAll(() => s?.close());

const CHECKOUT = '/api/v1/store/checkout';
const move = (orderId: string, status: string) =>
  s.t.asAdmin().put(`/api/v1/admin/orders/${orderId}/status`, { status });

/** A pay-first order whose intent was created `ageDays` ago; answers once the order is confirmed. */
const placeAuthorized = async (ageDays = 0) => {
  const product = await s.product();
  const intent = await s.preorderIntent(1490);
  if (ageDays) s.fake.age(intent.id, ageDays);
  const res = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id }));
  expect(res.status).toBe(201);
  const orderId = res.body.data.id as string;
  await until(async () => (await s.orderOf(orderId)).status === 'confirmed');
  return { orderId, intent };
};

describe('payprov: deferred capture (capture_on shipped)', () => {
  it('confirms with a pending, authorized payment and captures when the order ships', async () => {
    const { orderId, intent } = await placeAuthorized();
    const tx = await s.transactionOf(intent.id);
    expect(tx).toMatchObject({ status: 'pending', capturedAt: null });
    const expiresIn = tx!.authorizationExpiresAt!.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);
    expect(s.fake.performed('capture', intent.id)).toBe(0);

    expect((await move(orderId, 'processing')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await s.transactionOf(intent.id))!.status).toBe('pending');
    expect((await move(orderId, 'shipped')).status).toBe(200);
    await until(async () => (await s.transactionOf(intent.id))!.status === 'completed');
    expect(s.fake.performed('capture', intent.id)).toBe(1);
    const view = await s.t.asAdmin().get(`/api/v1/admin/orders/${orderId}/transactions`);
    expect(view.body.data[0]).toMatchObject({ status: 'completed', captured_at: expect.any(String) });
  });

  it('fails a capture after the authorization lapsed, visibly, with payment.after_failed', async () => {
    const { orderId, intent } = await placeAuthorized(8);
    await move(orderId, 'shipped');
    await until(async () => (await s.transactionOf(intent.id))!.status === 'failed');
    expect(s.fake.performed('capture', intent.id)).toBe(0);
    await until(() =>
      s.events.some((e) => e.name === 'payment.after_failed' && e.entity.provider_reference === intent.id),
    );
    const view = await s.t.asAdmin().get(`/api/v1/admin/orders/${orderId}/transactions`);
    expect(view.body.data[0]).toMatchObject({
      status: 'failed',
      failure_reason: 'authorization_expired',
      authorization_expires_at: expect.any(String),
    });
  });

  it('fails the payment when the provider reports the authorization gone at capture time', async () => {
    const { orderId, intent } = await placeAuthorized();
    s.fake.expire(intent.id);
    await move(orderId, 'shipped');
    await until(async () => (await s.transactionOf(intent.id))!.status === 'failed');
    expect((await s.transactionOf(intent.id))!.failureReason).toBe('authorization_expired');
  });

  it('releases an uncaptured authorization once when the order is cancelled', async () => {
    const { orderId, intent } = await placeAuthorized();
    const results = await Promise.all([1, 2, 3].map(() => move(orderId, 'cancelled')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    await until(async () => !!(await s.transactionOf(intent.id))!.cancelledAt);
    expect(s.fake.intent(intent.id).status).toBe('canceled');
    expect(s.fake.performed('cancel', intent.id)).toBe(1);
    expect(s.fake.refunds.some((r) => r.payment_intent === intent.id)).toBe(false);
    expect(await s.transactionOf(intent.id)).toMatchObject({ status: 'failed', failureReason: 'cancelled' });
  });

  it('bounds provider calls by timeout_seconds (502), and every provider write carries an idempotency key', async () => {
    s.fake.delay('create', 1500);
    const started = Date.now();
    const res = await s.buyer.post('/api/v1/store/payprov/payment-intent', {
      amount: 100,
      currency: 'EUR',
      payment_method_id: s.method.id,
    });
    s.fake.delay('create', 0);
    expect(res.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(1400);
    const writes = s.fake.calls.filter((c) => c.op !== 'retrieve');
    expect(writes.length).toBeGreaterThan(5);
    for (const call of writes) expect(call.key).toMatch(/^svc-/);
  });
});
