import { print } from 'graphql';

import * as op from '../../../src/generated/graphql';
import { type PayprovShop, startPayprovShop } from '../../../test/fixtures/payprov';
import { GQL_ADDRESS } from '../../../test/fixtures/shop';
import { callJson, connectMcp } from '../../../test/harness/mcp-client';

/**
 * A pay-first intent belongs to its buyer (issue 24): a guessable `Idempotency-Key` never hands one buyer
 * another's intent (or its client_secret), and an intent id — not a secret — pays only its own buyer's order.
 */
let s: PayprovShop;
beforeAll(async () => {
  s = await startPayprovShop();
});
afterAll(() => s?.close());

const INTENTS = '/api/v1/store/payprov/payment-intent';
const CHECKOUT = '/api/v1/store/checkout';
/** One order of one 1000-cent product: 1000 + 490 shipping. */
const TOTAL = 1490;

const intentBody = () => ({ amount: TOTAL, currency: 'EUR', payment_method_id: s.method.id });

/** A guest cart holding one unit of `productId`, and its token. */
async function guestCart(productId: string) {
  const cart = (await s.t.asGuest().post('/api/v1/store/cart')).body.data as { id: string; session_token: string };
  const added = await s.t
    .asGuest()
    .post(
      `/api/v1/store/cart/${cart.id}/items`,
      { product_id: productId, quantity: 1 },
      { 'x-cart-token': cart.session_token },
    );
  expect(added.status).toBe(201);
  return cart;
}

function cartCheckout(cartId: string, reference: string) {
  const body = s.checkoutBody('unused', { payment_reference: reference, cart_id: cartId }) as Record<string, unknown>;
  delete body.items;
  return body;
}

describe('payprov: idempotency keys are scoped by the buyer', () => {
  it('gives two guests with the same key two intents, and each guest its own intent again', async () => {
    const headers = { 'idempotency-key': 'checkout-1' };
    const first = await s.buyer.post(INTENTS, intentBody(), headers);
    const second = await s.t.asGuest().post(INTENTS, intentBody(), { ...headers, 'x-cart-token': 'c'.repeat(64) });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    expect(second.text).not.toContain(first.body.data.client_secret);
    const retry = await s.buyer.post(INTENTS, intentBody(), headers);
    expect(retry.body.data.id).toBe(first.body.data.id);
  });

  it('scopes a guest with a cart by its cart token', async () => {
    const headers = { 'idempotency-key': 'pay-now' };
    const a = await s.t.asGuest().post(INTENTS, intentBody(), { ...headers, 'x-cart-token': 'a'.repeat(43) });
    const b = await s.t.asGuest().post(INTENTS, intentBody(), { ...headers, 'x-cart-token': 'b'.repeat(43) });
    const again = await s.t.asGuest().post(INTENTS, intentBody(), { ...headers, 'x-cart-token': 'a'.repeat(43) });
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(again.body.data.id).toBe(a.body.data.id);
    expect(s.fake.intent(a.body.data.id).metadata).toMatchObject({
      svc_guest: '1',
      svc_cart_token: expect.any(String),
    });
    expect(s.fake.intent(a.body.data.id).metadata.svc_cart_token).not.toContain('a'.repeat(43));
  });

  it('never shares a key between a customer, another customer and a guest', async () => {
    const headers = { 'idempotency-key': 'same-key' };
    const ids = new Set<string>();
    for (const client of [s.t.asCustomer(), s.t.asCustomer(), s.buyer])
      ids.add((await client.post(INTENTS, intentBody(), headers)).body.data.id);
    expect(ids.size).toBe(3);
  });

  it('refuses an Idempotency-Key over 255 characters with 400 naming the header', async () => {
    const res = await s.buyer.post(INTENTS, intentBody(), { 'idempotency-key': 'k'.repeat(256) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'validation_error', field: 'Idempotency-Key' });
  });
});

describe("payprov: an intent pays only its own buyer's order", () => {
  async function refused(res: { status: number; body: any }, reference: string) {
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'checkout_rejected' });
    expect(res.body.errors[0].detail).toMatch(/another buyer/);
    expect(await s.t.db.order.count({ where: { paymentReference: reference } })).toBe(0);
  }

  it("refuses customer B with customer A's authorized intent, and lets A use it", async () => {
    const product = await s.product(5);
    const a = s.t.asCustomer();
    const intent = await s.preorderIntent(TOTAL, a);
    await refused(
      await s.t.asCustomer().post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id })),
      intent.id,
    );
    await refused(
      await s.t.asGuest().post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id })),
      intent.id,
    );
    expect((await s.t.db.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(5);
    const own = await a.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id }));
    expect(own.status).toBe(201);
  });

  it("refuses a customer with a guest's intent", async () => {
    const product = await s.product(5);
    const intent = await s.preorderIntent(TOTAL);
    await refused(
      await s.t.asCustomer().post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id })),
      intent.id,
    );
  });

  it("binds a guest's intent made with a cart token to that cart's checkout", async () => {
    const product = await s.product(5);
    const mine = await guestCart(product.id);
    const theirs = await guestCart(product.id);
    const made = await s.t.asGuest().post(INTENTS, intentBody(), { 'x-cart-token': mine.session_token });
    expect(made.status).toBe(201);
    const intentId = made.body.data.id as string;
    s.fake.authorize(intentId);

    // Another guest, with their own cart and token, cannot spend it; nor can a checkout without a token.
    await refused(
      await s.t.asGuest().post(CHECKOUT, cartCheckout(theirs.id, intentId), { 'x-cart-token': theirs.session_token }),
      intentId,
    );
    await refused(
      await s.t.asGuest().post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intentId })),
      intentId,
    );

    const own = await s.t
      .asGuest()
      .post(CHECKOUT, cartCheckout(mine.id, intentId), { 'x-cart-token': mine.session_token });
    expect(own.status).toBe(201);
    expect(own.body.data.total).toBe(TOTAL);
  });
});

describe('payprov: every intent has an owner (issue 53)', () => {
  const created = () => s.fake.calls.filter((c) => c.op === 'create').length;

  it('refuses a pay-first intent to a caller with no owner to record (REST, GraphQL, MCP), before the provider', async () => {
    const before = created();
    for (const client of [s.t.asGuest(), s.t.asAdmin()]) {
      const res = await client.post(INTENTS, intentBody());
      expect(res.status).toBe(401);
      expect(res.body.errors[0]).toMatchObject({ code: 'unauthorized', detail: expect.stringMatching(/X-Cart-Token/) });
    }
    const gql = await s.t
      .asGuest()
      .gql('mutation($input: PayprovPaymentIntentInput!) { payprovCreatePaymentIntent(input: $input) { id } }', {
        input: { amount: TOTAL, currency: 'EUR', paymentMethodId: s.method.id },
      });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'unauthorized', status: 401 });
    const mcp = await connectMcp(s.t.url, 'store');
    const tool = await callJson(mcp, 'store_payprov_create_preorder_payment_intent', {
      amount: TOTAL,
      currency: 'EUR',
      payment_method_id: s.method.id,
    });
    await mcp.close();
    expect(tool).toMatchObject({ isError: true, body: { error: { code: 'unauthorized' } } });
    expect(created()).toBe(before);
  });

  /**
   * The probe: a guest's intent, spent by another guest who knows its id. Each surface's checkout refuses the
   * stranger (without a cart token, or with their own) and accepts the owner's, who presents the token.
   */
  describe.each(['rest', 'graphql', 'mcp'] as const)("another guest's checkout over %s", (surface) => {
    async function checkout(productId: string, reference: string, cartToken?: string) {
      if (surface === 'rest') {
        const res = await s.t
          .asGuest()
          .post(
            CHECKOUT,
            s.checkoutBody(productId, { payment_reference: reference }),
            cartToken ? { 'x-cart-token': cartToken } : {},
          );
        return { ok: res.status === 201, code: res.body.errors?.[0]?.code, detail: res.body.errors?.[0]?.detail };
      }
      if (surface === 'graphql') {
        const res = await s.t.asGuest().post(
          '/graphql',
          {
            query: print(op.CheckoutCompleteDocument),
            variables: {
              input: {
                items: [{ productId, quantity: 1 }],
                shippingAddress: GQL_ADDRESS,
                shippingMethodId: s.shop.shipping.id,
                paymentMethodId: s.method.id,
                paymentReference: reference,
                email: 'buyer@example.com',
              },
            },
          },
          cartToken ? { 'x-cart-token': cartToken } : {},
        );
        const error = res.body.errors?.[0];
        return { ok: !error, code: error?.extensions.code, detail: error?.message };
      }
      const mcp = await connectMcp(s.t.url, 'store');
      const res = await callJson(mcp, 'store_checkout', {
        ...s.checkoutBody(productId, { payment_reference: reference }),
        ...(cartToken && { cart_token: cartToken }),
      });
      await mcp.close();
      return { ok: !res.isError, code: res.body?.error?.code, detail: res.body?.error?.message };
    }

    it('is refused with 422 checkout_rejected; the owner, presenting its cart token, pays with it', async () => {
      const product = await s.product(5);
      const intent = await s.preorderIntent(TOTAL);
      for (const strangerToken of [undefined, 'd'.repeat(64)]) {
        const res = await checkout(product.id, intent.id, strangerToken);
        expect(res).toMatchObject({ ok: false, code: 'checkout_rejected' });
        expect(res.detail).toMatch(/another buyer/);
      }
      expect(await s.t.db.order.count({ where: { paymentReference: intent.id } })).toBe(0);
      expect(await checkout(product.id, intent.id, s.buyerToken)).toMatchObject({ ok: true });
    });
  });

  it('refuses an intent that records no owner (made before every intent had one) to any guest', async () => {
    const product = await s.product(5);
    const intent = await s.preorderIntent(TOTAL);
    s.fake.intent(intent.id).metadata = { svc_mode: 'pre_order', svc_payment_method_id: s.method.id, svc_guest: '1' };
    const res = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id }));
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'checkout_rejected', detail: expect.stringMatching(/no buyer/) });
  });

  it("refuses a guest holding a cart token with a customer's intent", async () => {
    const product = await s.product(5);
    const intent = await s.preorderIntent(TOTAL, s.t.asCustomer());
    const res = await s.buyer.post(CHECKOUT, s.checkoutBody(product.id, { payment_reference: intent.id }));
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('checkout_rejected');
  });
});
