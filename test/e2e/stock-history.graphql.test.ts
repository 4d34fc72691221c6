import { createProduct } from '../fixtures/catalog';
import { useShop } from '../fixtures/use-shop';

/**
 * The admin's stock history (`stockMovements`: the ledger across warehouses with filters) and paged stock levels
 * (`stockLevels`), over GraphQL: filters, paging, validation, permissions, and a page's statement count that does
 * not grow with its size (the names and SKUs come through loaders).
 */
const { t } = useShop({ shop: false, config: { 'cache.enabled': false } });

let seq = 0;
const uid = () => `${Date.now().toString(36)}${seq++}`;

const MOVEMENTS = `query ($warehouseId: UUID, $productId: UUID, $variantId: UUID, $sku: String, $type: StockMovementType, $from: DateTime, $to: DateTime, $page: Int, $limit: Int) {
  stockMovements(warehouseId: $warehouseId, productId: $productId, variantId: $variantId, sku: $sku, type: $type, from: $from, to: $to, page: $page, limit: $limit) {
    items { id type quantity reference warehouseId warehouseName productName sku variantId createdAt }
    meta { page pages total limit }
  }
}`;
const LEVELS = `query ($warehouseId: UUID!, $search: String, $page: Int, $limit: Int) {
  stockLevels(warehouseId: $warehouseId, search: $search, page: $page, limit: $limit) {
    items { productId variantId quantity productName productSku variantSku }
    meta { page pages total limit }
  }
}`;

async function warehouse(name: string) {
  const res = await t
    .asAdmin()
    .gql(`mutation ($input: WarehouseCreateInput!) { warehouseCreate(input: $input) { id name } }`, {
      input: { name, code: `SH-${uid()}` },
    });
  expect(res.errors).toBeUndefined();
  return res.data.warehouseCreate as { id: string; name: string };
}

async function setStock(warehouseId: string, items: Array<Record<string, unknown>>) {
  const res = await t
    .asAdmin()
    .gql(`mutation ($w: UUID!, $input: StockSetInput!) { warehouseStockSet(warehouseId: $w, input: $input) { id } }`, {
      w: warehouseId,
      input: { items },
    });
  expect(res.errors).toBeUndefined();
}

describe('stock history and levels over GraphQL', () => {
  it('filters movements by warehouse, SKU, type and time, newest first, paged', async () => {
    const [north, south] = [await warehouse('North'), await warehouse('South')];
    const tag = uid().toUpperCase();
    const plain = await createProduct(t.db, { sku: `HIST-${tag}-PLAIN`, name: 'History lamp' });
    const varied = await createProduct(t.db, { sku: null, variants: [{ sku: `HIST-${tag}-RED` }] });
    const before = new Date(Date.now() - 1000).toISOString();
    await setStock(north.id, [{ productId: plain.id, quantity: 5, reference: 'first count' }]);
    await setStock(north.id, [{ productId: plain.id, quantity: 3 }]);
    await setStock(south.id, [{ productId: varied.id, variantId: varied.variants[0].id, quantity: 7 }]);

    const admin = t.asAdmin();
    const all = await admin.gql(MOVEMENTS, { sku: `hist-${tag.toLowerCase()}` });
    expect(all.errors).toBeUndefined();
    // The SKU text is literal: `_` is not a LIKE wildcard (it matched every SKU).
    expect((await admin.gql(MOVEMENTS, { sku: `hist_${tag.toLowerCase()}` })).data.stockMovements.meta.total).toBe(0);
    expect(all.data.stockMovements.items.map((m: { quantity: number }) => m.quantity)).toEqual([7, -2, 5]);
    expect(all.data.stockMovements.items[2]).toMatchObject({
      type: 'ADJUSTMENT',
      reference: 'first count',
      warehouseName: 'North',
      productName: 'History lamp',
      sku: `HIST-${tag}-PLAIN`,
    });
    expect(all.data.stockMovements.items[0]).toMatchObject({ sku: `HIST-${tag}-RED`, warehouseName: 'South' });

    const north1 = await admin.gql(MOVEMENTS, { warehouseId: north.id, sku: tag, limit: 1, page: 2 });
    expect(north1.data.stockMovements.items.map((m: { quantity: number }) => m.quantity)).toEqual([5]);
    expect(north1.data.stockMovements.meta).toEqual({ page: 2, pages: 2, total: 2, limit: 1 });

    const variant = await admin.gql(MOVEMENTS, { variantId: varied.variants[0].id });
    expect(variant.data.stockMovements.meta.total).toBe(1);
    expect((await admin.gql(MOVEMENTS, { sku: tag, type: 'SALE' })).data.stockMovements.meta.total).toBe(0);
    expect((await admin.gql(MOVEMENTS, { sku: tag, from: before })).data.stockMovements.meta.total).toBe(3);
    expect((await admin.gql(MOVEMENTS, { sku: tag, to: before })).data.stockMovements.meta.total).toBe(0);
  });

  it('pages and searches one warehouse stock levels', async () => {
    const w = await warehouse('Levels');
    const tag = uid().toUpperCase();
    const products = [];
    for (let i = 0; i < 3; i++)
      products.push(await createProduct(t.db, { sku: `LVL-${tag}-${i}`, name: `Kettle ${i}` }));
    const other = await createProduct(t.db, { sku: `OTHER-${tag}`, name: 'Saucepan' });
    await setStock(
      w.id,
      [...products, other].map((p, i) => ({ productId: p.id, quantity: i + 1 })),
    );
    const admin = t.asAdmin();
    const page = await admin.gql(LEVELS, { warehouseId: w.id, limit: 2 });
    expect(page.errors).toBeUndefined();
    expect(page.data.stockLevels.meta).toEqual({ page: 1, pages: 2, total: 4, limit: 2 });
    const bySku = await admin.gql(LEVELS, { warehouseId: w.id, search: `lvl-${tag.toLowerCase()}` });
    expect(bySku.data.stockLevels.meta.total).toBe(3);
    for (const search of ['%', '_', `lvl_${tag.toLowerCase()}`])
      expect([search, (await admin.gql(LEVELS, { warehouseId: w.id, search })).data.stockLevels.meta.total]).toEqual([
        search,
        0,
      ]);
    const byName = await admin.gql(LEVELS, { warehouseId: w.id, search: 'saucepan' });
    expect(byName.data.stockLevels.items).toEqual([
      expect.objectContaining({ productName: 'Saucepan', productSku: `OTHER-${tag}`, quantity: 4 }),
    ]);
    const missing = await admin.gql(LEVELS, { warehouseId: crypto.randomUUID() });
    expect(missing.errors?.[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses bad filters with 400 and callers without inventory.read with 403', async () => {
    const admin = t.asAdmin();
    const long = await admin.gql(MOVEMENTS, { sku: 'x'.repeat(101) });
    expect(long.errors?.[0].extensions).toMatchObject({ code: 'validation_error', field: 'sku', status: 400 });
    const backwards = await admin.gql(MOVEMENTS, { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(backwards.errors?.[0].extensions).toMatchObject({ code: 'validation_error', field: 'to', status: 400 });
    const customer = await t.asCustomer().gql(MOVEMENTS, {});
    expect(customer.errors?.[0].extensions).toMatchObject({ status: 403 });
    const key = await t.asApiKey(['orders.read']).gql(MOVEMENTS, {});
    expect(key.errors?.[0].extensions).toMatchObject({ status: 403 });
  });

  it('a page of movements costs the same statements with 2 rows as with 20', async () => {
    const w = await warehouse('Counted');
    const tag = uid().toUpperCase();
    const products = [];
    for (let i = 0; i < 20; i++) products.push(await createProduct(t.db, { sku: `CNT-${tag}-${i}` }));
    await setStock(
      w.id,
      products.map((p) => ({ productId: p.id, quantity: 1 })),
    );
    const counts = [];
    for (const limit of [2, 20]) {
      const res = await t.asAdmin().gql(MOVEMENTS, { warehouseId: w.id, limit });
      expect(res.data.stockMovements.items).toHaveLength(limit);
      counts.push(t.sqlCount(res.requestId));
    }
    expect(counts[0]).toBe(counts[1]);
  });

  it('counts a big ledger up to 10,000, and pages past the count still answer, over GraphQL and REST', async () => {
    const w = await warehouse('Busy');
    const product = await createProduct(t.db, { sku: `BUSY-${uid()}` });
    // 10,050 movements written at once (checkouts would take minutes), a second apart, the newest first.
    await t.db.$executeRawUnsafe(
      `INSERT INTO stock_movements (id, warehouse_id, product_id, type, quantity, reference, created_at)
       SELECT gen_random_uuid(), $1::uuid, $2::uuid, 'adjustment', 1, 'bulk ' || i, now() - make_interval(secs => i)
       FROM generate_series(1, 10050) i`,
      w.id,
      product.id,
    );
    const first = await t.asAdmin().gql(MOVEMENTS, { warehouseId: w.id, limit: 5 });
    expect(first.data.stockMovements.meta).toEqual({ page: 1, pages: 2000, total: 10000, limit: 5 });
    expect(first.data.stockMovements.items.map((m: { reference: string }) => m.reference)).toEqual([
      'bulk 1',
      'bulk 2',
      'bulk 3',
      'bulk 4',
      'bulk 5',
    ]);
    // Past the capped count but within the ledger: the rows are there (D-234).
    const beyond = await t.asAdmin().get(`/api/v1/admin/warehouses/${w.id}/movements?limit=5&page=2009`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data.map((m: { reference: string }) => m.reference)).toEqual([
      'bulk 10041',
      'bulk 10042',
      'bulk 10043',
      'bulk 10044',
      'bulk 10045',
    ]);
    expect(beyond.body.meta).toEqual({ total: 10000, page: 2009, limit: 5, pages: 2000 });
    // Past the end: no rows, and the count (a second statement then) still capped.
    const past = await t.asAdmin().gql(MOVEMENTS, { warehouseId: w.id, limit: 5, page: 3000 });
    expect(past.data.stockMovements).toEqual({ items: [], meta: { page: 3000, pages: 2000, total: 10000, limit: 5 } });
    // A filter the count walks: the product's movements, and a SKU.
    const bySku = await t.asAdmin().gql(MOVEMENTS, { sku: product.sku, limit: 1 });
    expect(bySku.data.stockMovements.meta.total).toBe(10000);
  });
});
