/**
 * Webhook payloads use one casing: every event the automation plugin forwards (all 16 of the spec, the payment
 * ones raised through payprov) arrives at a real receiver with snake_case keys in `entity`, `changes` and
 * `metadata`, as docs/reference/hooks.md says. Cart events used to send camelCase (the GraphQL view of the cart).
 */
import { randomUUID } from 'node:crypto';

import { automationPlugin } from '../../plugins/automation';
import { FORWARDED_HOOKS } from '../../plugins/automation/config';
import { payprovPlugin } from '../../plugins/payprov';
import { ADDRESS, createShop, stockedProduct } from '../fixtures/shop';
import { FakeProvider } from '../harness/fake-provider';
import { startTestServer, type TestServer } from '../harness/server';
import { eventually, startReceiver } from '../harness/webhook-receiver';

const WEBHOOK_SECRET = 'whsec_casing_test';
const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
/** Free-form JSON whose keys are the client's own (never renamed): not walked. */
const CLIENT_JSON = new Set(['custom_fields', 'metadata', 'billing_address', 'shipping_address']);

/** Every key path under `value` that is not snake_case. */
function badKeys(value: unknown, path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => badKeys(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(SNAKE.test(k) ? [] : [`${path}.${k}`]),
    ...(CLIENT_JSON.has(k) ? [] : badKeys(v, `${path}.${k}`)),
  ]);
}

let t: TestServer;
let fake: FakeProvider;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  fake = await FakeProvider.start();
  receiver = await startReceiver();
  t = await startTestServer(
    {
      plugins: {
        automation: {
          webhook_base_url: `${receiver.url}/hooks`,
          secret: 'casing-secret',
          poll_interval_ms: 50,
          // A delivery a loaded machine let time out is retried within seconds, not minutes (issue 52).
          retry_base_seconds: 1,
        },
        payprov: {
          secret_key: 'sk_test_casing',
          publishable_key: 'pk_test_casing',
          webhook_secret: WEBHOOK_SECRET,
          api_base: fake.url,
          reconcile_interval_seconds: 86_400,
        },
      },
    },
    { plugins: [automationPlugin, payprovPlugin] },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await receiver?.close();
});

describe('webhook payload casing', () => {
  it('is snake_case in entity, changes and metadata of every forwarded event', async () => {
    const admin = t.asAdmin();
    const guest = t.asGuest();
    const shop = await createShop(t);
    const n = randomUUID().slice(0, 8);

    const product = (
      await admin.post('/api/v1/admin/products', {
        currency: 'EUR',
        sku: `CASE-${n}`,
        translations: [{ locale: 'en', name: 'Cased', slug: `cased-${n}` }],
        custom_fields: { keepMyCase: true },
      })
    ).body.data;
    await admin.put(`/api/v1/admin/products/${product.id}`, { price_gross: 1234 });
    await admin.delete(`/api/v1/admin/products/${product.id}`);
    const category = (
      await admin.post('/api/v1/admin/categories', {
        translations: [{ locale: 'en', name: 'Case', slug: `case-${n}` }],
      })
    ).body.data;
    await admin.put(`/api/v1/admin/categories/${category.id}`, { position: 3 });
    await admin.delete(`/api/v1/admin/categories/${category.id}`);
    const customer = (
      await admin.post('/api/v1/admin/customers', {
        email: `casing-${n}@example.com`,
        password: 'correct horse battery',
        first_name: 'Case',
        last_name: 'Test',
      })
    ).body.data;
    await admin.put(`/api/v1/admin/customers/${customer.id}`, { first_name: 'Cased' });

    // Cart: add, update, remove (the events that used to be camelCase).
    const stocked = await stockedProduct(t, shop.warehouse.id, 10, { taxRuleId: shop.tax.id });
    const cart = (await guest.post('/api/v1/store/cart')).body.data;
    const cartHeaders = { 'x-cart-token': cart.session_token };
    const added = await guest.post(
      `/api/v1/store/cart/${cart.id}/items`,
      { product_id: stocked.id, quantity: 2 },
      cartHeaders,
    );
    const itemId = added.body.data.items[0].id;
    await guest.put(`/api/v1/store/cart/${cart.id}/items/${itemId}`, { quantity: 1 }, cartHeaders);
    await guest.delete(`/api/v1/store/cart/${cart.id}/items/${itemId}`, cartHeaders);

    // Orders paid afterwards by card: order.after_create, checkout.after, order.after_update, payment.*.
    const card = (
      await admin.post('/api/v1/admin/payment-methods', {
        provider: 'payprov',
        translations: [{ locale: 'en', name: 'Card' }],
      })
    ).body.data;
    const placeAndPay = async () => {
      const res = await guest.post('/api/v1/store/checkout', {
        items: [{ product_id: stocked.id, quantity: 1 }],
        email: 'casing@example.com',
        shipping_address: ADDRESS,
        shipping_method_id: shop.shipping.id,
        payment_method_id: shop.payment.id,
      });
      expect(res.status).toBe(201);
      const order = await t.db.order.findUniqueOrThrow({ where: { id: res.body.data.id } });
      const intent = await guest.post('/api/v1/store/payprov/payment-intent', {
        order_id: order.id,
        payment_method_id: card.id,
        guest_token: order.guestToken,
      });
      expect(intent.status).toBe(201);
      return intent.body.data.id as string;
    };
    const deliver = (type: string, intentId: string) => {
      const event = fake.event(type, intentId, WEBHOOK_SECRET);
      return guest.request('POST', '/plugins/payprov/webhook', event.body, {
        'content-type': 'application/json',
        'stripe-signature': event.signature,
      });
    };
    const paid = await placeAndPay();
    fake.authorize(paid);
    expect((await deliver('payment_intent.amount_capturable_updated', paid)).status).toBe(204);
    const declined = await placeAndPay();
    fake.decline(declined);
    expect((await deliver('payment_intent.payment_failed', declined)).status).toBe(204);

    // Shipments (contract §10): a confirmed order shipped with tracking, then delivered.
    const toShip = await guest.post('/api/v1/store/checkout', {
      items: [{ product_id: stocked.id, quantity: 1 }],
      email: 'casing@example.com',
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
    });
    const shipments = `/api/v1/admin/orders/${toShip.body.data.id}/shipments`;
    await admin.put(`/api/v1/admin/orders/${toShip.body.data.id}/status`, { status: 'confirmed' });
    const shipment = await admin.post(shipments, { carrier: 'dhl', tracking_number: 'CASE-1' });
    expect(shipment.status).toBe(201);
    await admin.put(`${shipments}/${shipment.body.data.id}`, { status: 'delivered' });
    // A refund (contract §10) of part of the delivered order.
    const refund = await admin.post(`/api/v1/admin/orders/${toShip.body.data.id}/refunds`, {
      amount: 1,
      reason: 'goodwill',
    });
    expect(refund.status).toBe(201);
    // A return (contract §10) of the shipped unit, opened by staff and approved.
    const opened = await admin.post(`/api/v1/admin/orders/${toShip.body.data.id}/returns`, {
      items: [{ order_item_id: toShip.body.data.items[0].id, quantity: 1, reason: 'too small' }],
    });
    expect(opened.status).toBe(201);
    await admin.put(`/api/v1/admin/returns/${opened.body.data.id}/status`, { status: 'approved' });

    // Every forwarded event reaches the receiver.
    const seen = () => new Set(receiver.received.map((r) => r.path.replace('/hooks/', '')));
    await eventually(() => FORWARDED_HOOKS.every((h) => seen().has(h)), 90_000);
    expect([...seen()].sort()).toEqual([...FORWARDED_HOOKS].sort());

    const offenders: string[] = [];
    for (const r of receiver.received) {
      const body = JSON.parse(r.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['changes', 'entity', 'event', 'metadata', 'timestamp']);
      offenders.push(...badKeys({ entity: body.entity, changes: body.changes }, String(body.event)));
      offenders.push(...Object.keys(body.metadata as object).filter((k) => !SNAKE.test(k)));
    }
    expect(offenders).toEqual([]);

    // The cart's entity carries the REST names, and never its session token.
    const cartEvent = JSON.parse(receiver.received.find((r) => r.path === '/hooks/cart.after_add_item')!.body);
    expect(cartEvent.entity).toMatchObject({ id: cart.id, item_count: 2, subtotal_gross: expect.any(Number) });
    expect(cartEvent.entity.items[0]).toMatchObject({ product_id: stocked.id, unit_price_gross: expect.any(Number) });
    expect(cartEvent.entity).not.toHaveProperty('session_token');
    // Client JSON keeps the client's keys.
    const created = JSON.parse(receiver.received.find((r) => r.path === '/hooks/product.after_create')!.body);
    expect(created.entity.custom_fields).toEqual({ keepMyCase: true });
  }, 180_000);
});
