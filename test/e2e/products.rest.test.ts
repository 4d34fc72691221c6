import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const P = '/api/v1/admin/products';
let seq = 0;
const uid = () => `${Date.now().toString(36)}${seq++}`;

async function createProduct(body: Record<string, unknown> = {}) {
  const n = uid();
  const res = await t.asAdmin().post(P, {
    currency: 'EUR',
    sku: `SKU-${n}`,
    translations: [{ locale: 'en', name: `Product ${n}`, slug: `product-${n}` }],
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('products: create, read, update, delete', () => {
  it('creates with translations, categories and tags and answers 201 with the spec shape', async () => {
    const cat = await t.db.category.create({
      data: { translations: { create: [{ locale: 'en', name: 'Shoes', slug: `shoes-${uid()}` }] } },
    });
    const tag = await t.db.tag.create({ data: { name: 'Sale', slug: `sale-${uid()}` } });
    const res = await t.asAdmin().post(P, {
      sku: 'TSHIRT-1',
      currency: 'EUR',
      price_gross: 1999,
      price_net: 1680,
      weight: 200,
      custom_fields: { fit: 'slim' },
      metadata: { erp: 7 },
      translations: [
        { locale: 'en', name: 'T-Shirt', slug: 't-shirt', meta_title: 'Tee' },
        { locale: 'de', name: 'Hemd', slug: 'hemd' },
      ],
      category_ids: [cat.id],
      tag_ids: [tag.id],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      sku: 'TSHIRT-1',
      active: false,
      currency: 'EUR',
      price_gross: 1999,
      price_net: 1680,
      stock: 0,
      weight: 200,
      has_variants: false,
      custom_fields: { fit: 'slim' },
      metadata: { erp: 7 },
      categories: [cat.id],
      tags: [tag.id],
      media: [],
      variants: [],
      translations: [
        { locale: 'de', name: 'Hemd', slug: 'hemd', description: null, meta_title: null, meta_description: null },
        {
          locale: 'en',
          name: 'T-Shirt',
          slug: 't-shirt',
          description: null,
          meta_title: 'Tee',
          meta_description: null,
        },
      ],
    });
    const read = await t.asAdmin().get(`${P}/${res.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(res.body.data);
  });

  it('requires currency and at least one translation', async () => {
    const res = await t.asAdmin().post(P, { sku: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { code: 'validation_error', field: 'currency', detail: 'required' },
        { code: 'validation_error', field: 'translations', detail: 'required' },
      ]),
    );
    const empty = await t.asAdmin().post(P, { currency: 'EUR', translations: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ field: 'translations', detail: 'required' });
  });

  it('takes translation locales as BCP 47 tags (products, categories, property groups), nothing else', async () => {
    const admin = t.asAdmin();
    const product = await admin.post(P, {
      currency: 'EUR',
      translations: [{ locale: 'English', name: 'X', slug: `bcp-${Date.now()}` }],
    });
    expect(product.status).toBe(400);
    expect(product.body.errors).toEqual([
      { code: 'validation_error', field: 'translations[0].locale', detail: 'pattern' },
    ]);
    const category = await admin.post('/api/v1/admin/categories', {
      translations: [{ locale: 'de_DE', name: 'X', slug: `bcp-${Date.now()}` }],
    });
    expect(category.status).toBe(400);
    expect(category.body.errors).toEqual([
      { code: 'validation_error', field: 'translations[0].locale', detail: 'pattern' },
    ]);
    const group = await admin.post('/api/v1/admin/property-groups', {
      identifier: `bcp-${Date.now()}`,
      translations: [{ locale: 'EN', name: 'Size' }],
    });
    expect(group.status).toBe(400);
    expect(group.body.errors).toEqual(
      expect.arrayContaining([{ code: 'validation_error', field: 'translations[0].locale', detail: 'pattern' }]),
    );
    const fine = await admin.post(P, {
      currency: 'EUR',
      translations: [{ locale: 'pt-BR', name: 'X', slug: `bcp-ok-${Date.now()}` }],
    });
    expect(fine.status).toBe(201);
  });

  it('answers 409 duplicate_sku and duplicate_slug, 404 for unknown category ids', async () => {
    const p = await createProduct();
    const dupSku = await t
      .asAdmin()
      .post(P, { currency: 'EUR', sku: p.sku, translations: [{ locale: 'en', name: 'x', slug: `x-${uid()}` }] });
    expect(dupSku.status).toBe(409);
    expect(dupSku.body.errors[0].code).toBe('duplicate_sku');
    const dupSlug = await t
      .asAdmin()
      .post(P, { currency: 'EUR', translations: [{ locale: 'en', name: 'x', slug: p.translations[0].slug }] });
    expect(dupSlug.status).toBe(409);
    expect(dupSlug.body.errors[0].code).toBe('duplicate_slug');
    const missing = await t.asAdmin().post(P, {
      currency: 'EUR',
      translations: [{ locale: 'en', name: 'x', slug: `y-${uid()}` }],
      category_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({ code: 'not_found', field: 'category_ids' });
  });

  it('updates only the provided fields; media_ids replaces the ordered list', async () => {
    const p = await createProduct({ price_gross: 500, weight: 10 });
    const m1 = await t.db.media.create({
      data: { filename: 'a.png', mimeType: 'image/png', size: 1, storageKey: `2026/01/aaaaaaaa-${uid()}.png` },
    });
    const m2 = await t.db.media.create({
      data: { filename: 'b.png', mimeType: 'image/png', size: 1, storageKey: `2026/01/bbbbbbbb-${uid()}.png` },
    });
    const res = await t.asAdmin().put(`${P}/${p.id}`, {
      price_gross: 700,
      media_ids: [m2.id, m1.id],
      translations: [{ locale: 'fr', name: 'Produit', slug: `produit-${uid()}` }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ price_gross: 700, weight: 10, sku: p.sku });
    expect(res.body.data.media).toEqual([
      { media_id: m2.id, position: 0, url: `/uploads/${m2.storageKey}` },
      { media_id: m1.id, position: 1, url: `/uploads/${m1.storageKey}` },
    ]);
    expect(res.body.data.translations.map((tr: { locale: string }) => tr.locale)).toEqual(['en', 'fr']);
    const again = await t.asAdmin().put(`${P}/${p.id}`, { media_ids: [m1.id] });
    expect(again.body.data.media.map((m: { media_id: string }) => m.media_id)).toEqual([m1.id]);
    expect((await t.asAdmin().put(`${P}/${p.id}`, { active: null })).status).toBe(400);
  });

  it('creates with media_ids in the given order; unknown media ids are 404 and nothing is created', async () => {
    const m1 = await t.db.media.create({
      data: { filename: 'a.png', mimeType: 'image/png', size: 1, storageKey: `2026/01/cccccccc-${uid()}.png` },
    });
    const m2 = await t.db.media.create({
      data: { filename: 'b.png', mimeType: 'image/png', size: 1, storageKey: `2026/01/dddddddd-${uid()}.png` },
    });
    const p = await createProduct({ media_ids: [m2.id, m1.id] });
    expect(p.media).toEqual([
      { media_id: m2.id, position: 0, url: `/uploads/${m2.storageKey}` },
      { media_id: m1.id, position: 1, url: `/uploads/${m1.storageKey}` },
    ]);
    const sku = `SKU-${uid()}`;
    const missing = await t.asAdmin().post(P, {
      currency: 'EUR',
      sku,
      translations: [{ locale: 'en', name: 'x', slug: `z-${uid()}` }],
      media_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({ code: 'not_found', field: 'media_ids' });
    expect(await t.db.product.count({ where: { sku } })).toBe(0);
  });

  it('deletes with 204 and then answers 404', async () => {
    const p = await createProduct();
    expect((await t.asAdmin().delete(`${P}/${p.id}`)).status).toBe(204);
    expect((await t.asAdmin().get(`${P}/${p.id}`)).status).toBe(404);
    expect((await t.asAdmin().delete(`${P}/${p.id}`)).status).toBe(404);
  });

  it('needs products permissions: guests 401, customers 403, managers cannot delete', async () => {
    expect((await t.asGuest().get(P)).status).toBe(401);
    expect((await t.asCustomer().get(P)).status).toBe(403);
    const p = await createProduct();
    expect((await t.asManager().get(`${P}/${p.id}`)).status).toBe(200);
    expect((await t.asManager().delete(`${P}/${p.id}`)).status).toBe(403);
  });
});

describe('product stock goes through inventory', () => {
  it('422 no_active_warehouse without a warehouse; with one, an entry and an adjustment movement are written', async () => {
    const n = uid();
    const none = await t
      .asAdmin()
      .post(P, { currency: 'EUR', stock: 5, translations: [{ locale: 'en', name: 'S', slug: `s-${n}` }] });
    expect(none.status).toBe(422);
    expect(none.body.errors[0]).toMatchObject({ code: 'no_active_warehouse', field: 'stock' });
    const second = await t.db.warehouse.create({ data: { name: 'B', code: `B-${n}`, priority: 2 } });
    const first = await t.db.warehouse.create({ data: { name: 'A', code: `A-${n}`, priority: 1 } });
    const p = await createProduct({ stock: 7 });
    expect(p.stock).toBe(7);
    const entries = await t.db.stockEntry.findMany({ where: { productId: p.id } });
    expect(entries).toEqual([expect.objectContaining({ warehouseId: first.id, variantId: null, quantity: 7 })]);
    expect(await t.db.stockMovement.count({ where: { productId: p.id, type: 'adjustment', quantity: 7 } })).toBe(1);
    const v = await t.asAdmin().post(`${P}/${p.id}/variants`, { sku: `V-${n}`, stock: 3 });
    expect(v.status).toBe(201);
    expect(v.body.data.stock).toBe(3);
    expect((await t.asAdmin().get(`${P}/${p.id}`)).body.data.stock).toBe(10);
    await t.db.warehouse.deleteMany({ where: { id: { in: [first.id, second.id] } } });
  });
});

describe('variants', () => {
  async function optionGroup(identifier: string, names: string[]) {
    return t.db.propertyGroup.create({
      data: {
        identifier: `${identifier}-${uid()}`,
        translations: { create: [{ locale: 'en', name: identifier }] },
        options: {
          create: names.map((name, position) => ({ position, translations: { create: [{ locale: 'en', name }] } })),
        },
      },
      include: { options: { orderBy: { position: 'asc' } } },
    });
  }

  it('creates a single variant inheriting prices, then updates and deletes it', async () => {
    const p = await createProduct({ price_gross: 1000, price_net: 840 });
    const color = await optionGroup('color', ['red']);
    const res = await t
      .asAdmin()
      .post(`${P}/${p.id}/variants`, { sku: `V-${uid()}`, price_gross: 0, option_ids: [color.options[0].id] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      price_gross: 1000,
      price_net: 840,
      active: true,
      option_ids: [color.options[0].id],
    });
    expect(res.body.data.options[0]).toMatchObject({
      id: color.options[0].id,
      property_group_id: color.id,
      translations: [{ locale: 'en', name: 'red' }],
    });
    const up = await t.asAdmin().put(`${P}/${p.id}/variants/${res.body.data.id}`, { price_gross: 1500, active: false });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ price_gross: 1500, price_net: 840, active: false });
    expect((await t.asAdmin().get(`${P}/${p.id}`)).body.data.has_variants).toBe(true);
    expect((await t.asAdmin().delete(`${P}/${p.id}/variants/${res.body.data.id}`)).status).toBe(204);
    expect((await t.asAdmin().delete(`${P}/${p.id}/variants/${res.body.data.id}`)).status).toBe(404);
    expect((await t.asAdmin().get(`${P}/${p.id}`)).body.data.has_variants).toBe(false);
  });

  it('creates the cartesian product of option_groups and answers 201 with an array', async () => {
    const p = await createProduct();
    const color = await optionGroup('color', ['red', 'blue']);
    const size = await optionGroup('size', ['S', 'M', 'L']);
    const res = await t.asAdmin().post(`${P}/${p.id}/variants`, {
      option_groups: [color.options.map((o) => o.id), size.options.map((o) => o.id)],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(6);
    const combos = res.body.data.map((v: { option_ids: string[] }) => [...v.option_ids].sort().join('+'));
    expect(new Set(combos).size).toBe(6);
    const bad = await t
      .asAdmin()
      .post(`${P}/${p.id}/variants`, { option_ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(bad.status).toBe(404);
    expect((await t.asAdmin().post(`${P}/00000000-0000-4000-8000-000000000000/variants`, {})).status).toBe(404);
  });

  it('names generated SKUs after the options (TEE-NAVY-XL), numbering only a clash', async () => {
    const p = await createProduct();
    const color = await optionGroup('color', ['Navy', 'Écru Blanc']);
    const size = await optionGroup('size', ['XL', 'xl']);
    const base = `TEE${uid()}`.toUpperCase();
    const res = await t.asAdmin().post(`${P}/${p.id}/variants`, {
      sku: base,
      option_groups: [color.options.map((o) => o.id), size.options.map((o) => o.id)],
    });
    expect(res.status).toBe(201);
    // "XL" and "xl" slugify alike: the second of each pair falls back to its combination's number.
    expect(res.body.data.map((v: { sku: string }) => v.sku)).toEqual([
      `${base}-NAVY-XL`,
      `${base}-2`,
      `${base}-ECRU-BLANC-XL`,
      `${base}-4`,
    ]);
    // A second generation on the same product skips the SKUs it already has.
    const again = await t.asAdmin().post(`${P}/${p.id}/variants`, {
      sku: base,
      option_groups: [[color.options[0].id], [size.options[0].id]],
    });
    expect(again.status).toBe(201);
    expect(again.body.data[0].sku).toBe(`${base}-1`);
  });
});
