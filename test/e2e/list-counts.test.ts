import { createCustomer, guestCheckout, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

/**
 * A list counts its matches (the capped count, D-234) only when its selection shows the total: `meta { total }` or
 * `meta { pages }`, directly or through a fragment. A storefront's infinite scroll asks for items alone and pays for
 * no count (docs/decisions.md D-317). The REST routes always show `meta`, so they always count.
 */
const { t, shop } = useShop({ config: { 'cache.enabled': false } });

/** Whether a statement of `run` counts (the capped count's `count(*) AS n`). */
async function counts(run: () => Promise<{ status: number; body: { errors?: unknown } }>) {
  const { result, statements } = await t.recordSql(run);
  expect(result.status).toBe(200);
  expect(result.body.errors).toBeUndefined();
  return { counted: statements.some((s) => /count\(\*\) AS n/.test(s.sql)), body: result.body as any };
}

beforeAll(async () => {
  for (let i = 0; i < 3; i++) {
    const p = await stockedProduct(t, shop.warehouse.id, 5, { active: true, priceGross: 100 + i });
    expect((await guestCheckout(t, shop, p.id)).status).toBe(201);
    await createCustomer(t);
  }
});

const lists = [
  { name: 'store products', field: 'storeProducts(limit: 2)', client: () => t.asGuest() },
  { name: 'admin products', field: 'products(limit: 2)', client: () => t.asAdmin() },
  { name: 'admin products in a category', field: 'products(limit: 2, categoryId: $c)', client: () => t.asAdmin() },
  { name: 'orders', field: 'orders(limit: 2)', client: () => t.asAdmin() },
  { name: 'customers', field: 'customers(limit: 2)', client: () => t.asAdmin() },
];

describe.each(lists)('the $name list', ({ field, client }) => {
  const vars = field.includes('$c') ? '($c: UUID)' : '';
  const variables = field.includes('$c') ? { c: '00000000-0000-4000-8000-000000000000' } : undefined;
  const ask = (selection: string, fragment = '') =>
    counts(() => client().gql(`query L${vars} { list: ${field} { ${selection} } }${fragment}`, variables));

  it('is not counted when its selection shows no total', async () => {
    const itemsOnly = await ask('items { id }');
    expect(itemsOnly.counted).toBe(false);
    const pageOnly = await ask('items { id } meta { page limit }');
    expect(pageOnly.counted).toBe(false);
    expect(pageOnly.body.data.list.meta).toEqual({ page: 1, limit: 2 });
  });

  it('is counted when it shows the total or the pages, directly or through a fragment', async () => {
    const direct = await ask('items { id } meta { total }');
    expect(direct.counted).toBe(true);
    const pages = await ask('meta { pages }');
    expect(pages.counted).toBe(true);
    const spread = await ask('items { id } ...F', ` fragment F on ${typeName(field)} { meta { total pages } }`);
    expect(spread.counted).toBe(true);
    // The same items either way.
    expect((await ask('items { id }')).body.data.list.items).toEqual(direct.body.data.list.items);
    if (!field.includes('$c')) expect(direct.body.data.list.meta.total).toBeGreaterThanOrEqual(3);
  });
});

/** The list type a field answers (`ProductList`, `OrderList`, `CustomerList`). */
function typeName(field: string) {
  if (field.startsWith('orders')) return 'OrderList';
  if (field.startsWith('customers')) return 'CustomerList';
  return 'ProductList';
}

describe('REST lists', () => {
  it('always count: their envelope shows meta.total', async () => {
    const store = await counts(() => t.asGuest().get('/api/v1/store/products?limit=2'));
    expect(store.counted).toBe(true);
    expect(store.body.meta.total).toBeGreaterThanOrEqual(3);
    const orders = await counts(() => t.asAdmin().get('/api/v1/admin/orders?limit=2'));
    expect(orders.counted).toBe(true);
    expect(orders.body.meta.total).toBeGreaterThanOrEqual(3);
  });
});
