import { checkStorePath, collectStoreMcpTools } from '../../../src/plugin-api/mcp-tools';
import { type PayprovShop, startPayprovShop, until } from '../../../test/fixtures/payprov';
import { callJson, connectMcp } from '../../../test/harness/mcp-client';
import { payprovPlugin } from '..';

let s: PayprovShop;
beforeAll(async () => {
  s = await startPayprovShop();
});
afterAll(() => s?.close());

const INTENTS = '/api/v1/store/payprov/payment-intent';
const CHECKOUT = '/api/v1/store/checkout';

describe('payprov: pre-order payment intents', () => {
  it('creates a manual-capture intent with the spec metadata and answers the spec shape', async () => {
    const res = await s.buyer.post(INTENTS, { amount: 1490, currency: 'EUR', payment_method_id: s.method.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^pi_/),
      client_secret: expect.stringContaining('_secret_'),
      publishable_key: 'pk_test_payprov',
      amount: 1490,
      // Spec: "Response 201: { data: { id, client_secret, publishable_key, amount (int), currency (lower-case) } }".
      currency: 'eur',
    });
    const intent = s.fake.intent(res.body.data.id);
    expect(intent.capture_method).toBe('manual');
    expect(intent.metadata).toEqual({
      svc_mode: 'pre_order',
      svc_payment_method_id: s.method.id,
      svc_guest: '1',
      svc_cart_token: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('records the customer as owner and repeats the same intent for a repeated Idempotency-Key', async () => {
    const customer = s.t.asCustomer();
    const headers = { 'idempotency-key': 'same-click' };
    const body = { amount: 500, currency: 'eur', payment_method_id: s.method.id };
    const a = await customer.post(INTENTS, body, headers);
    const b = await customer.post(INTENTS, body, headers);
    expect(a.status).toBe(201);
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(s.fake.intent(a.body.data.id).metadata.svc_customer_id).toEqual(expect.any(String));
  });

  it('names every bad field with 400, and refuses methods that are not active payprov methods with 422', async () => {
    const bad = await s.buyer.post(INTENTS, { amount: 0, currency: 'euro', payment_method_id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'amount',
      'currency',
      'payment_method_id',
    ]);
    expect((await s.buyer.post(INTENTS, [1])).status).toBe(400);
    expect((await s.buyer.post(INTENTS, { amount: 1.5, currency: 'EUR', payment_method_id: s.method.id })).status).toBe(
      400,
    );

    const manual = await s.buyer.post(INTENTS, { amount: 100, currency: 'EUR', payment_method_id: s.shop.payment.id });
    expect(manual.status).toBe(422);
    expect(manual.body.errors[0].code).toBe('invalid_payment_method');
    const inactive = (
      await s.t.asAdmin().post('/api/v1/admin/payment-methods', {
        provider: 'payprov',
        active: false,
        translations: [{ locale: 'en', name: 'Old card' }],
      })
    ).body.data;
    const off = await s.buyer.post(INTENTS, { amount: 100, currency: 'EUR', payment_method_id: inactive.id });
    expect(off.status).toBe(422);
  });

  it("answers 502 provider_error without the provider's message when the provider fails", async () => {
    s.fake.failNext('create');
    const res = await s.buyer.post(INTENTS, { amount: 100, currency: 'EUR', payment_method_id: s.method.id });
    expect(res.status).toBe(502);
    expect(res.body.errors[0]).toEqual({ code: 'provider_error', detail: expect.any(String) });
    expect(res.text).not.toContain('boom');
  });
});

describe('payprov: pay first', () => {
  it('verifies, places, captures once, records the transaction and confirms the order', async () => {
    const product = await s.product();
    const intent = await s.preorderIntent(1490);
    const res = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id }));
    expect(res.status).toBe(201);
    const orderId = res.body.data.id;
    await until(async () => (await s.orderOf(orderId)).status === 'confirmed');
    const tx = await s.transactionOf(intent.id);
    expect(tx).toMatchObject({ orderId, provider: 'payprov', amount: 1490, currency: 'EUR', status: 'completed' });
    expect(tx!.capturedAt).toBeInstanceOf(Date);
    expect(s.fake.performed('capture', intent.id)).toBe(1);
    await until(() => s.events.some((e) => e.name === 'payment.after_complete' && e.entity.order_id === orderId));
    expect(s.events.find((e) => e.name === 'payment.after_complete' && e.entity.order_id === orderId)!.entity).toEqual({
      order_id: orderId,
      payment_transaction_id: tx!.id,
      provider_reference: intent.id,
      amount: 1490,
      currency: 'EUR',
    });
    // The core order service moved it: order.after_update fired with the change. After-hooks run once the change
    // is committed, in the background: on a loaded machine the answer can come first, so wait for the event.
    await until(() =>
      s.events.some(
        (e) => e.name === 'order.after_update' && e.entity.id === orderId && e.changes.to_status === 'confirmed',
      ),
    );
    const history = await s.t.asAdmin().get(`/api/v1/admin/orders/${orderId}/transactions`);
    expect(history.body.data[0]).toMatchObject({
      provider_reference: intent.id,
      status: 'completed',
      failure_reason: null,
    });
  });

  it.each([
    ['not authorized yet', 1490, false, 'EUR'],
    ['for another amount', 1489, true, 'EUR'],
    ['in another currency', 1490, true, 'USD'],
  ])(
    'rejects an intent %s with 422 checkout_rejected and creates nothing',
    async (_label, amount, authorize, currency) => {
      const product = await s.product(5);
      const res0 = await s.buyer.post(INTENTS, { amount, currency, payment_method_id: s.method.id });
      const intentId = res0.body.data.id;
      if (authorize) s.fake.authorize(intentId);
      const res = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intentId }));
      expect(res.status).toBe(422);
      expect(res.body.errors[0].code).toBe('checkout_rejected');
      expect(await s.t.db.order.count({ where: { paymentReference: intentId } })).toBe(0);
      expect((await s.t.db.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(5);
    },
  );

  it('rejects unknown references and post-order intents', async () => {
    const product = await s.product();
    const unknown = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: 'pi_nope' }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].code).toBe('checkout_rejected');
    const missing = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id));
    expect(missing.body.errors[0].code).toBe('payment_reference_required');
  });

  it('lets one reference pay for one order: a second checkout, even a parallel one, is rejected', async () => {
    const product = await s.product(20);
    const intent = await s.preorderIntent(1490);
    const results = await Promise.all(
      [1, 2, 3].map(() => s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.errors[0].code).toBe('checkout_rejected');
    expect(await s.t.db.order.count({ where: { paymentReference: intent.id } })).toBe(1);
    const later = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id }));
    expect(later.status).toBe(422);
    expect((await s.t.db.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(19);
  });

  it('releases the authorization when the checkout runs out of stock; the 422 stands', async () => {
    const product = await s.product(1);
    const intent = await s.preorderIntent(2 * 1000 + 490);
    const res = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id }, 2));
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('insufficient_stock');
    await until(() => s.fake.intent(intent.id).status === 'canceled');
    expect(await s.transactionOf(intent.id)).toBeNull();
  });

  it('settles a capture the provider failed later, through the reconciler, without capturing twice', async () => {
    const product = await s.product();
    const intent = await s.preorderIntent(1490);
    s.fake.failNext('capture');
    const res = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id }));
    expect(res.status).toBe(201);
    await until(async () => (await s.transactionOf(intent.id))?.status === 'pending');
    await new Promise((r) => setTimeout(r, 100));
    expect((await s.orderOf(res.body.data.id)).status).toBe('pending');
    await s.reconcile();
    expect((await s.transactionOf(intent.id))!.status).toBe('completed');
    expect((await s.orderOf(res.body.data.id)).status).toBe('confirmed');
    expect(s.fake.performed('capture', intent.id)).toBe(1);
  });
});

describe('payprov: cancel and refund', () => {
  const placePaid = async () => {
    const product = await s.product();
    const intent = await s.preorderIntent(1490);
    const res = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id }));
    const orderId = res.body.data.id as string;
    await until(async () => (await s.transactionOf(intent.id))?.status === 'completed');
    await until(async () => (await s.orderOf(orderId)).status === 'confirmed');
    return { orderId, intent };
  };

  it('refunds a captured payment once when the order is cancelled, however many requests race', async () => {
    const { orderId, intent } = await placePaid();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => s.t.asAdmin().put(`/api/v1/admin/orders/${orderId}/status`, { status: 'cancelled' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    await until(async () => !!(await s.transactionOf(intent.id))?.refundedAt);
    await new Promise((r) => setTimeout(r, 100));
    expect(s.fake.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    expect((await s.transactionOf(intent.id))!.status).toBe('completed');
  });

  it('refunds on the refunded status, and the reconciler finds a refund the hook could not make', async () => {
    const { orderId, intent } = await placePaid();
    s.fake.failNext('refund');
    const res = await s.t.asAdmin().put(`/api/v1/admin/orders/${orderId}/status`, { status: 'refunded' });
    expect(res.status).toBe(200);
    await until(() => s.fake.calls.some((c) => c.op === 'refund'));
    await new Promise((r) => setTimeout(r, 100));
    expect((await s.transactionOf(intent.id))!.refundedAt).toBeNull();
    const summary = (await s.reconcile()) as { reversed: number };
    expect(summary.reversed).toBeGreaterThanOrEqual(1);
    expect((await s.transactionOf(intent.id))!.refundedAt).toBeInstanceOf(Date);
    expect(s.fake.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });
});

describe('payprov: store MCP tools', () => {
  it('registers the spec four under store_payprov_, each calling the store API through the checked client', async () => {
    const guest = s.t.asGuest();
    const unwrap = (r: { status: number; body: unknown }) => {
      if (r.status >= 400) throw new Error(JSON.stringify(r.body));
      return r.body;
    };
    const client = {
      get: async (path: string) => unwrap(await guest.get(checkStorePath(path))),
      post: async (path: string, body: unknown, tokens?: { cartToken?: string }) =>
        unwrap(
          await guest.post(checkStorePath(path), body, tokens?.cartToken ? { 'x-cart-token': tokens.cartToken } : {}),
        ),
    };
    const tools = collectStoreMcpTools(payprovPlugin, client, { error: () => undefined });
    expect(tools.map((t) => t.name).sort()).toEqual([
      'store_payprov_check_payment_status',
      'store_payprov_create_payment_intent',
      'store_payprov_create_payment_link',
      'store_payprov_create_preorder_payment_intent',
    ]);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(Object.keys(tool.annotations).sort()).toEqual([
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
        'readOnlyHint',
      ]);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    const created = (await byName.store_payprov_create_preorder_payment_intent.handler(
      { amount: 990, currency: 'EUR', payment_method_id: s.method.id, cart_token: s.buyerToken },
      client,
    )) as { data: { id: string; amount: number } };
    expect(created.data.amount).toBe(990);
    const status = (await byName.store_payprov_check_payment_status.handler(
      { payment_intent_id: created.data.id },
      client,
    )) as { data: { status: string } };
    expect(status.data.status).toBe('requires_payment_method');
    await expect(client.get('/api/v1/store/../admin/orders')).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('payprov: tools on the store MCP server', () => {
  it('appear on /mcp/store when payprov is active, and run as the caller', async () => {
    const client = await connectMcp(s.t.url, 'store');
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names.filter((n) => n.startsWith('store_payprov_')).sort()).toEqual([
      'store_payprov_check_payment_status',
      'store_payprov_create_payment_intent',
      'store_payprov_create_payment_link',
      'store_payprov_create_preorder_payment_intent',
    ]);
    const created = await callJson(client, 'store_payprov_create_preorder_payment_intent', {
      amount: 1234,
      currency: 'EUR',
      payment_method_id: s.method.id,
      cart_token: s.buyerToken,
    });
    expect(created.isError).toBe(false);
    expect(created.body.data).toMatchObject({ amount: 1234, currency: 'eur' });
    // The intent belongs to the cart token it was made with (its digest, never the token).
    expect(s.fake.intent(created.body.data.id).metadata).toMatchObject({ svc_cart_token: expect.any(String) });
    const ownerless = await callJson(client, 'store_payprov_create_preorder_payment_intent', {
      amount: 1234,
      currency: 'EUR',
      payment_method_id: s.method.id,
    });
    expect(ownerless).toMatchObject({ isError: true, body: { error: { code: 'unauthorized' } } });
    const refused = await callJson(client, 'store_payprov_create_preorder_payment_intent', {
      amount: 0,
      currency: 'EUR',
      payment_method_id: s.method.id,
    });
    expect(refused).toMatchObject({ isError: true, body: { error: { code: 'validation_error' } } });
    await client.close();
  });
});
