import { createPluginCommerce } from '../../src/plugin-api/commerce';
import { ADDRESS } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

/**
 * Issue 52: an order line and a stock row name the variant ("Navy / XL"), the line's name a snapshot taken at
 * checkout; each status change records who made it (staff, customer or guest, API key, system). Over REST and
 * GraphQL, with statement counts that do not grow with a list's size.
 */
const { t, shop } = useShop({ config: { 'cache.enabled': false } });

let seq = 0;
const uid = () => `${Date.now().toString(36)}${seq++}`;

/** A property group with options named in English and German. */
async function optionGroup(identifier: string, names: Array<[string, string]>) {
  return t.db.propertyGroup.create({
    data: {
      identifier: `${identifier}-${uid()}`,
      translations: { create: [{ locale: 'en', name: identifier }] },
      options: {
        create: names.map(([en, de], position) => ({
          position,
          translations: {
            create: [
              { locale: 'en', name: en },
              { locale: 'de', name: de },
            ],
          },
        })),
      },
    },
    include: { options: { orderBy: { position: 'asc' } } },
  });
}

/** A product with one variant per colour (Navy, Red) in size XL, each with 10 units in the shop's warehouse. */
async function teeShirt() {
  const color = await optionGroup('color', [
    ['Navy', 'Marine'],
    ['Red', 'Rot'],
  ]);
  const size = await optionGroup('size', [['XL', 'XL']]);
  const admin = t.asAdmin();
  const product = await admin.post('/api/v1/admin/products', {
    currency: 'EUR',
    active: true,
    price_gross: 2500,
    sku: `TEE-${uid()}`,
    translations: [{ locale: 'en', name: 'Tee', slug: `tee-${uid()}` }],
  });
  expect(product.status).toBe(201);
  const variants = await admin.post(`/api/v1/admin/products/${product.body.data.id}/variants`, {
    sku: product.body.data.sku,
    option_groups: [color.options.map((o) => o.id), size.options.map((o) => o.id)],
  });
  expect(variants.status).toBe(201);
  const ids: string[] = variants.body.data.map((v: { id: string }) => v.id);
  const stock = await admin.put(`/api/v1/admin/warehouses/${shop.warehouse.id}/stock`, {
    items: ids.map((variant_id) => ({ product_id: product.body.data.id, variant_id, quantity: 10 })),
  });
  expect(stock.status).toBe(200);
  return { productId: product.body.data.id as string, navy: ids[0], red: ids[1], color };
}

async function buy(productId: string, variantId: string, email = `g-${uid()}@example.com`) {
  const res = await t.asGuest().post('/api/v1/store/checkout', {
    items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
    shipping_address: ADDRESS,
    shipping_method_id: shop.shipping.id,
    payment_method_id: shop.payment.id,
    email,
  });
  expect([res.status, res.body.errors]).toEqual([201, undefined]);
  return res.body.data as { id: string; email: string };
}

const HISTORY = `query ($id: UUID!) { order(id: $id) {
  items { name variantName }
  statusHistory { fromStatus toStatus comment actor { kind id label } }
} }`;

describe('variant names', () => {
  it('Variant.title joins the option names in the asked locale; null without options', async () => {
    const tee = await teeShirt();
    const res = await t
      .asAdmin()
      .gql(`query ($id: UUID!) { product(id: $id) { variants { id title de: title(locale: "de") } } }`, {
        id: tee.productId,
      });
    expect(res.errors).toBeUndefined();
    expect(res.data.product.variants).toEqual([
      { id: tee.navy, title: 'Navy / XL', de: 'Marine / XL' },
      { id: tee.red, title: 'Red / XL', de: 'Rot / XL' },
    ]);
    const bare = await t.asAdmin().post(`/api/v1/admin/products/${tee.productId}/variants`, { sku: `BARE-${uid()}` });
    const plain = await t
      .asAdmin()
      .gql(`query ($id: UUID!) { product(id: $id) { variants { id title } } }`, { id: tee.productId });
    expect(plain.data.product.variants.find((v: { id: string }) => v.id === bare.body.data.id).title).toBeNull();
  });

  it("an order line keeps the variant's name from checkout, over REST and GraphQL, after a rename", async () => {
    const tee = await teeShirt();
    const order = await buy(tee.productId, tee.navy);
    await t.db.propertyOptionTranslation.updateMany({
      where: { propertyOptionId: tee.color.options[0].id, locale: 'en' },
      data: { name: 'Midnight' },
    });
    const rest = await t.asAdmin().get(`/api/v1/admin/orders/${order.id}`);
    expect(rest.body.data.items[0]).toMatchObject({ name: 'Tee', variant_name: 'Navy / XL' });
    const gql = await t.asAdmin().gql(HISTORY, { id: order.id });
    expect(gql.data.order.items).toEqual([{ name: 'Tee', variantName: 'Navy / XL' }]);
    const title = await t.asAdmin().gql(`query ($id: UUID!) { product(id: $id) { variants { title } } }`, {
      id: tee.productId,
    });
    expect(title.data.product.variants[0].title).toBe('Midnight / XL');
  });

  it('stock levels, movements and low stock name the variant', async () => {
    const tee = await teeShirt();
    const levels = await t
      .asAdmin()
      .gql(
        `query ($w: UUID!, $s: String) { stockLevels(warehouseId: $w, search: $s) { items { variantId variantTitle } } }`,
        { w: shop.warehouse.id, s: 'Tee' },
      );
    expect(levels.errors).toBeUndefined();
    expect(levels.data.stockLevels.items).toEqual(
      expect.arrayContaining([
        { variantId: tee.navy, variantTitle: 'Navy / XL' },
        { variantId: tee.red, variantTitle: 'Red / XL' },
      ]),
    );
    const moves = await t
      .asAdmin()
      .gql(`query ($v: UUID) { stockMovements(variantId: $v) { items { variantId variantTitle } } }`, { v: tee.red });
    expect(moves.data.stockMovements.items[0]).toEqual({ variantId: tee.red, variantTitle: 'Red / XL' });
    const low = await t.asAdmin().gql(`{ lowStock(threshold: 10, limit: 200) { items { variantId variantTitle } } }`);
    expect(low.data.lowStock.items).toEqual(
      expect.arrayContaining([{ variantId: tee.navy, variantTitle: 'Navy / XL' }]),
    );
  });
});

describe('who changed an order', () => {
  it('names the guest, the staff member, the API key and the system, and keeps it from the store', async () => {
    const tee = await teeShirt();
    const email = `buyer-${uid()}@example.com`;
    const order = await buy(tee.productId, tee.navy, email);

    const staff = t.asAdmin();
    const moved = await staff.gql(
      `mutation ($id: UUID!) { orderStatusUpdate(id: $id, input: { status: CONFIRMED, comment: "paid" }) { id } }`,
      { id: order.id },
    );
    expect(moved.errors).toBeUndefined();
    const key = await t
      .asApiKey(['orders.read', 'orders.update'])
      .put(`/api/v1/admin/orders/${order.id}/status`, { status: 'processing' });
    expect(key.status).toBe(200);
    const commerce = createPluginCommerce(t.service.services, 'test');
    expect(await commerce.setOrderStatus(order.id, 'cancelled', 'automatic')).toBe(true);

    const history = (await staff.gql(HISTORY, { id: order.id })).data.order.statusHistory;
    const staffRow = await t.db.orderStatusHistory.findFirstOrThrow({
      where: { orderId: order.id, toStatus: 'confirmed' },
    });
    const admin = await t.db.adminUser.findUniqueOrThrow({ where: { id: staffRow.actorId! } });
    const keyRow = await t.db.apiKey.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
    expect(history).toEqual([
      { fromStatus: null, toStatus: 'PENDING', comment: null, actor: { kind: 'CUSTOMER', id: null, label: email } },
      {
        fromStatus: 'PENDING',
        toStatus: 'CONFIRMED',
        comment: 'paid',
        actor: { kind: 'STAFF', id: admin.id, label: admin.email },
      },
      {
        fromStatus: 'CONFIRMED',
        toStatus: 'PROCESSING',
        comment: null,
        actor: { kind: 'API_KEY', id: keyRow.id, label: keyRow.name },
      },
      {
        fromStatus: 'PROCESSING',
        toStatus: 'CANCELLED',
        comment: 'automatic',
        actor: { kind: 'SYSTEM', id: null, label: 'System' },
      },
    ]);

    // REST names it in snake_case.
    const rest = await t.asAdmin().get(`/api/v1/admin/orders/${order.id}`);
    expect(rest.body.data.status_history[1].actor).toEqual({ kind: 'staff', id: admin.id, label: admin.email });
    // The store shows the changes but never who made them (a staff email is not the customer's business).
    const token = String(rest.body.data.guest_token);
    const store = await t.asGuest().get(`/api/v1/store/orders/${order.id}`, { 'X-Guest-Token': token });
    expect(store.status).toBe(200);
    expect(store.body.data.status_history[1]).not.toHaveProperty('actor');
  });

  it("a signed-in customer's checkout names the customer", async () => {
    const tee = await teeShirt();
    const customerId = (
      await t.db.customer.create({
        data: { email: `c-${uid()}@example.com`, passwordHash: 'x', firstName: 'C', lastName: 'C' },
      })
    ).id;
    const res = await t.asCustomer(customerId).post('/api/v1/store/checkout', {
      items: [{ product_id: tee.productId, variant_id: tee.red, quantity: 1 }],
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
    });
    expect(res.status).toBe(201);
    const history = (await t.asAdmin().gql(HISTORY, { id: res.body.data.id })).data.order.statusHistory;
    expect(history[0].actor).toMatchObject({ kind: 'CUSTOMER', id: customerId });
  });
});

describe('statement counts', () => {
  it('an order list with variant names and actors costs the same for 1 order as for 4', async () => {
    const tee = await teeShirt();
    for (let i = 0; i < 4; i++) await buy(tee.productId, i % 2 ? tee.navy : tee.red);
    const query = `query ($limit: Int) { orders(limit: $limit) { items { id
      items { variantName } statusHistory { actor { kind label } } } } }`;
    const counts = [];
    for (const limit of [1, 4]) {
      const res = await t.asAdmin().gql(query, { limit });
      expect(res.errors).toBeUndefined();
      expect(res.data.orders.items).toHaveLength(limit);
      counts.push(t.sqlCount(res.requestId));
    }
    expect(counts[0]).toBe(counts[1]);
  });

  it('stock levels and low stock with variant titles cost the same for 1 row as for 4', async () => {
    await teeShirt();
    await teeShirt();
    const levels = `query ($w: UUID!, $limit: Int) { stockLevels(warehouseId: $w, limit: $limit) {
      items { variantTitle productName } } }`;
    const low = `query ($limit: Int) { lowStock(threshold: 10, limit: $limit) { items { variantTitle name } } }`;
    for (const [query, vars] of [
      [levels, { w: shop.warehouse.id }],
      [low, {}],
    ] as const) {
      const counts = [];
      for (const limit of [1, 4]) {
        const res = await t.asAdmin().gql(query, { ...vars, limit });
        expect(res.errors).toBeUndefined();
        counts.push(t.sqlCount(res.requestId));
      }
      expect(counts[0]).toBe(counts[1]);
    }
  });
});
