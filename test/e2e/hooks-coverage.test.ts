/**
 * Every hook of the spec's Events table is emitted where the spec says, with an entity and `changes`, and no
 * event carries password or token material. The payment hooks fire when a payment provider (the payprov
 * plugin) completes or fails a payment transaction through the plugin API; payprov*.test.ts cover them.
 */
import { AFTER_HOOKS, BEFORE_HOOKS, type HookEvent, type HookName } from '../../src/context/hooks';
import { createShop, guestCheckout, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const RAISED_BY_PAYMENT_PLUGIN: HookName[] = ['payment.after_complete', 'payment.after_failed'];

const { t } = useShop({ shop: false });
const events: HookEvent[] = [];
beforeAll(async () => {
  const { hooks } = t.service.services;
  for (const name of [...BEFORE_HOOKS, ...AFTER_HOOKS]) hooks.register(name, (e) => void events.push(e));
});

/** Keys whose values would be secrets if they leaked into an event. */
const SECRET_KEY = /password|token|secret|hash/i;
function secretValues(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretValues(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    SECRET_KEY.test(k) && v !== null && v !== undefined ? [`${path}.${k}`] : secretValues(v, `${path}.${k}`),
  );
}

describe("hooks of the spec's Events table", () => {
  it('are all emitted, with entities and changes, and without secrets', async () => {
    const admin = t.asAdmin();
    const shop = await createShop(t);
    const n = Date.now().toString(36);

    // Product: create, update, delete.
    const product = (
      await admin.post('/api/v1/admin/products', {
        currency: 'EUR',
        sku: `HK-${n}`,
        translations: [{ locale: 'en', name: 'Hooked', slug: `hooked-${n}` }],
      })
    ).body.data;
    await admin.put(`/api/v1/admin/products/${product.id}`, { price_gross: 1234 });
    await admin.delete(`/api/v1/admin/products/${product.id}`);

    // Category: create, update, delete.
    const category = (
      await admin.post('/api/v1/admin/categories', {
        translations: [{ locale: 'en', name: 'Hooks', slug: `hooks-${n}` }],
      })
    ).body.data;
    await admin.put(`/api/v1/admin/categories/${category.id}`, { position: 3 });
    await admin.delete(`/api/v1/admin/categories/${category.id}`);

    // Customer: create (registration), update.
    const customer = (
      await admin.post('/api/v1/admin/customers', {
        email: `hooks-${n}@example.com`,
        password: 'correct horse battery',
        first_name: 'Hook',
        last_name: 'Test',
      })
    ).body.data;
    await admin.put(`/api/v1/admin/customers/${customer.id}`, { first_name: 'Hooked' });

    // Cart: add, update, remove.
    const stocked = await stockedProduct(t, shop.warehouse.id, 5, { taxRuleId: shop.tax.id });
    const cart = (await t.asGuest().post('/api/v1/store/cart')).body.data;
    const headers = { 'x-cart-token': cart.session_token };
    const added = await t
      .asGuest()
      .post(`/api/v1/store/cart/${cart.id}/items`, { product_id: stocked.id, quantity: 2 }, headers);
    const itemId = added.body.data.items[0].id;
    await t.asGuest().put(`/api/v1/store/cart/${cart.id}/items/${itemId}`, { quantity: 1 }, headers);
    await t.asGuest().delete(`/api/v1/store/cart/${cart.id}/items/${itemId}`, headers);

    // Checkout and order: a placed order, its status change, and a checkout failing on stock.
    const checkout = (quantity: number) => guestCheckout(t, shop, stocked.id, { quantity });
    const order = await checkout(1);
    expect(order.status).toBe(201);
    await admin.put(`/api/v1/admin/orders/${order.body.data.id}/status`, { status: 'confirmed' });
    // Shipment: ship the order, then deliver it.
    const shipments = `/api/v1/admin/orders/${order.body.data.id}/shipments`;
    const shipment = await admin.post(shipments, { carrier: 'dhl', tracking_number: 'HK1' });
    expect(shipment.status).toBe(201);
    await admin.put(`${shipments}/${shipment.body.data.id}`, { status: 'delivered' });
    // Refund: part of the delivered order (a manual method: recorded at once).
    const refund = await admin.post(`/api/v1/admin/orders/${order.body.data.id}/refunds`, { amount: 1 });
    expect(refund.status).toBe(201);
    // Return: the shipped unit, asked for by staff, then approved.
    const opened = await admin.post(`/api/v1/admin/orders/${order.body.data.id}/returns`, {
      items: [{ order_item_id: order.body.data.items[0].id, quantity: 1, reason: 'too small' }],
    });
    expect(opened.status).toBe(201);
    expect(
      (await admin.put(`/api/v1/admin/returns/${opened.body.data.id}/status`, { status: 'approved' })).status,
    ).toBe(200);
    expect((await checkout(50)).status).toBe(422);

    await t.service.services.background.drain();
    const fired = new Set(events.map((e) => e.name));
    const expected = [...BEFORE_HOOKS, ...AFTER_HOOKS].filter((h) => !RAISED_BY_PAYMENT_PLUGIN.includes(h));
    expect(expected.filter((h) => !fired.has(h))).toEqual([]);

    for (const e of events) {
      expect(typeof e.entity).toBe('object');
      expect(secretValues(e)).toEqual([]);
    }
    const productUpdate = events.find((e) => e.name === 'product.after_update');
    expect(productUpdate?.changes).toMatchObject({ price_gross: { from: null, to: 1234 } });
    const statusUpdate = events.find((e) => e.name === 'order.after_update');
    expect(statusUpdate?.changes).toEqual({ from_status: 'pending', to_status: 'confirmed', comment: null });
    expect(statusUpdate?.entity).toMatchObject({ id: order.body.data.id, status: 'confirmed' });
    expect(events.find((e) => e.name === 'order.after_create')?.entity).not.toHaveProperty('guest_token');
  });
});
