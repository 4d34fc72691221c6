/** Malformed requests a client can send get a 4xx with the spec's envelope, never a 500, and write nothing. */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';

import { ADDRESS, createShop, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const W = '/api/v1/admin/warehouses';

describe('malformed input', () => {
  it('a malformed percent-escape in a path parameter is 400 naming the parameter', async () => {
    const res = await t.asAdmin().get('/api/v1/admin/products/%zz');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: 'validation_error', detail: 'invalid_encoding', field: 'id' }]);
  });

  it.each([
    ['a NUL byte', 'bad\u0000name'],
    ['a lone high surrogate', 'bad\ud800name'],
    ['a lone low surrogate', 'bad\udc00name'],
  ])('%s in a text field is 400 invalid_characters and nothing is written (REST and GraphQL)', async (_what, name) => {
    const code = `BAD-${Date.now().toString(36)}`;
    const res = await t.asAdmin().post(W, { name, code });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: 'validation_error', detail: 'invalid_characters', field: 'name' }]);
    const gql = await t
      .asAdmin()
      .gql('mutation ($input: WarehouseCreateInput!) { warehouseCreate(input: $input) { id } }', {
        input: { name, code },
      });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'validation_error', field: 'input.name' });
    expect(await t.db.warehouse.count({ where: { code } })).toBe(0);
  });

  it('a NUL byte inside a JSON field (custom fields, metadata) is 400 too', async () => {
    const res = await t.asAdmin().post('/api/v1/admin/products', {
      currency: 'EUR',
      sku: `NUL-${Date.now().toString(36)}`,
      translations: [{ locale: 'en', name: 'x', slug: `nul-${Date.now().toString(36)}` }],
      custom_fields: { note: 'a\u0000b' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'validation_error', detail: 'invalid_characters' });
  });

  it('a corrupt gzip body is 400, a valid gzip body works', async () => {
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    const corrupt = await t.asAdmin().request('POST', W, 'not gzip at all', headers);
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.errors[0].code).toBe('invalid_json');
    const body = gzipSync(JSON.stringify({ name: 'Zipped', code: `GZ-${Date.now().toString(36)}` }));
    expect((await t.asAdmin().request('POST', W, body, headers)).status).toBe(201);
  });
});

describe('explicit null, dates and numbers out of range', () => {
  const product = async () =>
    (
      await t.asAdmin().post('/api/v1/admin/products', {
        currency: 'EUR',
        sku: `N-${randomBytes(4).toString('hex')}`,
        price_gross: 990,
        custom_fields: { colour: 'red' },
        translations: [{ locale: 'en', name: 'Nullable', slug: `null-${randomBytes(4).toString('hex')}` }],
      })
    ).body.data;

  it('null clears an optional column (price, SKU, tax rule)', async () => {
    const p = await product();
    const res = await t.asAdmin().put(`/api/v1/admin/products/${p.id}`, { price_gross: null, sku: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ price_gross: null, sku: null });
  });

  it.each(['active', 'currency', 'custom_fields', 'metadata', 'translations', 'category_ids', 'media_ids'])(
    'null for %s (a required column, a JSON object or a list) is 400 required and changes nothing',
    async (field) => {
      const p = await product();
      const res = await t.asAdmin().put(`/api/v1/admin/products/${p.id}`, { [field]: null, price_gross: 1 });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ code: 'validation_error', detail: 'required', field }]);
      const after = await t.asAdmin().get(`/api/v1/admin/products/${p.id}`);
      expect(after.status).toBe(200);
      expect(after.body.data).toMatchObject({ price_gross: 990, custom_fields: { colour: 'red' } });
    },
  );

  it('null for a JSON field is refused over GraphQL too', async () => {
    const p = await product();
    const gql = await t
      .asAdmin()
      .gql('mutation ($id: UUID!, $input: ProductUpdateInput!) { productUpdate(id: $id, input: $input) { id } }', {
        id: p.id,
        input: { customFields: null },
      });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'validation_error', field: 'input.custom_fields' });
  });

  it.each(['0000-12-31T00:00:00Z', '-000001-01-01T00:00:00Z', '+010000-01-01T00:00:00.000Z'])(
    'a timestamp outside the years 0001-9999 (%s) is 400 out_of_range (REST and GraphQL)',
    async (date) => {
      const code = `D${randomBytes(3).toString('hex').toUpperCase()}`;
      const res = await t
        .asAdmin()
        .post('/api/v1/admin/discounts', { code, type: 'percentage', value: 100, valid_until: date });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ code: 'validation_error', detail: 'out_of_range', field: 'valid_until' }]);
      const gql = await t
        .asAdmin()
        .gql('mutation ($input: DiscountCodeCreateInput!) { discountCodeCreate(input: $input) { id } }', {
          input: { code, type: 'percentage', value: 100, validUntil: date },
        });
      expect(gql.status).toBe(400);
      expect(gql.errors?.[0].extensions).toMatchObject({ code: 'validation_error' });
      expect(await t.db.discountCode.count({ where: { code: code.toLowerCase() } })).toBe(0);
    },
  );

  it('a stock sum past the integer range is 400 out_of_range and writes no stock or movement', async () => {
    const shop = await createShop(t);
    const p = await stockedProduct(t, shop.warehouse.id, 2147483647);
    const other = (await t.asAdmin().post(W, { name: 'Second', code: `S-${randomBytes(3).toString('hex')}` })).body
      .data;
    const movements = await t.db.stockMovement.count({ where: { productId: p.id } });
    const res = await t
      .asAdmin()
      .put(`${W}/${other.id}/stock`, { items: [{ product_id: p.id, quantity: 2147483647 }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: 'validation_error', detail: 'out_of_range' }]);
    expect(await t.db.stockMovement.count({ where: { productId: p.id } })).toBe(movements);
    expect(await t.db.stockEntry.count({ where: { productId: p.id, warehouseId: other.id } })).toBe(0);
  });

  it('an order total past the integer range is 422 amount_out_of_range: no order, no stock taken', async () => {
    const shop = await createShop(t);
    const p = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 2_000_000_000 });
    const orders = await t.db.order.count();
    const res = await t.asGuest().post('/api/v1/store/checkout', {
      email: 'big@example.com',
      items: [{ product_id: p.id, quantity: 2 }],
      billing_address: ADDRESS,
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'amount_out_of_range' });
    expect(await t.db.order.count()).toBe(orders);
    expect((await t.db.stockEntry.findFirst({ where: { productId: p.id } }))?.quantity).toBe(5);
  });

  it.each(['compress', 'x-unknown', 'gzip, br'])('an unsupported Content-Encoding (%s) is 415', async (encoding) => {
    const code = `ENC-${randomBytes(3).toString('hex')}`;
    const res = await t.asAdmin().request('POST', W, JSON.stringify({ name: 'Enc', code }), {
      'content-type': 'application/json',
      'content-encoding': encoding,
    });
    expect(res.status).toBe(415);
    expect(res.body.errors[0].code).toBe('unsupported_media_type');
    expect(await t.db.warehouse.count({ where: { code } })).toBe(0);
  });
});

describe('body shape and free-form JSON fields (issue 24)', () => {
  it.each([
    ['null', 'null'],
    ['a number', '5'],
    ['a string', '"cart"'],
    ['an array', '[]'],
    ['an array of an object', '[{"currency":"EUR"}]'],
  ])('a JSON body of %s where an object is expected is 400 type on "", and nothing is written', async (_what, raw) => {
    const carts = await t.db.cart.count();
    const res = await t.asGuest().request('POST', '/api/v1/store/cart', raw, { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: 'validation_error', field: '', detail: 'type' }]);
    const admin = await t.asAdmin().request('POST', W, raw, { 'content-type': 'application/json' });
    expect(admin.body.errors).toEqual([{ code: 'validation_error', field: '', detail: 'type' }]);
    expect(await t.db.cart.count()).toBe(carts);
  });

  it('a route whose body is optional still takes no body, or {}', async () => {
    expect((await t.asGuest().request('POST', '/api/v1/store/cart')).status).toBe(201);
    expect((await t.asGuest().post('/api/v1/store/cart', {})).status).toBe(201);
  });

  it.each([false, true, [], [1, 2], 'text', 0, 12])(
    'custom_fields %j (not an object) is 400 type naming the field, over REST and GraphQL',
    async (value) => {
      const slug = `cf-${randomBytes(4).toString('hex')}`;
      const translations = [{ locale: 'en', name: 'CF', slug }];
      const res = await t.asAdmin().post('/api/v1/admin/categories', { translations, custom_fields: value });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ code: 'validation_error', field: 'custom_fields', detail: 'type' }]);
      const product = await t
        .asAdmin()
        .post('/api/v1/admin/products', { currency: 'EUR', translations, metadata: value, custom_fields: { a: 1 } });
      expect(product.body.errors).toEqual([{ code: 'validation_error', field: 'metadata', detail: 'type' }]);
      const gql = await t
        .asAdmin()
        .gql('mutation ($input: CategoryCreateInput!) { categoryCreate(input: $input) { id } }', {
          input: { translations, customFields: value },
        });
      expect(gql.errors?.[0].extensions).toMatchObject({ code: 'validation_error', field: 'input.custom_fields' });
      expect(await t.db.categoryTranslation.count({ where: { slug } })).toBe(0);
      // An object (with nested lists inside) is what the field takes.
      const ok = await t.asAdmin().post('/api/v1/admin/categories', { translations, custom_fields: { tags: [1, 2] } });
      expect(ok.status).toBe(201);
      expect(ok.body.data.custom_fields).toEqual({ tags: [1, 2] });
    },
  );
});
