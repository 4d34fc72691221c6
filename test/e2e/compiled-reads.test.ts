/**
 * Issue 28: a product list whose selection compiles is written by PostgreSQL (compiled-items.ts), and the answer
 * must be the very same bytes the resolvers write. Each selection below is sent twice to one server: as is
 * (compiled) and with `@include(if: true)` on `items`, which changes nothing in the answer but keeps the compiler
 * out (it compiles no directive), so the resolvers answer. The request log says which path ran, so a selection
 * that silently stopped compiling fails here too.
 */
import { captureLog } from '../harness/capture-log';
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
}, 60_000);
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
};
const FRAGMENTS = `fragment Card on Product { id translations { name } ... on Product { currency } }
  fragment VariantCard on Variant { id stock ... on Variant { active } }`;

/** The same selection, compiled and not: `@include(if: true)` on `items` keeps the compiler out. */
function queries(root: string, selection: string, args: string) {
  const uses = selection.includes('...Card') ? FRAGMENTS : '';
  const plain = selection.replace(/(^|\s)(\w+: )?items \{/, (m) => m.replace('items {', 'items @include(if: true) {'));
  const wrap = (s: string) => `query Q($categoryId: UUID) { list: ${root}(${args}) { ${s} } } ${uses}`;
  return { compiled: wrap(selection), plain: wrap(plain) };
}

async function bothWays(root: 'storeProducts' | 'products', selection: string, args: string) {
  const { compiled, plain } = queries(root, selection, args);
  const client = root === 'products' ? t.asAdmin() : t.asGuest();
  const a = await client.post('/graphql', { query: compiled, variables: { categoryId } });
  const b = await client.post('/graphql', { query: plain, variables: { categoryId } });
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

describe('selections the compiler leaves to the resolvers', () => {
  const ordinary = {
    'a field with arguments': 'items { id name(locale: "de") }',
    'media (URLs are made by the service)': 'items { id media { url } }',
    'custom fields (jsonb text differs)': 'items { id customFields }',
    'variant options': 'items { id variants { options { id } } }',
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

  it('REST and MCP read objects, never compiled text', async () => {
    const res = await t.asGuest().get(`/api/v1/store/products?category_id=${categoryId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toHaveLength(5);
    const line = captured.entries.find((e) => e.requestId === res.requestId && e.msg === 'request');
    expect(line?.compiledRead).toBeUndefined();
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
