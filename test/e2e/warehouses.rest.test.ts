import { createProduct } from '../fixtures/catalog';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const W = '/api/v1/admin/warehouses';
let seq = 0;
const newCode = () => `WH-${Date.now().toString(36)}-${seq++}`;

async function createWarehouse(body: Record<string, unknown> = {}) {
  const res = await t.asAdmin().post(W, { name: 'Main', code: newCode(), ...body });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('POST /api/v1/admin/warehouses', () => {
  it('creates a warehouse with defaults and answers 201 with snake_case fields', async () => {
    const res = await t.asAdmin().post(W, {
      name: 'Berlin',
      code: 'BER-1',
      postal_code: '10115',
      address_line1: 'Main St 1',
      city: 'Berlin',
      country: 'DE',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Berlin',
      code: 'BER-1',
      active: true,
      allow_negative_stock: false,
      priority: 0,
      address_line1: 'Main St 1',
      city: 'Berlin',
      postal_code: '10115',
      country: 'DE',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: expect.any(String),
    });
  });

  it('answers 409 duplicate_code when the code exists', async () => {
    const code = newCode();
    await createWarehouse({ code });
    const res = await t.asAdmin().post(W, { name: 'Again', code });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      errors: [{ code: 'duplicate_code', detail: 'warehouse code already exists', field: 'code' }],
    });
  });

  it('reports every invalid field with its snake_case path and rule', async () => {
    const res = await t.asAdmin().post(W, { priority: 'high', allow_negative_stock: 'yes', city: 'x'.repeat(300) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { code: 'validation_error', field: 'name', detail: 'required' },
        { code: 'validation_error', field: 'code', detail: 'required' },
        { code: 'validation_error', field: 'priority', detail: 'type' },
        { code: 'validation_error', field: 'allow_negative_stock', detail: 'type' },
        { code: 'validation_error', field: 'city', detail: 'max_length' },
      ]),
    );
    expect(res.body.errors).toHaveLength(5);
  });

  it('ignores unknown fields', async () => {
    const res = await t.asAdmin().post(W, { name: 'X', code: newCode(), colour: 'blue' });
    expect(res.status).toBe(201);
    expect(res.body.data.colour).toBeUndefined();
  });

  it('rejects a body that is not an object, bad JSON and non-JSON content types', async () => {
    const notObject = await t.asAdmin().post(W, [1, 2]);
    expect(notObject.status).toBe(400);
    expect(notObject.body.errors).toEqual([{ code: 'validation_error', field: '', detail: 'type' }]);
    const badJson = await t.asAdmin().post(W, '{"name": ');
    expect(badJson.status).toBe(400);
    expect(badJson.body.errors[0].code).toBe('invalid_json');
    const text = await t.asAdmin().post(W, 'name=x', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body.errors[0].code).toBe('unsupported_media_type');
  });

  it('answers 413 body_too_large above server.max_body_size', async () => {
    const res = await t.asAdmin().post(W, { name: 'x'.repeat(1024 * 1024 + 10), code: newCode() });
    expect(res.status).toBe(413);
    expect(res.body.errors[0].code).toBe('body_too_large');
  });
});

describe('GET /api/v1/admin/warehouses', () => {
  it('pages with meta, filters by active and clamps limit to 200', async () => {
    const inactive = await createWarehouse({ active: false, name: 'Closed' });
    const all = await t.asAdmin().get(`${W}?limit=500`);
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ total: all.body.data.length, page: 1, limit: 200, pages: 1 });

    const onlyInactive = await t.asAdmin().get(`${W}?active=false`);
    expect(onlyInactive.body.data.map((w: { id: string }) => w.id)).toContain(inactive.id);
    expect(onlyInactive.body.data.every((w: { active: boolean }) => !w.active)).toBe(true);

    const page2 = await t.asAdmin().get(`${W}?limit=1&page=2`);
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.meta).toMatchObject({
      page: 2,
      limit: 1,
      total: all.body.meta.total,
      pages: all.body.meta.total,
    });
  });

  it('rejects page and limit below 1 and non-numeric values', async () => {
    const res = await t.asAdmin().get(`${W}?page=0&limit=0`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { code: 'validation_error', field: 'page', detail: 'min' },
      { code: 'validation_error', field: 'limit', detail: 'min' },
    ]);
    const nan = await t.asAdmin().get(`${W}?page=abc&active=maybe`);
    expect(nan.status).toBe(400);
    expect(nan.body.errors).toEqual([
      { code: 'validation_error', field: 'page', detail: 'type' },
      { code: 'validation_error', field: 'active', detail: 'type' },
    ]);
  });

  it('answers an empty list as [] with pages 0', async () => {
    const res = await t.asAdmin().get(`${W}?page=999`);
    expect(res.body.data).toEqual([]);
  });
});

describe('GET/PUT/DELETE /api/v1/admin/warehouses/{id}', () => {
  it('reads, updates only the given fields, and keeps created_at', async () => {
    const w = await createWarehouse({ city: 'Hamburg', priority: 3 });
    const read = await t.asAdmin().get(`${W}/${w.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(w);

    const put = await t.asAdmin().put(`${W}/${w.id}`, { name: 'Renamed', allow_negative_stock: true });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      name: 'Renamed',
      allow_negative_stock: true,
      city: 'Hamburg',
      priority: 3,
      code: w.code,
      created_at: w.created_at,
    });
  });

  it('answers 409 when an update takes another warehouse code, 400 for an explicit null name', async () => {
    const a = await createWarehouse();
    const b = await createWarehouse();
    const dup = await t.asAdmin().put(`${W}/${b.id}`, { code: a.code });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].code).toBe('duplicate_code');
    const nul = await t.asAdmin().put(`${W}/${b.id}`, { name: null });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([{ code: 'validation_error', field: 'name', detail: 'required' }]);
  });

  it('answers 404 not_found for a missing id and 400 uuid for a malformed one', async () => {
    const missing = await t.asAdmin().get(`${W}/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errors: [{ code: 'not_found', detail: 'warehouse not found' }] });
    const bad = await t.asAdmin().get(`${W}/not-a-uuid`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ code: 'validation_error', field: 'id', detail: 'uuid' }]);
    for (const res of [
      await t.asAdmin().put(`${W}/00000000-0000-4000-8000-000000000000`, { name: 'x' }),
      await t.asAdmin().delete(`${W}/00000000-0000-4000-8000-000000000000`),
    ]) {
      expect(res.status).toBe(404);
    }
  });

  it('deletes with 204, cascading to stock entries but keeping movements', async () => {
    const w = await createWarehouse();
    const product = await createProduct(t.db);
    await t.asAdmin().put(`${W}/${w.id}/stock`, { items: [{ product_id: product.id, quantity: 5 }] });
    expect((await t.db.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(5);

    const del = await t.asAdmin().delete(`${W}/${w.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect(await t.db.stockEntry.count({ where: { warehouseId: w.id } })).toBe(0);
    const movements = await t.db.stockMovement.findMany({ where: { productId: product.id } });
    expect(movements).toHaveLength(1);
    expect(movements[0].warehouseId).toBeNull();
    expect((await t.db.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(0);
    expect((await t.asAdmin().get(`${W}/${w.id}`)).status).toBe(404);
  });
});

describe('stock routes', () => {
  it('sets stock (upsert), records adjustment movements and keeps the denormalized stock equal to active warehouses', async () => {
    const a = await createWarehouse({ priority: 1 });
    const b = await createWarehouse({ priority: 2 });
    const product = await createProduct(t.db, { name: 'Shirt', sku: `SHIRT-${seq++}`, variants: [{}, {}] });
    const [v1, v2] = product.variants;

    const set = await t.asAdmin().put(`${W}/${a.id}/stock`, {
      items: [
        { product_id: product.id, quantity: 4, reference: 'initial count' },
        { product_id: product.id, variant_id: v1.id, quantity: 10 },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toHaveLength(2);
    const productEntry = set.body.data.find((e: { variant_id: string | null }) => e.variant_id === null);
    expect(productEntry).toEqual({
      id: expect.any(String),
      warehouse_id: a.id,
      product_id: product.id,
      variant_id: null,
      quantity: 4,
      warehouse_name: a.name,
      warehouse_code: a.code,
      product_sku: product.sku,
      product_name: 'Shirt',
      variant_sku: '',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(set.body.data.find((e: { variant_id: string | null }) => e.variant_id === v1.id).variant_sku).toBe(v1.sku);

    await t.asAdmin().put(`${W}/${b.id}/stock`, {
      items: [
        { product_id: product.id, variant_id: v1.id, quantity: 3 },
        { product_id: product.id, variant_id: v2.id, quantity: 2 },
      ],
    });
    // Upsert: setting again replaces the quantity and records the signed change.
    await t
      .asAdmin()
      .put(`${W}/${a.id}/stock`, { items: [{ product_id: product.id, variant_id: v1.id, quantity: 7 }] });

    const totals = async () => ({
      product: (await t.db.product.findUniqueOrThrow({ where: { id: product.id } })).stock,
      v1: (await t.db.productVariant.findUniqueOrThrow({ where: { id: v1.id } })).stock,
      v2: (await t.db.productVariant.findUniqueOrThrow({ where: { id: v2.id } })).stock,
    });
    expect(await totals()).toEqual({ product: 4 + 7 + 3 + 2, v1: 10, v2: 2 });

    // Deactivating a warehouse takes its stock out of the totals; reactivating puts it back.
    await t.asAdmin().put(`${W}/${b.id}`, { active: false });
    expect(await totals()).toEqual({ product: 11, v1: 7, v2: 0 });
    await t.asAdmin().put(`${W}/${b.id}`, { active: true });
    expect(await totals()).toEqual({ product: 16, v1: 10, v2: 2 });

    const byWarehouse = await t.asAdmin().get(`${W}/${a.id}/stock`);
    expect(byWarehouse.status).toBe(200);
    expect(byWarehouse.body.data.map((e: { quantity: number }) => e.quantity).sort()).toEqual([4, 7]);

    const byProduct = await t.asAdmin().get(`/api/v1/admin/products/${product.id}/stock`);
    expect(byProduct.status).toBe(200);
    expect(byProduct.body.data).toHaveLength(4);
    expect(byProduct.body.data[0].warehouse_id).toBe(a.id);

    const moves = await t.asAdmin().get(`${W}/${a.id}/movements`);
    expect(moves.status).toBe(200);
    expect(moves.body.meta.total).toBe(3);
    expect(moves.body.data[0]).toMatchObject({ type: 'adjustment', quantity: -3, variant_id: v1.id, order_id: null });
    expect(moves.body.data.find((m: { reference: string | null }) => m.reference === 'initial count')).toMatchObject({
      quantity: 4,
    });
    const productMoves = await t.asAdmin().get(`/api/v1/admin/products/${product.id}/movements?limit=2`);
    expect(productMoves.body.meta).toEqual({ total: 5, page: 1, limit: 2, pages: 3 });
  });

  it('writes nothing when one item is bad: 404 for an unknown product or variant, 400 for negative quantities', async () => {
    const w = await createWarehouse();
    const product = await createProduct(t.db);
    const other = await createProduct(t.db, { variants: [{}] });
    const unknown = await t.asAdmin().put(`${W}/${w.id}/stock`, {
      items: [
        { product_id: product.id, quantity: 1 },
        { product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 },
      ],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual([
      { code: 'not_found', detail: 'product not found', field: 'items[1].product_id' },
    ]);
    const foreignVariant = await t.asAdmin().put(`${W}/${w.id}/stock`, {
      items: [{ product_id: product.id, variant_id: other.variants[0].id, quantity: 1 }],
    });
    expect(foreignVariant.status).toBe(404);
    expect(foreignVariant.body.errors[0].detail).toBe('variant not found');
    const negative = await t
      .asAdmin()
      .put(`${W}/${w.id}/stock`, { items: [{ product_id: product.id, quantity: -1 }, { quantity: 2 }] });
    expect(negative.status).toBe(400);
    expect(negative.body.errors).toEqual([
      { code: 'validation_error', field: 'items[0].quantity', detail: 'min' },
      { code: 'validation_error', field: 'items[1].product_id', detail: 'required' },
    ]);
    expect(await t.db.stockEntry.count({ where: { warehouseId: w.id } })).toBe(0);
    expect(await t.db.stockMovement.count({ where: { warehouseId: w.id } })).toBe(0);

    const noWarehouse = await t
      .asAdmin()
      .put(`${W}/00000000-0000-4000-8000-000000000000/stock`, { items: [{ product_id: product.id, quantity: 1 }] });
    expect(noWarehouse.status).toBe(404);
    expect(noWarehouse.body.errors[0].detail).toBe('warehouse not found');
    expect((await t.asAdmin().get(`/api/v1/admin/products/00000000-0000-4000-8000-000000000000/stock`)).status).toBe(
      404,
    );
  });

  it('lists stock with a constant number of SQL statements whatever its size', async () => {
    const counts: number[] = [];
    for (const size of [2, 12]) {
      const w = await createWarehouse();
      const items = [];
      for (let i = 0; i < size; i++) {
        const p = await createProduct(t.db, { variants: [{}] });
        items.push({ product_id: p.id, quantity: i }, { product_id: p.id, variant_id: p.variants[0].id, quantity: i });
      }
      expect((await t.asAdmin().put(`${W}/${w.id}/stock`, { items })).status).toBe(200);
      const res = await t.asAdmin().get(`${W}/${w.id}/stock`);
      expect(res.body.data).toHaveLength(size * 2);
      counts.push(t.sqlCount(res.requestId));
    }
    expect(counts[1]).toBe(counts[0]);
    // 6 for the list, plus the account check every authenticated request makes (src/auth/resolve-actor.ts).
    expect(counts[0]).toBeLessThanOrEqual(7);
  });
});

describe('access', () => {
  it('needs credentials (401), a staff role (403) and inventory permissions; managers may update stock', async () => {
    const anon = await t.asGuest().get(W);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ errors: [{ code: 'unauthorized', detail: 'missing authorization header' }] });
    const customer = await t.asCustomer().get(W);
    expect(customer.status).toBe(403);
    expect(customer.body.errors[0].code).toBe('forbidden');
    const manager = await t.asManager().post(W, { name: 'M', code: newCode() });
    expect(manager.status).toBe(201);
    const badToken = await t.as({ kind: 'header', authorization: 'Bearer not.a.token' }).get(W);
    expect(badToken.status).toBe(401);
  });
});
