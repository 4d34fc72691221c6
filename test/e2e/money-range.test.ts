/**
 * Money and quantities fit the stored range (issue 53): a backorderable line whose total would pass 2³¹−1 minor
 * units is refused with 422 `amount_out_of_range` before anything is written, so the cart still reads; checkout and
 * its quote refuse such a body the same way, with no order saved.
 */
import { print } from 'graphql';

import * as op from '../../src/generated/graphql';
import { ADDRESS, GQL_ADDRESS, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const { t, shop } = useShop();

const C = '/api/v1/store/cart';
/** 1,000,000.00 EUR: 3 units are 300,000,000.00 EUR, past the 21,474,836.47 EUR the integer columns hold. */
const PRICE = 100_000_000;

let backorder: { id: string };
beforeAll(async () => {
  backorder = (
    await t.asAdmin().post('/api/v1/admin/warehouses', {
      name: 'Backorder',
      code: `BO-MONEY-${Date.now()}`,
      allow_negative_stock: true,
      priority: 9,
    })
  ).body.data;
});

/** A product nobody has in stock that can still be ordered (a negative-stock warehouse holds an entry). */
const backorderable = (price = PRICE) => stockedProduct(t, backorder.id, 0, { priceGross: price });

async function anonymousCart() {
  const res = await t.asGuest().post(C);
  return { id: res.body.data.id as string, headers: { 'x-cart-token': res.body.data.session_token as string } };
}

function expectOutOfRange(res: { status: number; body: any }, field: string) {
  expect(res.status).toBe(422);
  expect(res.body.errors[0]).toMatchObject({ code: 'amount_out_of_range', field });
  expect(res.body.errors[0].detail).toMatch(/2147483647/);
}

describe('cart lines beyond the integer range', () => {
  it('refuses an add whose line total passes 2^31 (REST) and saves nothing: the cart still reads', async () => {
    const product = await backorderable();
    const cart = await anonymousCart();
    expectOutOfRange(
      await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: product.id, quantity: 30 }, cart.headers),
      'quantity',
    );
    const read = await t.asGuest().get(`${C}/${cart.id}`, cart.headers);
    expect(read.status).toBe(200);
    expect(read.body.data.items).toEqual([]);
    expect(await t.db.cartItem.count({ where: { cartId: cart.id } })).toBe(0);
  });

  it('refuses a merge, a quantity update and a second line that would pass it; the cart keeps what it had', async () => {
    const product = await backorderable();
    const other = await backorderable(2_000_000);
    const cart = await anonymousCart();
    const added = await t
      .asGuest()
      .post(`${C}/${cart.id}/items`, { product_id: product.id, quantity: 20 }, cart.headers);
    expect(added.status).toBe(201);
    expect(added.body.data.subtotal_gross).toBe(2_000_000_000);
    const itemId = added.body.data.items[0].id as string;

    // Merge: 20 + 2 units make a line of 2,200,000,000.
    expectOutOfRange(
      await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: product.id, quantity: 2 }, cart.headers),
      'quantity',
    );
    // Update to an absolute 22.
    expectOutOfRange(
      await t.asGuest().put(`${C}/${cart.id}/items/${itemId}`, { quantity: 22 }, cart.headers),
      'quantity',
    );
    // A second line that fits on its own while the subtotal does not (2,000,000,000 + 200,000,000).
    expectOutOfRange(
      await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: other.id, quantity: 100 }, cart.headers),
      'quantity',
    );
    // A quantity past the range on its own (the merge would be 20 + 2,147,483,647).
    expectOutOfRange(
      await t.asGuest().post(`${C}/${cart.id}/items`, { product_id: other.id, quantity: 2_147_483_647 }, cart.headers),
      'quantity',
    );

    const read = await t.asGuest().get(`${C}/${cart.id}`, cart.headers);
    expect(read.status).toBe(200);
    expect(read.body.data.items).toEqual([expect.objectContaining({ id: itemId, quantity: 20 })]);
    expect(read.body.data.subtotal_gross).toBe(2_000_000_000);
  });

  it('refuses the same add and update over GraphQL with the same code', async () => {
    const product = await backorderable();
    const cart = await anonymousCart();
    const gql = (document: Parameters<typeof print>[0], variables: Record<string, unknown>) =>
      t.asGuest().post('/graphql', { query: print(document), variables }, cart.headers);
    const over = await gql(op.CartItemAddDocument, { cartId: cart.id, input: { productId: product.id, quantity: 30 } });
    expect(over.body.errors[0].extensions).toMatchObject({
      code: 'amount_out_of_range',
      status: 422,
      field: 'quantity',
    });
    const fits = await gql(op.CartItemAddDocument, { cartId: cart.id, input: { productId: product.id, quantity: 1 } });
    const itemId = fits.body.data.cartItemAdd.items[0].id;
    const update = await gql(op.CartItemUpdateDocument, { cartId: cart.id, itemId, input: { quantity: 30 } });
    expect(update.body.errors[0].extensions).toMatchObject({ code: 'amount_out_of_range', status: 422 });
    const read = await gql(op.CartDocument, { id: cart.id });
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.cart.items[0].quantity).toBe(1);
  });
});

describe('checkout and quote beyond the integer range', () => {
  const body = (productId: string, quantity: number) => ({
    items: [{ product_id: productId, quantity }],
    shipping_address: ADDRESS,
    shipping_method_id: shop.shipping.id,
    payment_method_id: shop.payment.id,
    email: 'big-spender@example.com',
  });

  it('refuses a line or a total past the range with 422 before any order is written', async () => {
    const product = await backorderable();
    const before = await t.db.order.count();
    expectOutOfRange(await t.asGuest().post('/api/v1/store/checkout', body(product.id, 30)), 'items[0].quantity');
    expectOutOfRange(await t.asGuest().post('/api/v1/store/checkout/quote', body(product.id, 30)), 'items[0].quantity');
    // The line fits; with the shipping (490) the total does not.
    const edge = await backorderable(2_147_483_600);
    expectOutOfRange(await t.asGuest().post('/api/v1/store/checkout', body(edge.id, 1)), 'items');
    expect(await t.db.order.count()).toBe(before);
    const stock = await t.db.stockEntry.findFirst({ where: { productId: product.id } });
    expect(stock?.quantity).toBe(0);
  });

  it('refuses a cart whose total with shipping passes the range, on cart_id (REST and GraphQL)', async () => {
    // The line and the cart's subtotal fit; the shipping (490) takes the order total past 2,147,483,647.
    const product = await backorderable(2_147_483_600);
    const cart = await anonymousCart();
    const added = await t
      .asGuest()
      .post(`${C}/${cart.id}/items`, { product_id: product.id, quantity: 1 }, cart.headers);
    expect(added.status).toBe(201);
    const { items: _items, ...fromCart } = { ...body(product.id, 1), cart_id: cart.id };
    const before = await t.db.order.count();
    expectOutOfRange(await t.asGuest().post('/api/v1/store/checkout', fromCart, cart.headers), 'cart_id');
    const gql = await t.asGuest().post(
      '/graphql',
      {
        query: print(op.CheckoutCompleteDocument),
        variables: {
          input: {
            cartId: cart.id,
            shippingAddress: GQL_ADDRESS,
            shippingMethodId: shop.shipping.id,
            paymentMethodId: shop.payment.id,
            email: 'big-spender@example.com',
          },
        },
      },
      cart.headers,
    );
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'amount_out_of_range', status: 422 });
    expect(await t.db.order.count()).toBe(before);
    expect(await t.db.cartItem.count({ where: { cartId: cart.id } })).toBe(1);
  });
});
