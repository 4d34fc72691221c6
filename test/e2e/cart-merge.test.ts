/**
 * Issue 50: carts that follow the customer. `cartMerge` (REST `POST /api/v1/store/cart/{id}/merge`) moves a guest
 * cart into the signed-in customer's current cart on sign-in; `accountCart` (REST `GET /api/v1/store/account/cart`)
 * finds that cart from any device.
 */
import type { HookEvent } from '../../src/context/hooks';
import * as op from '../../src/generated/graphql';
import { ADDRESS, createCustomer, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';
import { callJson, connectMcp } from '../harness/mcp-client';

// Statement counts measure the database work of one answer: no response cache in between.
const { t, shop } = useShop({ config: { 'cache.enabled': false } });

const C = '/api/v1/store/cart';
const ACCOUNT_CART = '/api/v1/store/account/cart';
const ZERO_ID = '00000000-0000-4000-8000-000000000000';

type Line = { product_id: string; quantity: number };

async function guestCart(lines: Line[] = [], currency?: string) {
  const res = await t.asGuest().post(C, currency ? { currency } : {});
  expect(res.status).toBe(201);
  const headers = { 'x-cart-token': res.body.data.session_token as string };
  for (const line of lines)
    expect((await t.asGuest().post(`${C}/${res.body.data.id}/items`, line, headers)).status).toBe(201);
  return { id: res.body.data.id as string, headers };
}

async function signedIn() {
  const customer = await createCustomer(t);
  return { customer, me: t.asCustomer(customer.id) };
}

async function customerCart(me: ReturnType<typeof t.asCustomer>, lines: Line[]) {
  const res = await me.post(C, {});
  expect(res.status).toBe(201);
  for (const line of lines) expect((await me.post(`${C}/${res.body.data.id}/items`, line)).status).toBe(201);
  return res.body.data.id as string;
}

const setStock = async (productId: string, quantity: number) =>
  expect(
    (
      await t
        .asAdmin()
        .put(`/api/v1/admin/warehouses/${shop.warehouse.id}/stock`, { items: [{ product_id: productId, quantity }] })
    ).status,
  ).toBe(200);

const quantities = (cart: { items: Array<{ product_id: string; quantity: number }> }) =>
  Object.fromEntries(cart.items.map((i) => [i.product_id, i.quantity]));

describe('cartMerge', () => {
  it('adopts the guest cart when the customer has none: bound to them, token cleared, no expiry, cut to stock', async () => {
    const { customer, me } = await signedIn();
    const kept = await stockedProduct(t, shop.warehouse.id, 5);
    const fewer = await stockedProduct(t, shop.warehouse.id, 3);
    const soldOut = await stockedProduct(t, shop.warehouse.id, 1);
    const guest = await guestCart([
      { product_id: kept.id, quantity: 2 },
      { product_id: fewer.id, quantity: 3 },
      { product_id: soldOut.id, quantity: 1 },
    ]);
    await setStock(fewer.id, 1);
    await setStock(soldOut.id, 0);
    expect((await me.get(ACCOUNT_CART)).body).toEqual({ data: null });

    const merged = await me.post(`${C}/${guest.id}/merge`, undefined, guest.headers);
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ id: guest.id, customer_id: customer.id, expires_at: null });
    expect(quantities(merged.body.data)).toEqual({ [kept.id]: 2, [fewer.id]: 1 });
    expect(merged.body.data.item_count).toBe(3);

    // The token reaches nothing any more; the customer's credentials do, and the cart is their current one.
    expect((await t.asGuest().get(`${C}/${guest.id}`, guest.headers)).status).toBe(404);
    expect((await me.get(`${C}/${guest.id}`)).status).toBe(200);
    const row = await t.db.cart.findUniqueOrThrow({ where: { id: guest.id } });
    expect(row).toMatchObject({ customerId: customer.id, sessionTokenHash: null, expiresAt: null });
    const current = await me.get(ACCOUNT_CART);
    expect(current.status).toBe(200);
    expect(current.body.data).toEqual(merged.body.data);
  });

  it("adds the guest lines to the customer's cart (summed, cut to stock, sold-out left out) and deletes the guest cart", async () => {
    const { customer, me } = await signedIn();
    const summed = await stockedProduct(t, shop.warehouse.id, 5);
    const capped = await stockedProduct(t, shop.warehouse.id, 3);
    const fresh = await stockedProduct(t, shop.warehouse.id, 5);
    const soldOut = await stockedProduct(t, shop.warehouse.id, 1);
    const mine = await customerCart(me, [
      { product_id: summed.id, quantity: 1 },
      { product_id: capped.id, quantity: 2 },
    ]);
    const guest = await guestCart([
      { product_id: summed.id, quantity: 3 },
      { product_id: capped.id, quantity: 2 },
      { product_id: fresh.id, quantity: 2 },
      { product_id: soldOut.id, quantity: 1 },
    ]);
    await setStock(soldOut.id, 0);

    const merged = await me.post(`${C}/${guest.id}/merge`, undefined, guest.headers);
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ id: mine, customer_id: customer.id, expires_at: null, item_count: 9 });
    expect(quantities(merged.body.data)).toEqual({ [summed.id]: 4, [capped.id]: 3, [fresh.id]: 2 });
    expect(merged.body.data.items.map((i: { product_id: string }) => i.product_id)).toEqual([
      summed.id,
      capped.id,
      fresh.id,
    ]);

    expect(await t.db.cart.findUnique({ where: { id: guest.id } })).toBeNull();
    expect(await t.db.cartItem.count({ where: { cartId: guest.id } })).toBe(0);
    expect((await t.asGuest().get(`${C}/${guest.id}`, guest.headers)).status).toBe(404);
    expect((await me.post(`${C}/${guest.id}/merge`, undefined, guest.headers)).status).toBe(404);
    expect((await me.get(ACCOUNT_CART)).body.data).toEqual(merged.body.data);
  });

  it('never lowers a line the customer already holds beyond the stock', async () => {
    const { me } = await signedIn();
    const product = await stockedProduct(t, shop.warehouse.id, 4);
    const mine = await customerCart(me, [{ product_id: product.id, quantity: 4 }]);
    const guest = await guestCart([{ product_id: product.id, quantity: 1 }]);
    await setStock(product.id, 2);
    const merged = await me.post(`${C}/${guest.id}/merge`, undefined, guest.headers);
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ id: mine, items: [expect.objectContaining({ quantity: 4 })] });
    expect(await t.db.cart.findUnique({ where: { id: guest.id } })).toBeNull();
  });

  it('adopts a guest cart in another currency and leaves the older cart as it was', async () => {
    const { me } = await signedIn();
    const eur = await stockedProduct(t, shop.warehouse.id, 5);
    const usd = await stockedProduct(t, shop.warehouse.id, 5);
    await t.db.product.update({ where: { id: usd.id }, data: { currency: 'USD' } });
    const mine = await customerCart(me, [{ product_id: eur.id, quantity: 1 }]);
    const guest = await guestCart([{ product_id: usd.id, quantity: 2 }], 'USD');
    const merged = await me.post(`${C}/${guest.id}/merge`, undefined, guest.headers);
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ id: guest.id, currency: 'USD' });
    expect(quantities(merged.body.data)).toEqual({ [usd.id]: 2 });
    expect(quantities((await me.get(`${C}/${mine}`)).body.data)).toEqual({ [eur.id]: 1 });
    expect((await me.get(ACCOUNT_CART)).body.data.id).toBe(guest.id);
  });

  it('answers 404 without the right token or for a customer cart, 401 to guests, 400 for the own cart', async () => {
    const { me } = await signedIn();
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const guest = await guestCart([{ product_id: product.id, quantity: 1 }]);
    const notFound = { errors: [expect.objectContaining({ code: 'not_found' })] };

    const missing = await me.post(`${C}/${guest.id}/merge`);
    expect([missing.status, missing.body]).toEqual([404, notFound]);
    const wrong = await me.post(`${C}/${guest.id}/merge`, undefined, { 'x-cart-token': 'a'.repeat(64) });
    expect(wrong.status).toBe(404);
    const otherCartsToken = (await guestCart()).headers;
    expect((await me.post(`${C}/${guest.id}/merge`, undefined, otherCartsToken)).status).toBe(404);
    expect((await me.post(`${C}/${ZERO_ID}/merge`, undefined, guest.headers)).status).toBe(404);

    const expired = await guestCart([{ product_id: product.id, quantity: 1 }]);
    await t.db.cart.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await me.post(`${C}/${expired.id}/merge`, undefined, expired.headers)).status).toBe(404);

    const other = await signedIn();
    const theirs = await customerCart(other.me, [{ product_id: product.id, quantity: 1 }]);
    expect((await me.post(`${C}/${theirs}/merge`)).status).toBe(404);
    expect((await me.post(`${C}/${theirs}/merge`, undefined, guest.headers)).status).toBe(404);

    const anonymous = await t.asGuest().post(`${C}/${guest.id}/merge`, undefined, guest.headers);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].code).toBe('unauthorized');

    const own = await customerCart(me, [{ product_id: product.id, quantity: 1 }]);
    const self = await me.post(`${C}/${own}/merge`);
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual([{ code: 'validation_error', field: 'cart_id', detail: 'own_cart' }]);

    // Nothing above changed the guest cart.
    const still = await t.asGuest().get(`${C}/${guest.id}`, guest.headers);
    expect(quantities(still.body.data)).toEqual({ [product.id]: 1 });
    expect(quantities((await other.me.get(`${C}/${theirs}`)).body.data)).toEqual({ [product.id]: 1 });
  });

  it('works over GraphQL (the token in X-Cart-Token)', async () => {
    const { customer, me } = await signedIn();
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const guest = await guestCart([{ product_id: product.id, quantity: 2 }]);
    const none = await me.gql(op.AccountCartDocument);
    expect(none.errors).toBeUndefined();
    expect(none.data.accountCart).toBeNull();
    const query = 'mutation($cartId: UUID!) { cartMerge(cartId: $cartId) { id customerId itemCount } }';
    const merged = await me.post('/graphql', { query, variables: { cartId: guest.id } }, guest.headers);
    expect(merged.body.errors).toBeUndefined();
    expect(merged.body.data.cartMerge).toEqual({ id: guest.id, customerId: customer.id, itemCount: 2 });
    const again = await me.post('/graphql', { query, variables: { cartId: guest.id } }, guest.headers);
    expect(again.body.errors[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    const anonymous = await t.asGuest().gql(op.AccountCartDocument);
    expect(anonymous.errors?.[0].extensions).toMatchObject({ code: 'unauthorized' });
  });

  it('asks cart.before_add_item for every line it adds: a rejection changes nothing; after-hooks name the guest cart', async () => {
    const { me } = await signedIn();
    const hooks = t.service.services.hooks;
    const blocked = await stockedProduct(t, shop.warehouse.id, 5);
    const fine = await stockedProduct(t, shop.warehouse.id, 5);
    const mine = await customerCart(me, [{ product_id: fine.id, quantity: 1 }]);
    const guest = await guestCart([
      { product_id: fine.id, quantity: 2 },
      { product_id: blocked.id, quantity: 1 },
    ]);
    const events: HookEvent[] = [];
    let refuse = true;
    hooks.register('cart.before_add_item', (e) => {
      if (refuse && e.entity.id === mine && e.changes.product_id === blocked.id) throw new Error('not for members');
    });
    hooks.register('cart.after_add_item', (e) => void events.push(e));

    const refused = await me.post(`${C}/${guest.id}/merge`, undefined, guest.headers);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ code: 'hook_rejected', detail: 'not for members' }]);
    expect(quantities((await me.get(`${C}/${mine}`)).body.data)).toEqual({ [fine.id]: 1 });
    expect((await t.asGuest().get(`${C}/${guest.id}`, guest.headers)).status).toBe(200);

    refuse = false;
    const merged = await me.post(`${C}/${guest.id}/merge`, undefined, guest.headers);
    expect(merged.status).toBe(200);
    await t.service.services.background.drain();
    const ours = events.filter((e) => e.entity.id === mine);
    expect(ours.map((e) => [e.changes, e.metadata])).toEqual([
      [{ product_id: fine.id, variant_id: null, quantity: 2 }, { merged_from_cart_id: guest.id }],
      [{ product_id: blocked.id, variant_id: null, quantity: 1 }, { merged_from_cart_id: guest.id }],
    ]);
  });

  it('is the MCP tool store_merge_cart for a signed-in connection', async () => {
    const { customer, me } = await signedIn();
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const guest = await guestCart([{ product_id: product.id, quantity: 2 }]);
    const client = await connectMcp(t.url, 'store', (await me.authHeader())!);
    try {
      const without = await callJson(client, 'store_merge_cart', { cart_id: guest.id });
      expect(without).toMatchObject({ isError: true, body: { error: { code: 'not_found' } } });
      const merged = await callJson(client, 'store_merge_cart', {
        cart_id: guest.id,
        cart_token: guest.headers['x-cart-token'],
      });
      expect(merged.isError).toBe(false);
      expect(merged.body).toMatchObject({ id: guest.id, customer_id: customer.id, item_count: 2 });
    } finally {
      await client.close();
    }
  });

  it('two parallel merges of one guest cart: one 200, one 404, nothing counted twice', async () => {
    for (let round = 0; round < 4; round++) {
      const { customer, me } = await signedIn();
      const product = await stockedProduct(t, shop.warehouse.id, 20);
      const other = await stockedProduct(t, shop.warehouse.id, 20);
      // Even rounds merge into an existing cart, odd rounds adopt the guest cart.
      const mine = round % 2 === 0 ? await customerCart(me, [{ product_id: product.id, quantity: 1 }]) : null;
      const guest = await guestCart([
        { product_id: product.id, quantity: 3 },
        { product_id: other.id, quantity: 2 },
      ]);
      const answers = await Promise.all([
        me.post(`${C}/${guest.id}/merge`, undefined, guest.headers),
        me.post(`${C}/${guest.id}/merge`, undefined, guest.headers),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
      const winner = answers.find((a) => a.status === 200)!.body.data;
      expect(winner.id).toBe(mine ?? guest.id);
      expect(quantities(winner)).toEqual({ [product.id]: mine ? 4 : 3, [other.id]: 2 });
      const current = await me.get(ACCOUNT_CART);
      expect(quantities(current.body.data)).toEqual(quantities(winner));
      expect(await t.db.cart.count({ where: { customerId: customer.id } })).toBe(1);
    }
  });
});

describe('accountCart', () => {
  it('is the last changed cart holding a line: a checked-out cart (emptied) is not current; null when none', async () => {
    const { me } = await signedIn();
    const product = await stockedProduct(t, shop.warehouse.id, 10);
    expect(await me.get(ACCOUNT_CART)).toMatchObject({ status: 200, body: { data: null } });
    const empty = await customerCart(me, []);
    expect((await me.get(ACCOUNT_CART)).body.data).toBeNull();
    const older = await customerCart(me, [{ product_id: product.id, quantity: 1 }]);
    const newer = await customerCart(me, [{ product_id: product.id, quantity: 2 }]);
    expect((await me.get(ACCOUNT_CART)).body.data.id).toBe(newer);
    // A change makes a cart current again.
    await me.post(`${C}/${older}/items`, { product_id: product.id, quantity: 1 });
    expect((await me.get(ACCOUNT_CART)).body.data.id).toBe(older);

    const order = await me.post('/api/v1/store/checkout', {
      cart_id: older,
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
    });
    expect(order.status).toBe(201);
    expect((await me.get(ACCOUNT_CART)).body.data.id).toBe(newer);
    const second = await me.post('/api/v1/store/checkout', {
      cart_id: newer,
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
    });
    expect(second.status).toBe(201);
    expect((await me.get(ACCOUNT_CART)).body).toEqual({ data: null });

    // With only checked-out and empty carts, a merge adopts the guest cart rather than reviving one of them.
    const guest = await guestCart([{ product_id: product.id, quantity: 1 }]);
    const merged = await me.post(`${C}/${guest.id}/merge`, undefined, guest.headers);
    expect(merged.body.data.id).toBe(guest.id);
    expect([empty, older, newer]).not.toContain(merged.body.data.id);
    expect((await me.get(ACCOUNT_CART)).body.data.id).toBe(guest.id);
  });

  it('answers 401 to guests', async () => {
    const res = await t.asGuest().get(ACCOUNT_CART);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('unauthorized');
  });

  it('costs the same number of statements for one line as for eight', async () => {
    const counted = async (lines: number) => {
      const { me } = await signedIn();
      const products = [];
      for (let i = 0; i < lines; i++) products.push(await stockedProduct(t, shop.warehouse.id, 5));
      await customerCart(
        me,
        products.map((p) => ({ product_id: p.id, quantity: 1 })),
      );
      const res = await me.get(ACCOUNT_CART);
      expect(res.body.data.items).toHaveLength(lines);
      return t.sqlCount(res.requestId);
    };
    const one = await counted(1);
    const eight = await counted(8);
    expect(eight).toBe(one);
    // The signed-in customer, the cart, its lines, their live prices.
    expect(one).toBe(4);
  });
});
