/**
 * Issue 28: a product list whose selection compiles is written by PostgreSQL (compiled-items.ts), and the answer
 * must be the very same bytes the resolvers write. Each selection below is sent twice to one server: as is
 * (compiled) and with `@include(if: true)` on `items`, which changes nothing in the answer but keeps the compiler
 * out (it compiles no directive), so the resolvers answer. The request log says which path ran, so a selection
 * that silently stopped compiling fails here too. REST's list routes compile their operations the same way: their
 * bodies must be the envelope of what the resolvers answer to the same operation. A single product (by slug, by id)
 * is written whole by PostgreSQL too: the executor runs its field cut to `__typename` (graphql/spliced-objects.ts),
 * and a directive in its selection keeps it whole, so the resolvers answer.
 */
import { print } from 'graphql';

import {
  ProductDocument,
  ProductsDocument,
  StoreProductByIdDocument,
  StoreProductDocument,
  StoreProductsDocument,
} from '../../src/generated/graphql';
import { captureLog } from '../harness/capture-log';
import { callJson, connectMcp } from '../harness/mcp-client';
import { startTestServer, type TestServer } from '../harness/server';

let t: TestServer;
const captured = captureLog('info');
let categoryId: string;

beforeAll(async () => {
  t = await startTestServer({ 'cache.enabled': false }, { log: captured.log });
  const category = await t.db.category.create({
    data: { translations: { create: [{ locale: 'en', name: 'Compiled', slug: 'compiled-reads' }] } },
  });
  categoryId = category.id;
  const tag = await t.db.tag.create({ data: { name: 'compiled', slug: 'compiled' } });
  // Names that JSON escapes: quotes, backslashes, control characters, line separators, non-ASCII, emoji.
  const names = [
    'Plain',
    'Quote " and \\ backslash',
    'Line\nbreak\ttab\u0001ctl',
    'Sep\u2028\u2029 é ü 漢 😀',
    '</script>',
  ];
  for (const [i, name] of names.entries()) {
    await t.db.product.create({
      data: {
        sku: i === 2 ? null : `CR-${i}`,
        currency: 'EUR',
        active: true,
        priceGross: i === 3 ? null : 1000 + i,
        priceNet: 800 + i,
        weight: i % 2 ? 250 : null,
        translations: {
          create: [
            { locale: 'en', name, slug: `cr-${i}`, description: i % 2 ? `About ${name}` : null, metaTitle: 'T' },
            { locale: 'de', name: `${name} (de)`, slug: `cr-de-${i}` },
          ],
        },
        categories: { create: [{ categoryId }] },
        tags: i % 2 ? { create: [{ tagId: tag.id }] } : undefined,
        variants: {
          create: [0, 1, 2].map((j) => ({
            sku: `CR-${i}-${j}`,
            position: 2 - j,
            // Inactive variants: hidden by the store list, shown by the admin list.
            active: j !== 1,
            priceGross: j === 0 ? 0 : 1500 + j,
            priceNet: j === 2 ? null : 900 + j,
          })),
        },
      },
    });
  }
  // Microsecond timestamps, as PostgreSQL's now() writes them: the answer shows milliseconds either way.
  await t.db.$executeRaw`UPDATE products SET created_at = '2026-01-02 03:04:05.678999+00',
    updated_at = '2026-01-02 03:04:05.000501+00' WHERE sku = 'CR-1'`;
  await t.db.$executeRaw`UPDATE product_variants SET created_at = '2026-01-02 03:04:05.999999+00' WHERE sku = 'CR-1-0'`;
  await seedRelations();
}, 60_000);

/**
 * Every relation a product shows, with the values PostgreSQL's JSON writes differently from JavaScript: jsonb
 * custom fields (spacing, index keys first, 1e-7, 1e21, 1.50, a 17th digit), float attribute values, media keys an
 * S3 URL would encode, options whose groups tie on position, and names in two locales.
 */
async function seedRelations() {
  const products = await t.db.product.findMany({ where: { sku: { startsWith: 'CR-' } }, include: { variants: true } });
  const group = (identifier: string, position: number) =>
    t.db.propertyGroup.create({
      data: { identifier, position, translations: { create: [{ locale: 'en', name: identifier }] } },
    });
  // `color` and `b-axis` share a position: the identifier orders them.
  const groups = [await group('size', 2), await group('color', 1), await group('b-axis', 1)];
  const options = [];
  for (const [i, g] of groups.entries())
    options.push(
      await t.db.propertyOption.create({
        data: {
          propertyGroupId: g.id,
          position: 3 - i,
          colorHex: i === 1 ? '#ff0000' : null,
          translations: {
            create: [
              { locale: 'de', name: `${g.identifier} "de"` },
              { locale: 'en', name: `${g.identifier}\u2028en` },
            ],
          },
        },
      }),
    );
  const attribute = (identifier: string, type: 'text' | 'number' | 'multi_select' | 'boolean', position: number) =>
    t.db.attribute.create({
      data: {
        identifier,
        type,
        position,
        unit: type === 'number' ? 'g' : null,
        translations: {
          create: [
            { locale: 'en', name: `${identifier} (en)` },
            { locale: 'de', name: identifier },
          ],
        },
      },
    });
  const [material, weight, flags, organic] = [
    await attribute('material', 'text', 1),
    await attribute('weight-g', 'number', 0),
    await attribute('flags', 'multi_select', 1),
    await attribute('organic', 'boolean', 2),
  ];
  const media = [
    await t.db.media.create({
      data: { filename: 'a.png', mimeType: 'image/png', size: 1, storageKey: '2026/05/ab12cd34-photo.png' },
    }),
    await t.db.media.create({
      data: { filename: 'b.png', mimeType: 'image/png', size: 1, storageKey: '2026/05/ab12cd35-x y+é.png' },
    }),
  ];
  const numbers = [1e-7, 0.30000000000000004, 1e21, 44292430212272224, 12.5, -0.000001, 3];
  for (const [i, p] of products.entries()) {
    if (i === 0) continue; // one product without any relation
    await t.db.productAttributeValue.createMany({
      data: [
        { productId: p.id, attributeId: material.id, valueText: `Wool "${i}"\n` },
        { productId: p.id, attributeId: weight.id, valueNumeric: numbers[i % numbers.length] },
        { productId: p.id, attributeId: flags.id, optionIds: options.slice(0, i % 3).map((o) => o.id) },
        { productId: p.id, attributeId: organic.id, valueBoolean: i % 2 === 0 },
      ],
    });
    await t.db.productMedia.createMany({
      data: media.map((m, j) => ({ productId: p.id, mediaId: m.id, position: i % 2 ? j : 0 })),
    });
    for (const [j, v] of p.variants.entries()) {
      await t.db.variantOption.createMany({ data: options.map((o) => ({ variantId: v.id, optionId: o.id })) });
      if (j === 1) continue;
      await t.db.variantAttributeValue.createMany({
        data: [
          { variantId: v.id, attributeId: weight.id, valueNumeric: numbers[(i + j + 3) % numbers.length] },
          { variantId: v.id, attributeId: material.id, valueText: null },
        ],
      });
    }
  }
  // jsonb as the API writes it, and as an import or a hand-written statement could (1.50, 1e400, index keys).
  await t.db.product.update({
    where: { id: products[1].id },
    data: {
      customFields: { b: 1, '10': [1e-7, 1e21], '2': { '': 'x\n', z: null }, a: [true, 0.1] },
      metadata: { k: 'v' },
    },
  });
  await t.db
    .$executeRaw`UPDATE products SET custom_fields = '{"z": 1.50, "1": 1e400, "y": [1e-400, 0.00001, 123456789012345678901234], "01": "\\u00e9\\u0001"}'::jsonb
    WHERE id = ${products[2].id}::uuid`;
}
afterAll(() => t?.close());

const PRODUCT_FIELDS = `id sku active priceNet priceGross currency taxRuleId stock weight createdAt updatedAt
  hasVariants categories tags __typename`;
const SELECTIONS: Record<string, string> = {
  'Vendure-shaped': `items { id translations { locale name slug description } variants { id sku priceGross priceNet stock } }
    meta { total }`,
  'every compiled field': `items { ${PRODUCT_FIELDS}
      translations { locale name description slug metaTitle metaDescription __typename }
      variants { id productId sku priceGross priceNet stock active position createdAt updatedAt __typename } }
    meta { total page limit pages }`,
  'aliases, repeated fields and the list before its meta': `meta { total } __typename
    things: items { key: id id label: translations { n: name locale } sku
      variants { price: priceGross id } variants { sku } sku }`,
  'named and inline fragments': `items { ...Card ... on Product { stock variants { ...VariantCard } } id }`,
  'option ids alone, and options asked twice': `items { id variants { optionIds }
      more: variants { a: options { id } b: options { colorHex translations { name } } optionIds sku } }`,
  'every relation': `items { id customFields metadata
      media { mediaId position url __typename }
      attributes { ...Value }
      variants { id optionIds options { id propertyGroupId propertyGroupIdentifier position colorHex
          translations { locale name __typename } __typename }
        attributes { ...Value } } }
    meta { total }`,
};
const FRAGMENTS = `fragment Card on Product { id translations { name } ... on Product { currency } }
  fragment VariantCard on Variant { id stock ... on Variant { active } }`;
const VALUE = `fragment Value on AttributeValue { attributeId attributeIdentifier type unit valueText valueNumeric
  optionId optionIds valueBoolean translations { locale name } __typename }`;

/** The same selection, compiled and not: `@include(if: true)` on `items` keeps the compiler out. */
function queries(root: string, selection: string, args: string) {
  const uses = fragmentsFor(selection);
  const plain = selection.replace(/(^|\s)(\w+: )?items \{/, (m) => m.replace('items {', 'items @include(if: true) {'));
  const wrap = (s: string) => `query Q($categoryId: UUID) { list: ${root}(${args}) { ${s} } } ${uses}`;
  return { compiled: wrap(selection), plain: wrap(plain) };
}

async function bothWays(
  root: 'storeProducts' | 'products',
  selection: string,
  args: string,
  headers: Record<string, string> = {},
) {
  const { compiled, plain } = queries(root, selection, args);
  const client = root === 'products' ? t.asAdmin() : t.asGuest();
  return postBothWays(client, compiled, plain, { categoryId }, headers);
}

/** The fragments a selection spreads. */
const fragmentsFor = (selection: string) =>
  `${selection.includes('...Card') ? FRAGMENTS : ''}${selection.includes('...Value') ? VALUE : ''}`;

/** Sends the compiled and the whole form of one query; answers both texts and which path each request took. */
async function postBothWays(
  client: ReturnType<TestServer['asGuest']>,
  compiled: string,
  plain: string,
  variables: Record<string, unknown>,
  headers: Record<string, string>,
) {
  const a = await client.post('/graphql', { query: compiled, variables }, headers);
  const b = await client.post('/graphql', { query: plain, variables }, headers);
  expect([a.status, b.status]).toEqual([200, 200]);
  expect(a.body.errors).toBeUndefined();
  const paths = [a, b].map(
    (r) => captured.entries.find((e) => e.requestId === r.requestId && e.msg === 'request')?.compiledRead ?? false,
  );
  return { compiled: a.text, plain: b.text, paths };
}

describe('a compiled product list answers the same bytes as the resolvers', () => {
  for (const [name, selection] of Object.entries(SELECTIONS)) {
    it(`store list: ${name}`, async () => {
      const r = await bothWays('storeProducts', selection, 'categoryId: $categoryId, sort: SKU, order: ASC');
      expect(r.paths).toEqual([true, false]);
      expect(r.compiled).toBe(r.plain);
    });
  }

  it('admin list: every compiled field, inactive variants included, sorted by name', async () => {
    const r = await bothWays('products', SELECTIONS['every compiled field'], 'categoryId: $categoryId, sort: NAME');
    expect(r.paths).toEqual([true, false]);
    expect(r.compiled).toBe(r.plain);
    const items = JSON.parse(r.compiled).data.list.items;
    expect(items).toHaveLength(5);
    expect(items[0].variants).toHaveLength(3);
  });

  it('admin list: every relation, sorted by name', async () => {
    const r = await bothWays('products', SELECTIONS['every relation'], 'categoryId: $categoryId, sort: NAME');
    expect(r.paths).toEqual([true, false]);
    expect(r.compiled).toBe(r.plain);
    const items = JSON.parse(r.compiled).data.list.items as Array<Record<string, any>>;
    // What JavaScript writes, not jsonb's text: index keys first, no spaces, 1e-7 and 1e+21.
    expect(r.compiled).toContain('"customFields":{"2":{"":"x\\n","z":null},"10":[1e-7,1e+21],"a":[true,0.1],"b":1}');
    expect(r.compiled).toContain(
      '"customFields":{"1":null,"y":[0,0.00001,1.2345678901234569e+23],"z":1.5,"01":"é\\u0001"}',
    );
    expect(items.some((p) => p.attributes.some((a: { valueNumeric: number }) => a.valueNumeric === 1e21))).toBe(true);
    expect(r.compiled).toContain('"valueNumeric":1e+21,');
    expect(r.compiled).toContain('"valueNumeric":1e-7,');
  });

  it("names without a locale argument, in the request's locales", async () => {
    const selection = `items { id name slug description
      variants { options { id name } } attributes { attributeId name } } meta { total }`;
    const args = 'categoryId: $categoryId, sort: SKU, order: ASC';
    // No header (`en`, then the default locale), a locale some names have, one none has, and a ranked list.
    for (const language of [undefined, 'de', 'fr-CH', 'fr;q=0.5, de;q=0.9']) {
      const r = await bothWays('storeProducts', selection, args, language ? { 'accept-language': language } : {});
      expect(r.paths).toEqual([true, false]);
      expect(r.compiled).toBe(r.plain);
    }
    const de = await bothWays('storeProducts', selection, args, { 'accept-language': 'de' });
    const names = JSON.parse(de.compiled).data.list.items.map((p: { name: string }) => p.name);
    expect(names).toContain('Plain (de)');
    expect(de.compiled).toContain('"name":"size \\"de\\""');
  });

  it('pages past the end and the second page match too', async () => {
    for (const args of ['categoryId: $categoryId, limit: 2, page: 2', 'categoryId: $categoryId, limit: 2, page: 9']) {
      const r = await bothWays('storeProducts', SELECTIONS['Vendure-shaped'], args);
      expect(r.compiled).toBe(r.plain);
    }
  });

  it('writes what the selection asks for, in its order, escaped as JSON.stringify escapes', async () => {
    const r = await bothWays(
      'storeProducts',
      SELECTIONS['every compiled field'],
      'categoryId: $categoryId, sort: SKU, order: ASC',
    );
    const items = JSON.parse(r.compiled).data.list.items as Array<Record<string, any>>;
    const names = items.map((p) => p.translations.find((x: { locale: string }) => x.locale === 'en').name);
    expect(names).toContain('Line\nbreak\ttab\u0001ctl');
    expect(names).toContain('Sep\u2028\u2029 é ü 漢 😀');
    const one = items.find((p) => p.sku === 'CR-1')!;
    // Rounded to the millisecond, by both paths (PostgreSQL's to_char and the driver's parse agree).
    expect(one.createdAt).toBe('2026-01-02T03:04:05.679Z');
    expect(Object.keys(one).slice(0, 3)).toEqual(['id', 'sku', 'active']);
    // The store shows the two active variants, in position order, prices inherited where 0 or null.
    expect(one.variants.map((v: { sku: string }) => v.sku)).toEqual(['CR-1-2', 'CR-1-0']);
    expect(one.variants[1].priceGross).toBe(1001);
  });
});

/** A product field's selections: everything a product shows, and aliases with fragments. */
const PRODUCT_SELECTIONS: Record<string, string> = {
  'every field and relation': `${PRODUCT_FIELDS} customFields metadata name slug description
    translations { locale name description slug metaTitle metaDescription __typename }
    media { mediaId position url __typename } attributes { ...Value }
    variants { id productId sku priceGross priceNet stock active position createdAt updatedAt optionIds
      options { id propertyGroupIdentifier colorHex name translations { locale name } } attributes { ...Value } }`,
  'aliases and fragments': `key: id ...Card ... on Product { stock variants { ...VariantCard } } label: sku`,
};

/** One product read twice: compiled (cut), and whole (a directive on `id` keeps the compiler out). */
async function productBothWays(field: string, args: string, selection: string, headers: Record<string, string> = {}) {
  const wrap = (s: string) => `query P { one: ${field}(${args}) { ${s} } } ${fragmentsFor(selection)}`;
  const client = field === 'product' ? t.asAdmin() : t.asGuest();
  return postBothWays(client, wrap(`id ${selection}`), wrap(`id @include(if: true) ${selection}`), {}, headers);
}

describe('a compiled single product answers the same bytes as the resolvers', () => {
  const productId = async (sku: string) => (await t.db.product.findFirstOrThrow({ where: { sku } })).id;
  for (const [name, selection] of Object.entries(PRODUCT_SELECTIONS)) {
    it(`by slug, by id and the admin's product: ${name}`, async () => {
      const id = await productId('CR-1');
      for (const [field, args] of [
        ['storeProduct', 'slug: "cr-1"'],
        ['storeProductById', `id: "${id}"`],
        ['product', `id: "${id}"`],
      ]) {
        const r = await productBothWays(field, args, selection);
        expect(r.paths).toEqual([true, false]);
        expect(r.compiled).toBe(r.plain);
      }
    });
  }

  it('a slug in the requested locale, names in it; the store hides inactive variants, the admin shows them', async () => {
    const selection = PRODUCT_SELECTIONS['every field and relation'];
    const de = await productBothWays('storeProduct', 'slug: "cr-de-2"', selection, { 'accept-language': 'de' });
    expect(de.compiled).toBe(de.plain);
    expect(JSON.parse(de.compiled).data.one.name).toBe('Line\nbreak\ttab\u0001ctl (de)');
    const byArg = await productBothWays('storeProduct', 'slug: "cr-de-3", locale: "de"', selection);
    expect(byArg.paths).toEqual([true, false]);
    expect(byArg.compiled).toBe(byArg.plain);
    const id = await productId('CR-1');
    const store = await productBothWays('storeProductById', `id: "${id}"`, 'variants { sku }');
    const admin = await productBothWays('product', `id: "${id}"`, 'variants { sku }');
    expect(JSON.parse(store.compiled).data.one.variants).toHaveLength(2);
    expect(JSON.parse(admin.compiled).data.one.variants).toHaveLength(3);
    expect(admin.compiled).toBe(admin.plain);
  });

  it('an unknown slug and an inactive product are not_found, as the resolvers answer', async () => {
    const inactive = await t.db.product.create({
      data: {
        sku: 'CR-OFF',
        currency: 'EUR',
        active: false,
        translations: { create: [{ locale: 'en', name: 'Off', slug: 'cr-off' }] },
      },
    });
    for (const query of [
      '{ one: storeProduct(slug: "cr-none") { id sku } }',
      '{ one: storeProduct(slug: "cr-off") { id sku } }',
      `{ one: storeProductById(id: "${inactive.id}") { id sku } }`,
    ]) {
      const res = await t.asGuest().post('/graphql', { query });
      expect(res.body.data).toBeNull();
      expect(res.body.errors[0].extensions.code).toBe('not_found');
    }
    const admin = await productBothWays('product', `id: "${inactive.id}"`, 'sku active');
    expect(admin.compiled).toBe(admin.plain);
    expect(JSON.parse(admin.compiled).data.one.active).toBe(false);
    await t.db.product.delete({ where: { id: inactive.id } });
  });

  it("REST's product routes answer compiled, the envelope of the resolvers' answer; MCP reads objects", async () => {
    const id = await productId('CR-3');
    const routes = [
      { path: '/api/v1/store/products/cr-3', operation: StoreProductDocument, variables: { slug: 'cr-3' } },
      { path: `/api/v1/store/products/id/${id}`, operation: StoreProductByIdDocument, variables: { id } },
      { path: `/api/v1/admin/products/${id}`, operation: ProductDocument, variables: { id }, admin: true },
    ];
    for (const route of routes) {
      const client = route.admin ? t.asAdmin() : t.asGuest();
      const rest = await client.get(route.path);
      expect(rest.status).toBe(200);
      // The operation's first field of the product, under a directive: the resolvers answer.
      const whole = print(route.operation).replace(/\{\s*(\.\.\.\w+|id)/, (m) => `${m} @include(if: true)`);
      const plain = await client.post('/graphql', { query: whole, variables: route.variables });
      expect(plain.body.errors).toBeUndefined();
      const [product] = Object.values(plain.body.data as Record<string, unknown>);
      expect(rest.text).toBe(JSON.stringify({ data: product }));
      const lines = [rest, plain].map((r) =>
        captured.entries.find((e) => e.requestId === r.requestId && e.msg === 'request'),
      );
      expect(lines.map((l) => l?.compiledRead ?? false)).toEqual([true, false]);
    }
    const client = await connectMcp(t.url, 'store');
    try {
      const page = await t.asGuest().get(`/api/v1/store/products/id/${id}`);
      const read = await callJson(client, 'store_get_product', { product_id: id });
      expect(read.isError).toBe(false);
      expect(read.body).toEqual(page.body.data);
    } finally {
      await client.close();
    }
  });
});

describe('selections the compiler leaves to the resolvers', () => {
  const ordinary = {
    'a field with arguments': 'items { id name(locale: "de") }',
    'an option name in a locale': 'items { id variants { options { name(locale: "de") } } }',
    'an attribute name in a locale': 'items { id attributes { name(locale: "en") } }',
    'an alias longer than PostgreSQL names': `items { ${'a'.repeat(70)}: id }`,
  };
  for (const [name, selection] of Object.entries(ordinary)) {
    it(name, async () => {
      const res = await t.asGuest().post('/graphql', {
        query: `query Q($categoryId: UUID) { storeProducts(categoryId: $categoryId) { ${selection} } }`,
        variables: { categoryId },
      });
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.storeProducts.items).toHaveLength(5);
      const line = captured.entries.find((e) => e.requestId === res.requestId && e.msg === 'request');
      expect(line?.compiledRead).toBeUndefined();
    });
  }
});

describe("REST's list routes answer compiled, the same bytes as the resolvers' envelope", () => {
  const routes = [
    { path: '/api/v1/store/products', operation: StoreProductsDocument, root: 'storeProducts', admin: false },
    { path: '/api/v1/admin/products', operation: ProductsDocument, root: 'products', admin: true },
  ] as const;
  for (const route of routes) {
    it(`${route.path}: the full spec body`, async () => {
      const client = route.admin ? t.asAdmin() : t.asGuest();
      const rest = await client.get(`${route.path}?category_id=${categoryId}&limit=3&page=2`);
      expect(rest.status).toBe(200);
      const plain = await client.post('/graphql', {
        query: print(route.operation).replace('items {', 'items @include(if: true) {'),
        variables: { categoryId, limit: 3, page: 2 },
      });
      expect(plain.body.errors).toBeUndefined();
      const { items, meta } = plain.body.data[route.root];
      expect(items).toHaveLength(2);
      expect(rest.text).toBe(JSON.stringify({ data: { items }, meta }));
      const lines = [rest, plain].map((r) =>
        captured.entries.find((e) => e.requestId === r.requestId && e.msg === 'request'),
      );
      expect(lines.map((l) => l?.compiledRead ?? false)).toEqual([true, false]);
      // The relations are there (not an empty compiled list): media, attributes and options.
      const one = rest.body.data.items.find((p: { media: unknown[] }) => p.media.length);
      expect(one.media[1].url).toBe('/uploads/2026/05/ab12cd35-x y+é.png');
      expect(
        one.variants[0].options.map((o: { property_group_identifier: string }) => o.property_group_identifier),
      ).toEqual(['b-axis', 'color', 'size']);
    });
  }

  it('a page past the end; MCP reads the same route as objects, never compiled text', async () => {
    const rest = await t.asGuest().get(`/api/v1/store/products?category_id=${categoryId}&page=9`);
    expect(rest.text).toBe(JSON.stringify({ data: { items: [] }, meta: rest.body.meta }));
    expect(rest.body.meta.total).toBe(5);
    // The MCP tool runs the same route without a text writer: compiled text would leave its items empty.
    const page = await t.asGuest().get(`/api/v1/store/products?category_id=${categoryId}`);
    const client = await connectMcp(t.url, 'store');
    try {
      const listed = await callJson(client, 'store_list_products', { category_id: categoryId });
      expect(listed.isError).toBe(false);
      expect(listed.body.items).toHaveLength(5);
      expect(listed.body.items).toEqual(page.body.data.items);
    } finally {
      await client.close();
    }
  });
});

describe('graphql.compiled_reads off', () => {
  it('answers every selection through the resolvers', async () => {
    const log = captureLog('info');
    const off = await startTestServer({ 'cache.enabled': false, 'graphql.compiled_reads': false }, { log: log.log });
    try {
      await off.db.product.create({
        data: {
          sku: 'OFF-1',
          currency: 'EUR',
          active: true,
          translations: { create: [{ locale: 'en', name: 'Off', slug: 'off-1' }] },
        },
      });
      const res = await off.asGuest().post('/graphql', { query: '{ storeProducts { items { sku } meta { total } } }' });
      expect(res.text).toBe('{"data":{"storeProducts":{"items":[{"sku":"OFF-1"}],"meta":{"total":1}}}}\n');
      const line = log.entries.find((e) => e.requestId === res.requestId && e.msg === 'request');
      expect(line).toBeDefined();
      expect(line?.compiledRead).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
