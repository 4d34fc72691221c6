import * as op from '../../src/generated/graphql';
import { createProduct } from '../fixtures/catalog';
import { useShop } from '../fixtures/use-shop';
import { startTestServer } from '../harness/server';

const { t } = useShop({ shop: false });

let seq = 0;
const code = () => `GQL-${Date.now().toString(36)}-${seq++}`;

describe('warehouses over GraphQL', () => {
  it('creates, reads, lists, updates and deletes with the typed operations', async () => {
    const admin = t.asAdmin();
    const created = await admin.gql(op.WarehouseCreateDocument, {
      input: { name: 'Graph', code: code(), priority: 2, allowNegativeStock: true },
    });
    expect(created.errors).toBeUndefined();
    const w = created.data.warehouseCreate;
    expect(w).toMatchObject({ name: 'Graph', priority: 2, allow_negative_stock: true, active: true });

    const read = await admin.gql(op.WarehouseDocument, { id: w.id });
    expect(read.data.warehouse).toEqual(w);

    const list = await admin.gql(op.WarehousesDocument, { limit: 500 });
    expect(list.data.warehouses.meta.limit).toBe(200);
    expect(list.data.warehouses.items.map((x) => x.id)).toContain(w.id);

    const updated = await admin.gql(op.WarehouseUpdateDocument, { id: w.id, input: { city: 'Köln' } });
    expect(updated.data.warehouseUpdate).toMatchObject({ city: 'Köln', name: 'Graph' });

    const product = await createProduct(t.db);
    const stock = await admin.gql(op.WarehouseStockSetDocument, {
      warehouseId: w.id,
      input: { items: [{ productId: product.id, quantity: 9 }] },
    });
    expect(stock.data.warehouseStockSet[0]).toMatchObject({
      quantity: 9,
      product_sku: product.sku,
      warehouse_code: w.code,
    });
    const productStock = await admin.gql(op.ProductStockDocument, { productId: product.id });
    expect(productStock.data.productStock).toHaveLength(1);
    const movements = await admin.gql(op.WarehouseMovementsDocument, { warehouseId: w.id });
    expect(movements.data.warehouseMovements.items[0]).toMatchObject({ type: 'ADJUSTMENT', quantity: 9 });

    const deleted = await admin.gql(op.WarehouseDeleteDocument, { id: w.id });
    expect(deleted.data.warehouseDelete).toBe(true);
  });

  it('answers errors with extensions { code, field, status, requestId }', async () => {
    const admin = t.asAdmin();
    const c = code();
    await admin.gql(op.WarehouseCreateDocument, { input: { name: 'A', code: c } });
    const dup = await admin.gql(op.WarehouseCreateDocument, { input: { name: 'B', code: c } });
    expect(dup.errors?.[0]).toMatchObject({
      message: 'warehouse code already exists',
      extensions: { code: 'duplicate_code', field: 'code', status: 409, requestId: dup.requestId },
    });

    const missing = await admin.gql(op.WarehouseDocument, { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.errors?.[0].extensions).toMatchObject({ code: 'not_found', status: 404 });

    const invalid = await admin.gql(op.WarehouseCreateDocument, { input: { name: '', code: 'x'.repeat(101) } });
    expect(invalid.errors?.[0].extensions).toMatchObject({
      code: 'validation_error',
      status: 400,
      errors: [
        { code: 'validation_error', field: 'input.name', detail: 'required' },
        { code: 'validation_error', field: 'input.code', detail: 'max_length' },
      ],
    });
    const badPage = await admin.gql(op.WarehousesDocument, { page: 0 });
    expect(badPage.errors?.[0].extensions).toMatchObject({ code: 'validation_error', field: 'page' });
  });

  it('is fail-closed: anonymous 401, customers 403', async () => {
    const anon = await t.asGuest().gql(op.WarehousesDocument, {});
    expect(anon.errors?.[0].extensions).toMatchObject({ code: 'unauthorized', status: 401 });
    const customer = await t.asCustomer().gql(op.WarehouseCreateDocument, { input: { name: 'x', code: code() } });
    expect(customer.errors?.[0].extensions).toMatchObject({ code: 'forbidden', status: 403 });
    expect(await t.db.warehouse.count({ where: { name: 'x' } })).toBe(0);
  });

  it('rejects operations over the depth and complexity limits, and malformed queries', async () => {
    const admin = t.asAdmin();
    // Each aliased list of 200 costs 201; ten of them pass the default limit of 2000.
    const lists = Array.from({ length: 10 }, (_, i) => `l${i}: warehouses(limit: 200) { items { id } }`).join(' ');
    const tooComplex = await admin.gql(`{ ${lists} }`);
    expect(tooComplex.status).toBe(400);
    expect(tooComplex.errors?.[0].extensions.code).toBe('invalid_query');
    expect(tooComplex.errors?.[0].message).toMatch(/complexity/);

    const parse = await admin.gql('{ warehouses { ');
    expect(parse.errors?.[0].extensions.code).toBe('invalid_query');
    const unknown = await admin.gql('{ nope }');
    expect(unknown.errors?.[0].extensions.code).toBe('invalid_query');
  });
});

describe('depth limit', () => {
  it('rejects a selection deeper than graphql.depth_limit, following fragments', async () => {
    const shallow = await startTestServer({ 'graphql.depth_limit': 2 });
    try {
      const ok = await shallow.asAdmin().gql('{ health { status } }');
      expect(ok.errors).toBeUndefined();
      const tooDeep = await shallow.asAdmin().gql('{ warehouses { items { id } } }');
      expect(tooDeep.status).toBe(400);
      expect(tooDeep.errors?.[0].extensions.code).toBe('invalid_query');
      expect(tooDeep.errors?.[0].message).toMatch(/depth 3 exceeds the limit of 2/);
      const viaFragment = await shallow.asAdmin().gql('{ ...Q } fragment Q on Query { warehouses { meta { total } } }');
      expect(viaFragment.errors?.[0].message).toMatch(/depth 3 exceeds the limit of 2/);
    } finally {
      await shallow.close();
    }
  });
});
