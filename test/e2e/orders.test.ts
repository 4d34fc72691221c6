import type { HookEvent } from '../../src/context/hooks';
import * as op from '../../src/generated/graphql';
import { ADDRESS, createCustomer, GQL_ADDRESS, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const { t, shop } = useShop();

const O = '/api/v1/admin/orders';

async function placeOrder(productId: string, quantity = 1, as = t.asGuest(), extra: Record<string, unknown> = {}) {
  const res = await as.post('/api/v1/store/checkout', {
    items: [{ product_id: productId, quantity }],
    shipping_address: ADDRESS,
    shipping_method_id: shop.shipping.id,
    payment_method_id: shop.payment.id,
    email: 'buyer@example.com',
    ...extra,
  });
  if (res.status !== 201) throw new Error(`checkout failed: ${res.text}`);
  return res.body.data;
}

const stockOf = async (productId: string) => (await t.db.product.findUniqueOrThrow({ where: { id: productId } })).stock;

describe('PUT /api/v1/admin/orders/{id}/status', () => {
  it('walks the status table, records history with comments and fires order hooks', async () => {
    const events: HookEvent[] = [];
    t.service.services.hooks.register('order.after_update', (e) => void events.push(e));
    const product = await stockedProduct(t, shop.warehouse.id, 3);
    const order = await placeOrder(product.id, 2);
    for (const [status, comment] of [
      ['confirmed', 'paid'],
      ['processing', null],
      ['shipped', 'DHL 123'],
      ['delivered', null],
    ] as const) {
      const res = await t.asAdmin().put(`${O}/${order.id}/status`, { status, ...(comment ? { comment } : {}) });
      expect([status, res.status]).toEqual([status, 200]);
      expect(res.body.data.status).toBe(status);
    }
    const read = await t.asAdmin().get(`${O}/${order.id}`);
    expect(
      read.body.data.status_history.map(
        (h: { from_status: string | null; to_status: string; comment: string | null }) => [
          h.from_status,
          h.to_status,
          h.comment,
        ],
      ),
    ).toEqual([
      [null, 'pending', null],
      ['pending', 'confirmed', 'paid'],
      ['confirmed', 'processing', null],
      ['processing', 'shipped', 'DHL 123'],
      ['shipped', 'delivered', null],
    ]);
    expect(await stockOf(product.id)).toBe(1);
    const refunded = await t.asAdmin().put(`${O}/${order.id}/status`, { status: 'refunded', comment: 'returned' });
    expect(refunded.body.data.status).toBe('refunded');
    expect(await stockOf(product.id)).toBe(3);
    await t.service.services.background.drain();
    const mine = events.filter((e) => e.entity.id === order.id);
    expect(mine.map((e) => e.changes)).toEqual([
      { from_status: 'pending', to_status: 'confirmed', comment: 'paid' },
      { from_status: 'confirmed', to_status: 'processing', comment: null },
      { from_status: 'processing', to_status: 'shipped', comment: 'DHL 123' },
      { from_status: 'shipped', to_status: 'delivered', comment: null },
      { from_status: 'delivered', to_status: 'refunded', comment: 'returned' },
    ]);
    expect(mine[4].entity.status).toBe('refunded');
  });

  it('refuses moves outside the table (the same status included) with 422 invalid_transition', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const order = await placeOrder(product.id);
    for (const status of ['pending', 'shipped', 'delivered', 'refunded', 'processing']) {
      const res = await t.asAdmin().put(`${O}/${order.id}/status`, { status });
      expect([status, res.status, res.body.errors?.[0].code]).toEqual([status, 422, 'invalid_transition']);
    }
    const cancelled = await t.asAdmin().put(`${O}/${order.id}/status`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(product.id)).toBe(5);
    const final = await t.asAdmin().put(`${O}/${order.id}/status`, { status: 'confirmed' });
    expect(final.status).toBe(422);
    expect(await t.db.stockMovement.count({ where: { orderId: order.id, type: 'reversal' } })).toBe(1);
    const bad = await t.asAdmin().put(`${O}/${order.id}/status`, { status: 'lost' });
    expect(bad.body.errors).toEqual([{ code: 'validation_error', field: 'status', detail: 'oneof' }]);
    expect(
      (await t.asAdmin().put(`${O}/00000000-0000-4000-8000-000000000000/status`, { status: 'confirmed' })).status,
    ).toBe(404);
  });

  it('lets order.before_update cancel the change', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const order = await placeOrder(product.id);
    t.service.services.hooks.register('order.before_update', (e) => {
      if (e.entity.id === order.id && e.changes.to_status === 'cancelled') throw new Error('order is already packed');
    });
    const res = await t.asAdmin().put(`${O}/${order.id}/status`, { status: 'cancelled' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ code: 'hook_rejected', detail: 'order is already packed' }]);
    expect((await t.asAdmin().get(`${O}/${order.id}`)).body.data.status).toBe('pending');
    expect(await stockOf(product.id)).toBe(4);
  });
});

describe('GET /api/v1/admin/orders', () => {
  it('filters by status, customer and search, and sorts', async () => {
    const customer = await createCustomer(t, 'sorter@example.com');
    const product = await stockedProduct(t, shop.warehouse.id, 20, { priceGross: 100 });
    const small = await placeOrder(product.id, 1, t.asCustomer(customer.id), { email: undefined });
    const big = await placeOrder(product.id, 5, t.asCustomer(customer.id), { email: undefined });
    await t.asAdmin().put(`${O}/${big.id}/status`, { status: 'confirmed' });

    const byCustomer = await t.asAdmin().get(`${O}?customer_id=${customer.id}&sort=total&order=asc`);
    expect(byCustomer.body.data.map((o: { id: string }) => o.id)).toEqual([small.id, big.id]);
    expect(byCustomer.body.meta).toEqual({ total: 2, page: 1, limit: 20, pages: 1 });
    const confirmed = await t.asAdmin().get(`${O}?status=confirmed&customer_id=${customer.id}`);
    expect(confirmed.body.data.map((o: { id: string }) => o.id)).toEqual([big.id]);
    const byNumber = await t.asAdmin().get(`${O}?search=${small.order_number.toLowerCase()}`);
    expect(byNumber.body.data.map((o: { id: string }) => o.id)).toEqual([small.id]);
    const byEmail = await t.asAdmin().get(`${O}?search=SORTER@`);
    expect(byEmail.body.meta.total).toBe(2);
    const badSort = await t.asAdmin().get(`${O}?sort=price`);
    expect(badSort.body.errors).toEqual([{ code: 'validation_error', field: 'sort', detail: 'oneof' }]);
  });

  it('reads a list of orders with a constant number of SQL statements', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 100, { priceGross: 100 });
    const counts: number[] = [];
    for (const n of [2, 10]) {
      const customer = await createCustomer(t);
      for (let i = 0; i < n; i++) await placeOrder(product.id, 1, t.asCustomer(customer.id), { email: undefined });
      const res = await t.asAdmin().get(`${O}?customer_id=${customer.id}`);
      expect(res.body.data).toHaveLength(n);
      counts.push(t.sqlCount(res.requestId));
    }
    expect(counts[1]).toBe(counts[0]);
  });
});

describe('order transactions', () => {
  it('are visible to the owner (customer or guest token) and 404 to anyone else', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 10);
    const guestOrder = await placeOrder(product.id);
    const guestToken = (await t.asAdmin().get(`${O}/${guestOrder.id}`)).body.data.guest_token;
    await t.db.paymentTransaction.create({
      data: {
        orderId: guestOrder.id,
        provider: 'payprov',
        providerReference: `pi_${guestOrder.id}`,
        amount: guestOrder.total,
        currency: 'EUR',
      },
    });
    const path = `/api/v1/store/orders/${guestOrder.id}/transactions`;

    const withHeader = await t.asGuest().get(path, { 'x-guest-token': guestToken });
    expect(withHeader.status).toBe(200);
    expect(withHeader.body.data).toEqual([
      expect.objectContaining({
        provider: 'payprov',
        provider_reference: `pi_${guestOrder.id}`,
        amount: guestOrder.total,
        currency: 'EUR',
        status: 'pending',
      }),
    ]);
    const withCookie = await t.asGuest().get(path, { cookie: `svc_guest_token=${guestToken}` });
    expect(withCookie.status).toBe(200);
    expect((await t.asGuest().get(path, { 'x-guest-token': 'f'.repeat(64) })).status).toBe(404);
    expect((await t.asGuest().get(path)).status).toBe(404);
    expect((await t.asCustomer().get(path)).status).toBe(404);

    const customer = await createCustomer(t);
    const own = await placeOrder(product.id, 1, t.asCustomer(customer.id), { email: undefined });
    expect((await t.asCustomer(customer.id).get(`/api/v1/store/orders/${own.id}/transactions`)).body.data).toEqual([]);
    expect((await t.asCustomer().get(`/api/v1/store/orders/${own.id}/transactions`)).status).toBe(404);
    expect((await t.asAdmin().get(`${O}/${guestOrder.id}/transactions`)).body.data).toHaveLength(1);
  });
});

describe('over GraphQL', () => {
  it('hides the guest token from store clients and shows it to staff', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 10);
    const placed = await t.asGuest().gql(op.CheckoutCompleteDocument, {
      input: {
        items: [{ productId: product.id, quantity: 1 }],
        shippingAddress: GQL_ADDRESS,
        shippingMethodId: shop.shipping.id,
        paymentMethodId: shop.payment.id,
        email: 'g@example.com',
      },
    });
    expect(placed.data.checkoutComplete).toMatchObject({ is_guest_order: true, status: 'PENDING' });
    const probe = await t
      .asGuest()
      .gql(
        `mutation { checkoutComplete(input: { items: [{ productId: "${product.id}", quantity: 1 }], shippingAddress: { firstName: "A", lastName: "B", street: "S", city: "C", zip: "Z", country: "DE" }, shippingMethodId: "${shop.shipping.id}", paymentMethodId: "${shop.payment.id}", email: "g@example.com" }) { id guestToken } }`,
      );
    expect(probe.errors?.[0].extensions).toMatchObject({ code: 'unauthorized' });
    const staff = await t.asAdmin().gql(op.OrderDocument, { id: placed.data.checkoutComplete.id });
    expect(staff.data.order.guest_token).toMatch(/^[0-9a-f]{64}$/);
  });
});
