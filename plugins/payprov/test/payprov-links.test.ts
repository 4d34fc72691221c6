import { createHash } from 'node:crypto';

import { type PayprovShop, startPayprovShop, until } from '../../../test/fixtures/payprov';
import { ADDRESS } from '../../../test/fixtures/shop';

let s: PayprovShop;
beforeAll(async () => {
  s = await startPayprovShop({ public_url: 'https://shop.example.com/' });
});
afterAll(() => s?.close());

const CARTS = '/api/v1/store/cart';
const LINKS = '/api/v1/store/payprov/payment-link';

/** A guest cart holding `quantity` of a fresh product (price 10.00, stock `stock`). */
const guestCart = async (quantity = 1, stock = 10) => {
  const product = await s.product(stock);
  const created = await s.t.asGuest().post(CARTS, { currency: 'EUR' });
  const headers = { 'x-cart-token': created.body.data.session_token as string };
  const cartId = created.body.data.id as string;
  const added = await s.t.asGuest().post(`${CARTS}/${cartId}/items`, { product_id: product.id, quantity }, headers);
  if (added.status !== 201 && added.status !== 200) throw new Error(added.text);
  return { cartId, headers, product };
};

const createLink = async (extra: Record<string, unknown> = {}) => {
  const cart = await guestCart();
  const res = await s.t.asGuest().post(
    LINKS,
    {
      cart_id: cart.cartId,
      payment_method_id: s.method.id,
      shipping_method_id: s.shop.shipping.id,
      shipping_address: ADDRESS,
      email: 'link@example.com',
      ...extra,
    },
    cart.headers,
  );
  expect(res.status).toBe(201);
  const token = (res.body.data.payment_url as string).split('/pay/')[1];
  return {
    ...cart,
    link: res.body.data as { payment_url: string; payment_intent_id: string; expires_at: string },
    token,
  };
};

describe('payprov: payment links', () => {
  it('prices the cart server-side, ignores a client amount, and keeps only the token hash', async () => {
    const { link, token } = await createLink({ amount: 1 });
    expect(link.payment_url).toMatch(/^https:\/\/shop\.example\.com\/plugins\/payprov\/pay\/[A-Za-z0-9_-]{43}$/);
    const minutes = (Date.parse(link.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(s.fake.intent(link.payment_intent_id)).toMatchObject({
      amount: 1490,
      currency: 'eur',
      capture_method: 'manual',
    });
    const row = await s.t.db.payprovLink.findFirstOrThrow({ where: { paymentIntentId: link.payment_intent_id } });
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const read = await s.t.asGuest().get(`${LINKS}/${token}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({
      client_secret: s.fake.intent(link.payment_intent_id).client_secret,
      publishable_key: 'pk_test_payprov',
      amount: 1490,
      // Spec, payment-provider plugin: the payment data's `currency (lower-case)`.
      currency: 'eur',
      email: 'link@example.com',
    });
    expect((await s.t.asGuest().get(`${LINKS}/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await s.t.asGuest().get(`${LINKS}/short`)).status).toBe(404);
  });

  it("validates the body and refuses a cart the caller can't see", async () => {
    const bad = await s.t.asGuest().post(LINKS, { cart_id: 'x', shipping_address: 'home' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'cart_id',
      'payment_method_id',
      'shipping_address',
      'shipping_method_id',
    ]);
    const cart = await guestCart();
    const body = {
      cart_id: cart.cartId,
      payment_method_id: s.method.id,
      shipping_method_id: s.shop.shipping.id,
      shipping_address: ADDRESS,
      email: 'x@example.com',
    };
    expect((await s.t.asGuest().post(LINKS, body)).status).toBe(404);
    const manual = await s.t.asGuest().post(LINKS, { ...body, payment_method_id: s.shop.payment.id }, cart.headers);
    expect(manual.status).toBe(422);
  });

  it('completes once: ten parallel completes give one order, the rest 410; the order is paid and confirmed', async () => {
    const { link, token, product } = await createLink();
    const complete = () =>
      s.t.asGuest().post(`${LINKS}/${token}/complete`, { payment_intent_id: link.payment_intent_id });
    const early = await complete();
    expect(early.status).toBe(422);
    expect(early.body.errors[0]).toEqual({ code: 'checkout_rejected', detail: 'checkout failed' });

    s.fake.authorize(link.payment_intent_id);
    const results = await Promise.all(Array.from({ length: 10 }, complete));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 410).length).toBe(9);
    for (const r of results.filter((x) => x.status === 410)) expect(r.body.errors[0].code).toBe('payment_link_used');
    const orderId = won[0].body.data.order_id;
    expect(won[0].body.data).toEqual({
      status: 'completed',
      payment_intent_id: link.payment_intent_id,
      order_id: orderId,
      order_number: (await s.orderOf(orderId)).orderNumber,
    });
    expect(await s.t.db.order.count({ where: { paymentReference: link.payment_intent_id } })).toBe(1);
    await until(async () => (await s.orderOf(orderId)).status === 'confirmed');
    expect((await s.transactionOf(link.payment_intent_id))!.status).toBe('completed');
    expect((await s.t.db.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(9);
    const order = await s.orderOf(orderId);
    expect(order).toMatchObject({ email: 'link@example.com', total: 1490 });

    expect((await s.t.asGuest().get(`${LINKS}/${token}`)).body.errors[0].code).toBe('payment_link_used');
    expect((await complete()).status).toBe(410);
    const status = await s.t.asGuest().get(`/api/v1/store/payprov/payment-status/${link.payment_intent_id}`);
    expect(status.body.data).toEqual({ status: 'succeeded', payment_link_status: 'completed' });
  });

  it('answers 410 payment_link_expired on read and complete after expiry', async () => {
    const { link, token } = await createLink();
    await s.t.db.payprovLink.updateMany({
      where: { paymentIntentId: link.payment_intent_id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    s.fake.authorize(link.payment_intent_id);
    const read = await s.t.asGuest().get(`${LINKS}/${token}`);
    expect(read.status).toBe(410);
    expect(read.body.errors[0].code).toBe('payment_link_expired');
    const done = await s.t.asGuest().post(`${LINKS}/${token}/complete`, { payment_intent_id: link.payment_intent_id });
    expect(done.status).toBe(410);
    expect(done.body.errors[0].code).toBe('payment_link_expired');
  });

  it('a failed checkout answers the generic message and leaves the link usable', async () => {
    const { link, token, product } = await createLink();
    s.fake.authorize(link.payment_intent_id);
    // The price changed after the link was made: the intent no longer matches the order total.
    await s.t.db.product.update({ where: { id: product.id }, data: { priceGross: 2000 } });
    const res = await s.t.asGuest().post(`${LINKS}/${token}/complete`, { payment_intent_id: link.payment_intent_id });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toEqual({ code: 'checkout_rejected', detail: 'checkout failed' });
    expect((await s.t.asGuest().get(`${LINKS}/${token}`)).status).toBe(200);
    const mismatch = await s.t.asGuest().post(`${LINKS}/${token}/complete`, { payment_intent_id: 'pi_other' });
    expect(mismatch.status).toBe(400);
  });
});
