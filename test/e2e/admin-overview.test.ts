import { guestCheckout, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

/**
 * The admin home screen's figures (issue 25): `orderOverview` and `lowStock` answer what a shop owner checks
 * first, in a constant number of SQL statements, and an order says which status changes it allows.
 */
const { t, shop } = useShop({ config: { 'cache.enabled': false } });

const OVERVIEW = `query Overview($todayFrom: DateTime, $weekFrom: DateTime) {
  orderOverview(todayFrom: $todayFrom, weekFrom: $weekFrom) {
    currency ordersToday revenueToday ordersThisWeek revenueThisWeek ordersPending ordersToShip returnsWaiting paymentsFailed paymentsPending
  }
}`;
const LOW_STOCK = `query Low($threshold: Int, $limit: Int, $page: Int) {
  lowStock(threshold: $threshold, limit: $limit, page: $page) {
    items { productId variantId sku name stock }
    meta { total page limit pages }
  }
}`;

/** Places `count` guest orders of one unit each (1000 + 490 shipping = 1490 cents). */
async function placeOrders(count: number, productId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await guestCheckout(t, shop, productId, { email: `overview-${i}@example.com` });
    expect(res.status).toBe(201);
    ids.push(res.body.data.id);
  }
  return ids;
}

async function overview(variables: Record<string, unknown> = {}) {
  const res = await t.asAdmin().gql(OVERVIEW, variables);
  expect(res.errors).toBeUndefined();
  return { figures: res.data.orderOverview, statements: t.sqlCount(res.requestId) };
}

describe('orderOverview', () => {
  it("counts today's and this week's orders and revenue, what waits for action, in one statement", async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 100, { priceGross: 1000 });
    const before = await overview();
    expect(before.figures).toMatchObject({ currency: 'EUR', ordersToday: 0, revenueToday: 0, ordersPending: 0 });

    const [a, b, c] = await placeOrders(3, product.id);
    const admin = t.asAdmin();
    expect((await admin.put(`/api/v1/admin/orders/${a}/status`, { status: 'confirmed' })).status).toBe(200);
    expect((await admin.put(`/api/v1/admin/orders/${b}/status`, { status: 'cancelled' })).status).toBe(200);
    const after = await overview();
    expect(after.figures).toMatchObject({
      ordersToday: 3,
      ordersThisWeek: 3,
      // The cancelled order is counted as placed but earns nothing.
      revenueToday: 2 * 1490,
      revenueThisWeek: 2 * 1490,
      ordersPending: 1,
      ordersToShip: 1,
    });
    expect(c).toEqual(expect.any(String));

    // The same statements for 3 orders as for 13.
    await placeOrders(10, product.id);
    const more = await overview();
    expect(more.figures.ordersToday).toBe(13);
    expect(more.statements).toBe(after.statements);
    // Authentication's check that the staff account is active, then the figures.
    expect(after.statements).toBe(2);
  });

  it("counts from the client's own start of day, within the last 31 days", async () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    const res = await t.asAdmin().gql(OVERVIEW, { todayFrom: future });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'validation_error' });
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    expect((await t.asAdmin().gql(OVERVIEW, { weekFrom: old })).errors?.[0].extensions.code).toBe('validation_error');
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect((await overview({ todayFrom: hourAgo, weekFrom: hourAgo })).figures.ordersToday).toBeGreaterThan(0);
  });

  it('is for staff who may read orders', async () => {
    expect((await t.asCustomer().gql(OVERVIEW)).errors?.[0].extensions.code).toBe('forbidden');
    expect((await t.asGuest().gql(OVERVIEW)).errors?.[0].extensions.code).toBe('unauthorized');
    const inventoryOnly = t.asApiKey(['inventory.read']);
    expect((await inventoryOnly.gql(OVERVIEW)).errors?.[0].extensions.code).toBe('forbidden');
  });
});

describe('orders to ship and returns waiting', () => {
  const TO_SHIP = `query { orders(toShip: true, limit: 200) { items { id status fulfillmentStatus } meta { total } } }`;
  const WAITING = `query { returns(waiting: true, limit: 200) { items { id status } meta { total } } }`;

  it('counts the orders to ship and the returns waiting as the filtered lists show them, in one statement', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 100, { priceGross: 1000 });
    const admin = t.asAdmin();
    const lists = async () => {
      const [orders, returns] = await Promise.all([admin.gql(TO_SHIP), admin.gql(WAITING)]);
      expect(orders.errors).toBeUndefined();
      expect(returns.errors).toBeUndefined();
      return { orders: orders.data.orders, returns: returns.data.returns };
    };
    const before = await overview();
    const listedBefore = await lists();
    expect(before.figures.ordersToShip).toBe(listedBefore.orders.meta.total);
    expect(before.figures.returnsWaiting).toBe(listedBefore.returns.meta.total);

    // Two units per order, so one can ship partly.
    const place = async (email: string) => {
      const res = await guestCheckout(t, shop, product.id, { quantity: 2, email });
      expect(res.status).toBe(201);
      return res.body.data as { id: string; items: Array<{ id: string }> };
    };
    const confirmed = await place('ship-a@example.com');
    const partly = await place('ship-b@example.com');
    const whole = await place('ship-c@example.com');
    const pending = await place('ship-d@example.com');
    for (const o of [confirmed, partly, whole])
      expect((await admin.put(`/api/v1/admin/orders/${o.id}/status`, { status: 'confirmed' })).status).toBe(200);
    const ship = (o: { id: string; items: Array<{ id: string }> }, quantity?: number) =>
      admin.post(`/api/v1/admin/orders/${o.id}/shipments`, {
        ...(quantity ? { items: [{ order_item_id: o.items[0].id, quantity }] } : {}),
      });
    expect((await ship(partly, 1)).status).toBe(201);
    expect((await ship(whole)).status).toBe(201);
    // Returns: one requested, one approved (both waiting), one rejected (not waiting), all of `whole`'s units.
    const open = async () => {
      const res = await admin.post(`/api/v1/admin/orders/${whole.id}/returns`, {
        items: [{ order_item_id: whole.items[0].id, quantity: 1 }],
      });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    const move = async (id: string, status: string) =>
      expect((await admin.put(`/api/v1/admin/returns/${id}/status`, { status })).status).toBe(200);
    const rejected = await open();
    await move(rejected, 'rejected');
    await open();
    await move(await open(), 'approved');

    const after = await overview();
    expect(after.figures.ordersToShip - before.figures.ordersToShip).toBe(2);
    expect(after.figures.returnsWaiting - before.figures.returnsWaiting).toBe(2);
    expect(after.statements).toBe(2);
    const listed = await lists();
    expect(listed.orders.meta.total).toBe(after.figures.ordersToShip);
    expect(listed.returns.meta.total).toBe(after.figures.returnsWaiting);
    const ids = listed.orders.items.map((o: { id: string }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([confirmed.id, partly.id]));
    expect(ids).not.toContain(whole.id);
    expect(ids).not.toContain(pending.id);
    for (const o of listed.orders.items) expect(['UNFULFILLED', 'PARTIALLY_SHIPPED']).toContain(o.fulfillmentStatus);
    for (const r of listed.returns.items) expect(['REQUESTED', 'APPROVED']).toContain(r.status);
    expect(listed.returns.items.map((r: { id: string }) => r.id)).not.toContain(rejected);
  });
});

describe('lowStock', () => {
  it('lists variants and variant-less products at or under the threshold, fewest first, in one statement', async () => {
    const simple = await stockedProduct(t, shop.warehouse.id, 2, { name: 'Nearly gone' });
    const withVariants = await stockedProduct(t, shop.warehouse.id, 1, {
      name: 'Sized tee',
      variants: [{ sku: `LOW-${Date.now()}-S` }, { sku: `LOW-${Date.now()}-M` }],
    });
    const inactive = await stockedProduct(t, shop.warehouse.id, 0, { active: false });
    const res = await t.asAdmin().gql(LOW_STOCK, { threshold: 2, limit: 50 });
    expect(res.errors).toBeUndefined();
    const items = res.data.lowStock.items as Array<{ productId: string; variantId: string | null; stock: number }>;
    expect(items.map((i) => i.stock)).toEqual([...items.map((i) => i.stock)].sort((x, y) => x - y));
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: simple.id, variantId: null, name: 'Nearly gone', stock: 2 }),
        expect.objectContaining({ productId: withVariants.id, variantId: withVariants.variants[0].id, stock: 1 }),
        expect.objectContaining({ productId: withVariants.id, variantId: withVariants.variants[1].id, stock: 1 }),
      ]),
    );
    // A product with variants is listed by its variants only; inactive products are not for sale.
    expect(items.filter((i) => i.productId === withVariants.id)).toHaveLength(2);
    expect(items.some((i) => i.productId === inactive.id)).toBe(false);
    expect(res.data.lowStock.meta.total).toBe(items.length);
    // Authentication's staff account check, then the page with its total.
    expect(t.sqlCount(res.requestId)).toBe(2);

    const paged = await t.asAdmin().gql(LOW_STOCK, { threshold: 2, limit: 1, page: 2 });
    expect(paged.data.lowStock.items).toEqual([items[1]]);
    expect(paged.data.lowStock.meta).toEqual({ total: items.length, page: 2, limit: 1, pages: items.length });
    expect(t.sqlCount(paged.requestId)).toBe(2);
    // Past the end: no rows, and still the total (counted by a second statement; it read 0 before).
    const past = await t.asAdmin().gql(LOW_STOCK, { threshold: 2, limit: 1, page: items.length + 5 });
    expect(past.data.lowStock).toEqual({
      items: [],
      meta: { total: items.length, page: items.length + 5, limit: 1, pages: items.length },
    });
  });

  it('refuses a negative or huge threshold with 400, and is for staff who may read inventory', async () => {
    for (const threshold of [-1, 100_001])
      expect((await t.asAdmin().gql(LOW_STOCK, { threshold })).errors?.[0].extensions.code).toBe('validation_error');
    expect((await t.asApiKey(['orders.read']).gql(LOW_STOCK)).errors?.[0].extensions.code).toBe('forbidden');
  });
});

describe('Order.nextStatuses', () => {
  it('names the moves the status table allows, none once final', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const [id] = await placeOrders(1, product.id);
    const query = `query O($id: UUID!) { order(id: $id) { status nextStatuses } }`;
    const pending = await t.asAdmin().gql(query, { id });
    expect(pending.data.order).toEqual({ status: 'PENDING', nextStatuses: ['CONFIRMED', 'CANCELLED'] });
    await t.asAdmin().put(`/api/v1/admin/orders/${id}/status`, { status: 'cancelled' });
    expect((await t.asAdmin().gql(query, { id })).data.order.nextStatuses).toEqual([]);
  });
});
