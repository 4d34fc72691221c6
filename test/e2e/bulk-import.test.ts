import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';

import { useShop } from '../fixtures/use-shop';
import { eventually } from '../harness/webhook-receiver';

const { t } = useShop({ shop: false });
beforeAll(async () => {
  await t.db.warehouse.create({ data: { name: 'Main', code: 'MAIN' } });
});

const P = '/api/v1/admin/products';
let seq = 0;
const uid = () => `${Date.now().toString(36)}${seq++}`;

async function importCsv(csv: string, as = t.asAdmin()) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  const auth = await (as as unknown as { authorization(): Promise<string> }).authorization();
  const res = await fetch(`${t.url}${P}/import`, { method: 'POST', body: form, headers: { authorization: auth } });
  return { status: res.status, body: (await res.json()) as any };
}

describe('bulk create', () => {
  it('answers 207 with per-item results; options are resolved by name and created when missing', async () => {
    const n = uid();
    const res = await t.asAdmin().post(`${P}/bulk`, {
      products: [
        {
          sku: `B-${n}`,
          currency: 'EUR',
          price_gross: 1000,
          translations: [{ locale: 'en', name: 'Bulk', slug: `bulk-${n}` }],
          variants: [
            {
              sku: `B-${n}-1`,
              stock: 4,
              options: [
                { group_name: `Color ${n}`, option_name: 'Red' },
                { group_name: `Size ${n}`, option_name: 'M' },
              ],
            },
            {
              sku: `B-${n}-2`,
              options: [
                { group_name: `Color ${n}`, option_name: 'red' },
                { group_name: `Size ${n}`, option_name: 'L' },
              ],
            },
          ],
        },
        { sku: `B-${n}`, currency: 'EUR', translations: [{ locale: 'en', name: 'Dup', slug: `dup-${n}` }] },
      ],
    });
    expect(res.status).toBe(207);
    expect(res.body.data).toMatchObject({ total: 2, succeeded: 1, failed: 1 });
    expect(res.body.data.results[0]).toEqual({
      index: 0,
      sku: `B-${n}`,
      success: true,
      id: expect.any(String),
      errors: [],
    });
    expect(res.body.data.results[1]).toMatchObject({
      index: 1,
      success: false,
      id: null,
      errors: [expect.stringContaining('failed to create product')],
    });
    const product = (await t.asAdmin().get(`${P}/${res.body.data.results[0].id}`)).body.data;
    expect(product.variants).toHaveLength(2);
    expect(product.stock).toBe(4);
    // "Red" and "red" resolve to the same option; the group was created once.
    expect(product.variants[0].option_ids[0]).toBe(product.variants[1].option_ids[0]);
    expect(await t.db.propertyGroup.count({ where: { identifier: `color-${n}` } })).toBe(1);
    expect(await t.db.product.count({ where: { sku: `B-${n}` } })).toBe(1);
  });

  it('reports an item that does not validate as a failed result, and creates the others', async () => {
    const n = uid();
    const res = await t.asAdmin().post(`${P}/bulk`, {
      products: [
        { sku: `NV-${n}`, translations: [{ locale: 'en', name: 'No currency', slug: `nv-${n}` }] },
        { sku: `OK-${n}`, currency: 'EUR', translations: [{ locale: 'en', name: 'Fine', slug: `ok-${n}` }] },
        { sku: `NP-${n}`, currency: 'EUR', price_gross: -5, translations: [{ name: 'x' }] },
        'not an object',
      ],
    });
    expect(res.status).toBe(207);
    expect(res.body.data).toMatchObject({ total: 4, succeeded: 1, failed: 3 });
    expect(res.body.data.results).toEqual([
      {
        index: 0,
        sku: `NV-${n}`,
        success: false,
        id: null,
        errors: ['failed to create product', 'currency: required'],
      },
      { index: 1, sku: `OK-${n}`, success: true, id: expect.any(String), errors: [] },
      {
        index: 2,
        sku: `NP-${n}`,
        success: false,
        id: null,
        errors: expect.arrayContaining([
          'failed to create product',
          'price_gross: min',
          'translations[0].locale: required',
          'translations[0].slug: required',
        ]),
      },
      { index: 3, sku: null, success: false, id: null, errors: ['failed to create product', 'item: type'] },
    ]);
    expect(await t.db.product.count({ where: { sku: { in: [`NV-${n}`, `NP-${n}`] } } })).toBe(0);
  });

  it('rejects more than 250 products and needs products.create', async () => {
    const products = Array.from({ length: 251 }, (_, i) => ({
      currency: 'EUR',
      translations: [{ locale: 'en', name: 'x', slug: `x-${i}` }],
    }));
    const res = await t.asAdmin().post(`${P}/bulk`, { products });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'products', detail: 'max' });
    expect((await t.asCustomer().post(`${P}/bulk`, { products: [] })).status).toBe(403);
  });
});

describe('CSV import', () => {
  it('serves the template as text/csv with one product row and one variant row', async () => {
    const res = await t.asAdmin().get(`${P}/import/template`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = res.text.trim().split(/\r\n/);
    expect(lines[0]).toBe(
      'sku,active,price_net,price_gross,currency,tax_rule_id,stock,weight,locale,name,slug,description,meta_title,meta_description,category_ids,tag_ids,variant_sku,variant_active,variant_stock,variant_price_net,variant_price_gross,option_1_group,option_1_value,option_2_group,option_2_value,option_3_group,option_3_value',
    );
    expect(lines).toHaveLength(3);
    expect((await t.asGuest().get(`${P}/import/template`)).status).toBe(401);
  });

  it('imports the template itself', async () => {
    const template = (await t.asAdmin().get(`${P}/import/template`)).text;
    await t.db.product.deleteMany({ where: { sku: 'TSHIRT' } });
    const res = await importCsv(template);
    expect(res.status).toBe(207);
    expect(res.body.data).toMatchObject({ total: 1, succeeded: 1, failed: 0 });
  });

  it('creates, then upserts by SKU; variant rows follow their product; row errors name the row', async () => {
    const n = uid();
    const cat = await t.db.category.create({
      data: { translations: { create: [{ locale: 'en', name: 'C', slug: `c-${n}` }] } },
    });
    const csv = [
      'SKU,Name,Slug,Locale,Currency,Price_Gross,Active,Category_IDs,variant_sku,variant_stock,option_1_group,option_1_value',
      `I-${n},Imported,imported-${n},en,EUR,500,true,${cat.id},,,,`,
      `,,,,,,,,I-${n}-S,3,Size,S`,
      `,Importiert,importiert-${n},de,,,,,,,,`,
      `J-${n},Broken,broken-${n},en,EUR,abc,true,,,,,`,
      `K-${n},NoCurrency,nocur-${n},en,,100,true,,,,,`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(207);
    expect(res.body.data).toMatchObject({ total: 3, succeeded: 1, failed: 2 });
    expect(res.body.data.results[1]).toMatchObject({
      index: 1,
      sku: `J-${n}`,
      success: false,
      errors: ['row 5: price_gross must be an integer'],
    });
    expect(res.body.data.results[2].errors[0]).toMatch(/^row 6: currency/);
    const id = res.body.data.results[0].id;
    const product = (await t.asAdmin().get(`${P}/${id}`)).body.data;
    expect(product).toMatchObject({ sku: `I-${n}`, active: true, price_gross: 500, categories: [cat.id], stock: 3 });
    expect(product.translations.map((x: { locale: string }) => x.locale)).toEqual(['de', 'en']);
    expect(product.variants).toEqual([expect.objectContaining({ sku: `I-${n}-S`, stock: 3 })]);

    const again = await importCsv(
      [`sku,price_gross,variant_sku,variant_stock`, `I-${n},750,,`, `,,I-${n}-S,8`, `,,I-${n}-M,1`].join('\n'),
    );
    expect(again.body.data).toMatchObject({ succeeded: 1, results: [expect.objectContaining({ id })] });
    const updated = (await t.asAdmin().get(`${P}/${id}`)).body.data;
    expect(updated).toMatchObject({ price_gross: 750, active: true, stock: 9 });
    expect(updated.variants.map((v: { sku: string }) => v.sku)).toEqual([`I-${n}-S`, `I-${n}-M`]);
  });

  it('400 validation_error field file for a file that is not CSV or is missing', async () => {
    const res = await importCsv('\u0000\u0001binary');
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'validation_error', field: 'file' });
    expect((await importCsv('name,slug\nx,y')).status).toBe(400);
    const form = new FormData();
    form.append('other', 'x');
    const auth = await (t.asAdmin() as unknown as { authorization(): Promise<string> }).authorization();
    const missing = await fetch(`${t.url}${P}/import`, {
      method: 'POST',
      body: form,
      headers: { authorization: auth },
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as any).errors[0]).toMatchObject({ field: 'file', detail: 'required' });
  });
});

describe('CSV import bounds', () => {
  const header = 'sku,currency,locale,name,slug';
  // The temporary folder is shared with other test files (and jest's `process.env` is its own copy, so TMPDIR
  // can't move this server's uploads elsewhere): files that were there before a test are not its own.
  const uploadsInTmp = () => readdirSync(tmpdir()).filter((f) => f.startsWith('svc-upload-'));
  let before = new Set<string>();
  beforeEach(() => {
    before = new Set(uploadsInTmp());
  });
  // The server removes a request's upload when its response closes, which the client may see after the answer.
  const noUploadsLeft = () => eventually(() => uploadsInTmp().every((f) => before.has(f)), 2000);

  it('refuses more than 10,000 rows with 400 naming the limit, before importing anything', async () => {
    const n = uid();
    const rows = Array.from({ length: 10_001 }, (_, i) => `R-${n}-${i},EUR,en,Row ${i},row-${n}-${i}`);
    const res = await importCsv([header, ...rows].join('\n'));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'file', detail: 'max_items (at most 10000 rows)' });
    expect(await t.db.product.count({ where: { sku: { startsWith: `R-${n}-` } } })).toBe(0);
    await noUploadsLeft();
  });

  it('answers 413 for a file over 10 MB while reading it, and removes its temporary file', async () => {
    await noUploadsLeft();
    const big = `${header}\n${'x'.repeat(11 * 1024 * 1024)}`;
    const res = await importCsv(big);
    expect(res.status).toBe(413);
    expect(res.body.errors[0].code).toBe('body_too_large');
    await noUploadsLeft();
  });

  it('removes the temporary file when the client goes away mid-upload', async () => {
    await noUploadsLeft();
    const auth = await (t.asAdmin() as unknown as { authorization(): Promise<string> }).authorization();
    const boundary = 'svcboundary';
    const { port } = new URL(t.url);
    await new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: Number(port),
          method: 'POST',
          path: `${P}/import`,
          headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        },
        () => resolve(),
      );
      req.on('error', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\n\r\n`);
      req.write(`${header}\n${'x'.repeat(64 * 1024)}`);
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
      setTimeout(() => reject(new Error('timeout')), 5000).unref();
    });
    await noUploadsLeft();
  });
});
