import type { HookEvent } from '../../src/context/hooks';
import * as op from '../../src/generated/graphql';
import { ADDRESS, createCustomer, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const { t, shop } = useShop();

const C = '/api/v1/store/cart';

async function anonymousCart() {
  const res = await t.asGuest().post(C);
  expect(res.status).toBe(201);
  return { cart: res.body.data, headers: { 'x-cart-token': res.body.data.session_token as string } };
}

describe('anonymous carts', () => {
  it('are created with a session token shown once and reached only with it', async () => {
    const { cart, headers } = await anonymousCart();
    expect(cart).toMatchObject({
      customer_id: null,
      currency: 'EUR',
      items: [],
      subtotal_gross: 0,
      subtotal_net: 0,
      item_count: 0,
      session_token: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(Date.parse(cart.expires_at) - Date.now()).toBeGreaterThan(29 * 86400_000);
    const read = await t.asGuest().get(`${C}/${cart.id}`, headers);
    expect(read.status).toBe(200);
    expect(read.body.data.session_token).toBeUndefined();
    expect((await t.asGuest().get(`${C}/${cart.id}`)).status).toBe(404);
    expect((await t.asGuest().get(`${C}/${cart.id}`, { 'x-cart-token': 'a'.repeat(64) })).status).toBe(404);
    expect((await t.asCustomer().get(`${C}/${cart.id}`)).status).toBe(404);
    const usd = await t.asGuest().post(C, { currency: 'USD' });
    expect(usd.body.data.currency).toBe('USD');
    const expired = await anonymousCart();
    await t.db.cart.update({ where: { id: expired.cart.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await t.asGuest().get(`${C}/${expired.cart.id}`, expired.headers)).status).toBe(404);
  });

  it('add, merge, update and remove lines at live prices with stock checks', async () => {
    const { cart, headers } = await anonymousCart();
    const mug = await stockedProduct(t, shop.warehouse.id, 5, {
      priceGross: 1190,
      taxRuleId: shop.tax.id,
      name: 'Mug',
    });
    const added = await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: mug.id, quantity: 2 }, headers);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      items: [
        {
          id: expect.any(String),
          product_id: mug.id,
          variant_id: null,
          sku: mug.sku,
          name: 'Mug',
          quantity: 2,
          unit_price_gross: 1190,
          unit_price_net: 1000,
          line_total_gross: 2380,
        },
      ],
      subtotal_gross: 2380,
      subtotal_net: 2000,
      item_count: 2,
    });
    const merged = await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: mug.id, quantity: 3 }, headers);
    expect(merged.body.data.items).toHaveLength(1);
    expect(merged.body.data.items[0].quantity).toBe(5);
    const tooMany = await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: mug.id, quantity: 1 }, headers);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0].code).toBe('insufficient_stock');

    await t.db.product.update({ where: { id: mug.id }, data: { priceGross: 2380 } });
    const itemId = merged.body.data.items[0].id;
    const updated = await t.asGuest().put(`${C}/${cart.id}/items/${itemId}`, { quantity: 1 }, headers);
    expect(updated.status).toBe(200);
    expect(updated.body.data.items[0]).toMatchObject({ quantity: 1, unit_price_gross: 2380, line_total_gross: 2380 });
    expect(
      (await t.asGuest().put(`${C}/${cart.id}/items/${itemId}`, { quantity: 6 }, headers)).body.errors[0].code,
    ).toBe('insufficient_stock');
    expect((await t.asGuest().put(`${C}/${cart.id}/items/${itemId}`, { quantity: 0 }, headers)).body.errors).toEqual([
      { code: 'validation_error', field: 'quantity', detail: 'min' },
    ]);
    expect(
      (await t.asGuest().put(`${C}/${cart.id}/items/00000000-0000-4000-8000-000000000000`, { quantity: 1 }, headers))
        .status,
    ).toBe(404);

    const removed = await t.asGuest().delete(`${C}/${cart.id}/items/${itemId}`, headers);
    expect(removed.status).toBe(200);
    expect(removed.body.data.items).toEqual([]);
    expect((await t.asGuest().delete(`${C}/${cart.id}/items/${itemId}`, headers)).status).toBe(404);
  });

  it('refuses inactive or unknown products (404), needs the variant of a product with variants, and lets negative-stock warehouses sell', async () => {
    const { cart, headers } = await anonymousCart();
    const inactive = await stockedProduct(t, shop.warehouse.id, 5, { active: false });
    expect(
      (await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: inactive.id, quantity: 1 }, headers)).status,
    ).toBe(404);
    expect(
      (
        await t
          .asGuest()
          .post(`${C}/${cart.id}/items`, { product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }, headers)
      ).status,
    ).toBe(404);
    const shirt = await stockedProduct(t, shop.warehouse.id, 1, { variants: [{}] });
    const noVariant = await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: shirt.id, quantity: 1 }, headers);
    expect(noVariant.body.errors).toEqual([{ code: 'validation_error', field: 'variant_id', detail: 'required' }]);
    const byVariant = await t
      .asGuest()
      .post(`${C}/${cart.id}/items`, { variant_id: shirt.variants[0].id, quantity: 1 }, headers);
    expect(byVariant.body.data.items[0]).toMatchObject({ product_id: shirt.id, variant_id: shirt.variants[0].id });

    const backorder = (
      await t.asAdmin().post('/api/v1/admin/warehouses', {
        name: 'Backorder',
        code: `BO-${Date.now()}`,
        allow_negative_stock: true,
        priority: 9,
      })
    ).body.data;
    const preorder = await stockedProduct(t, backorder.id, 0);
    const many = await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: preorder.id, quantity: 40 }, headers);
    expect(many.status).toBe(201);
  });

  it('runs cart hooks: before-hooks cancel, after-hooks see the change', async () => {
    const events: HookEvent[] = [];
    const hooks = t.service.services.hooks;
    const { cart, headers } = await anonymousCart();
    const blocked = await stockedProduct(t, shop.warehouse.id, 5);
    const fine = await stockedProduct(t, shop.warehouse.id, 5);
    hooks.register('cart.before_add_item', (e) => {
      if (e.changes.product_id === blocked.id) throw new Error('not sold to this region');
    });
    hooks.register('cart.after_add_item', (e) => void events.push(e));
    hooks.register('cart.after_update_item', (e) => void events.push(e));
    hooks.register('cart.after_remove_item', (e) => void events.push(e));
    const refused = await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: blocked.id, quantity: 1 }, headers);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ code: 'hook_rejected', detail: 'not sold to this region' }]);
    const added = await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: fine.id, quantity: 1 }, headers);
    const itemId = added.body.data.items[0].id;
    await t.asGuest().put(`${C}/${cart.id}/items/${itemId}`, { quantity: 2 }, headers);
    await t.asGuest().delete(`${C}/${cart.id}/items/${itemId}`, headers);
    await t.service.services.background.drain();
    const mine = events.filter((e) => e.entity.id === cart.id);
    expect(mine.map((e) => [e.name, e.changes])).toEqual([
      ['cart.after_add_item', { product_id: fine.id, variant_id: null, quantity: 1 }],
      ['cart.after_update_item', { item_id: itemId, quantity: { from: 1, to: 2 } }],
      ['cart.after_remove_item', { item_id: itemId, product_id: fine.id, variant_id: null, quantity: 2 }],
    ]);
  });

  it('checks out from the cart with its token and empties it; deletes with 204', async () => {
    const { cart, headers } = await anonymousCart();
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: product.id, quantity: 2 }, headers);
    const request = {
      cart_id: cart.id,
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
      email: 'cart@example.com',
    };
    expect((await t.asGuest().post('/api/v1/store/checkout', request)).status).toBe(404);
    const order = await t.asGuest().post('/api/v1/store/checkout', request, headers);
    expect(order.status).toBe(201);
    expect(order.body.data.items).toEqual([expect.objectContaining({ product_id: product.id, quantity: 2 })]);
    expect((await t.asGuest().get(`${C}/${cart.id}`, headers)).body.data.items).toEqual([]);
    // The cart was emptied by the order: checking it out again says so, on the cart_id that was sent.
    const empty = await t.asGuest().post('/api/v1/store/checkout', request, headers);
    expect(empty.body.errors).toEqual([{ code: 'validation_error', field: 'cart_id', detail: 'empty' }]);
    expect((await t.asGuest().delete(`${C}/${cart.id}`, headers)).status).toBe(204);
    expect((await t.asGuest().get(`${C}/${cart.id}`, headers)).status).toBe(404);
  });
});

describe('customer carts', () => {
  it('are bound to the customer and hidden from everyone else', async () => {
    const customer = await createCustomer(t);
    const me = t.asCustomer(customer.id);
    const created = await me.post(C, {});
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ customer_id: customer.id, session_token: null, expires_at: null });
    const id = created.body.data.id;
    expect((await me.get(`${C}/${id}`)).status).toBe(200);
    expect((await t.asCustomer().get(`${C}/${id}`)).status).toBe(404);
    expect((await t.asGuest().get(`${C}/${id}`)).status).toBe(404);
  });

  it('work over GraphQL too', async () => {
    const customer = await createCustomer(t);
    const me = t.asCustomer(customer.id);
    const product = await stockedProduct(t, shop.warehouse.id, 3);
    const created = await me.gql(op.CartCreateDocument, {});
    const added = await me.gql(op.CartItemAddDocument, {
      cartId: created.data.cartCreate.id,
      input: { productId: product.id, quantity: 3 },
    });
    expect(added.data.cartItemAdd.item_count).toBe(3);
    const over = await me.gql(op.CartItemAddDocument, {
      cartId: created.data.cartCreate.id,
      input: { productId: product.id, quantity: 1 },
    });
    expect(over.errors?.[0].extensions).toMatchObject({ code: 'insufficient_stock', status: 422 });
  });
});
