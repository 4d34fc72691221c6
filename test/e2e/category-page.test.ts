import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { seedRichProducts } from '../fixtures/catalog-rich';
import { captureLog } from '../harness/capture-log';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * Issue 50: the storefront's category page is one request to the service (`storeCategory(slug)` beside
 * `storeProducts(categorySlug)`, the storefront's own StorefrontCategory document), and a product page's option
 * legends are the groups' names in the request's locale (`VariantOptionRef.groupName`). Neither may cost
 * statements that grow with the page.
 */
let t: TestServer;
const captured = captureLog('info');
// Statement counts measure the database work of a page: the response cache would answer repeats with none.
beforeAll(async () => {
  t = await startTestServer({ 'cache.enabled': false }, { log: captured.log });
}, 60_000);
afterAll(() => t?.close());

/** The storefront's operations, as it sends them (one document; the operation is chosen by name). */
const STOREFRONT_CATALOG = readFileSync(join(__dirname, '../../storefront/operations/catalog.graphql'), 'utf8');

let small: Awaited<ReturnType<typeof seedRichProducts>>;
let large: Awaited<ReturnType<typeof seedRichProducts>>;
/** A category above `small`'s, with an English and a German slug. */
let parent: { id: string; en: string; de: string };

beforeAll(async () => {
  small = await seedRichProducts(t.db, 5);
  large = await seedRichProducts(t.db, 50);
  const tag = small.tag;
  parent = { id: '', en: `clothes-${tag}`, de: `kleidung-${tag}` };
  parent.id = (
    await t.db.category.create({
      data: {
        translations: {
          create: [
            { locale: 'en', name: 'Clothes', slug: parent.en },
            { locale: 'de', name: 'Kleidung', slug: parent.de },
          ],
        },
      },
    })
  ).id;
  await t.db.category.update({ where: { id: small.categoryId }, data: { parentId: parent.id } });
  await t.db.categoryTranslation.create({
    data: { categoryId: large.categoryId, locale: 'de', name: 'Katze', slug: `katze-${large.tag}` },
  });
}, 120_000);

const post = (query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}, op?: string) =>
  t.asGuest().post('/graphql', { query, variables, ...(op && { operationName: op }) }, headers);

/** The storefront's category page request: its first page of `limit`, as the category route sends it. */
const categoryPage = (slug: string, headers: Record<string, string> = {}, limit = 100) =>
  post(STOREFRONT_CATALOG, { slug, page: 1, limit }, headers, 'StorefrontCategory');

const LIST = `query List($slug: String, $id: UUID) {
  storeProducts(categorySlug: $slug, categoryId: $id, limit: 100, sort: SKU, order: ASC) { items { sku } meta { total } }
}`;

describe('storeProducts(categorySlug)', () => {
  it('the category page is one request: the category and its products, facets included', async () => {
    const slug = `cat-${large.tag}`;
    const res = await categoryPage(slug);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const { storeCategory, storeProducts } = res.body.data;
    expect(storeCategory).toMatchObject({ id: large.categoryId, name: 'Cat', slug, children: [] });
    expect(storeProducts.meta).toMatchObject({ total: 50, page: 1 });
    expect(storeProducts.items).toHaveLength(50);
    expect(storeProducts.facets.length).toBeGreaterThan(0);
    // The same products as the category id names.
    const byId = await post(LIST, { id: large.categoryId });
    const bySlug = await post(LIST, { slug });
    expect(bySlug.body.data).toEqual(byId.body.data);
  });

  it('the statements of the page do not grow with it (5 or 50 products)', async () => {
    const a = await categoryPage(`cat-${small.tag}`);
    const b = await categoryPage(`cat-${large.tag}`);
    expect([a.body.errors, b.body.errors]).toEqual([undefined, undefined]);
    expect([a.body.data.storeProducts.items.length, b.body.data.storeProducts.items.length]).toEqual([5, 50]);
    expect(t.sqlCount(a.requestId)).toBe(t.sqlCount(b.requestId));
    // The list alone: the slug's tree of ids, then the page (as with `categoryId`).
    const list = await post(LIST, { slug: `cat-${large.tag}` });
    const listById = await post(LIST, { id: large.categoryId });
    expect(t.sqlCount(list.requestId)).toBe(2);
    expect(t.sqlCount(list.requestId)).toBe(t.sqlCount(listById.requestId));
  });

  it('includes the categories below, as the id filter does', async () => {
    const res = await post(LIST, { slug: parent.en });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.storeProducts.meta.total).toBe(5);
    const page = await categoryPage(parent.en);
    expect(page.body.data.storeCategory.children).toEqual([
      expect.objectContaining({ id: small.categoryId, slug: `cat-${small.tag}` }),
    ]);
  });

  it('matches the slug in the request locale', async () => {
    const german = await categoryPage(parent.de, { 'accept-language': 'de-DE, en;q=0.5' });
    expect(german.body.errors).toBeUndefined();
    expect(german.body.data.storeCategory).toMatchObject({ name: 'Kleidung', slug: parent.de });
    expect(german.body.data.storeProducts.meta.total).toBe(5);
    expect(german.body.data.storeProducts.items[0].name).toMatch(/^Reich /);
    // The English slug still finds it from a German page (en is every request's fallback) …
    expect(
      (await post(LIST, { slug: parent.en }, { 'accept-language': 'de' })).body.data.storeProducts.meta.total,
    ).toBe(5);
    // … but a German slug is not an English page's.
    const english = await post(LIST, { slug: parent.de });
    expect(english.body.data).toBeNull();
    expect(english.body.errors[0].extensions.code).toBe('not_found');
  });

  it('an unknown slug is not_found (the page answers 404)', async () => {
    const res = await categoryPage('no-such-category');
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    // Both fields fail alike; the answer may stop at the first (both are non-null root fields).
    const codes = res.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code);
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set(['not_found']));
    const list = await post(LIST, { slug: 'no-such-category' });
    expect(list.body.errors[0].extensions.code).toBe('not_found');
  });

  it('an inactive category, or one below an inactive one, is not_found as storeCategory answers', async () => {
    await t.db.category.update({ where: { id: parent.id }, data: { active: false } });
    try {
      for (const slug of [parent.en, `cat-${small.tag}`]) {
        const res = await post(LIST, { slug });
        expect(res.body.errors[0].extensions.code).toBe('not_found');
        const page = await categoryPage(slug);
        expect(page.body.errors[0].extensions.code).toBe('not_found');
      }
    } finally {
      await t.db.category.update({ where: { id: parent.id }, data: { active: true } });
    }
    expect((await post(LIST, { slug: `cat-${small.tag}` })).body.data.storeProducts.meta.total).toBe(5);
  });

  it('with categoryId too is a validation error (400-class), not a guess', async () => {
    const res = await post(LIST, { slug: parent.en, id: parent.id });
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_error', field: 'category_slug' });
  });

  it('longer than a slug column (255 characters) is a validation error, not a lookup', async () => {
    const res = await post(LIST, { slug: 'x'.repeat(256) });
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_error', field: 'category_slug' });
  });
});

describe('VariantOptionRef.groupName', () => {
  const OPTIONS = '{ sku options { name groupName propertyGroupIdentifier } }';
  const PRODUCT = `query P($slug: String!) { storeProduct(slug: $slug) { variants ${OPTIONS} } }`;

  it('is the group name in the request locale (storefront product page document)', async () => {
    const slug = `rich-${small.tag}-0`;
    const en = await post(STOREFRONT_CATALOG, { slug }, {}, 'StorefrontProduct');
    expect(en.body.errors).toBeUndefined();
    expect(en.body.data.storeProduct.variants[0].options[0]).toMatchObject({
      name: 'S0',
      groupName: 'Size',
      propertyGroupIdentifier: `size-${small.tag}`,
    });
    const de = await post(
      STOREFRONT_CATALOG,
      { slug: `reich-${small.tag}-0` },
      { 'accept-language': 'de' },
      'StorefrontProduct',
    );
    expect(de.body.data.storeProduct.variants[0].options[0]).toMatchObject({ name: 'G0', groupName: 'Größe' });
    // A locale without a name falls back as every name does (en); the argument picks one.
    const fr = await post(PRODUCT, { slug }, { 'accept-language': 'fr' });
    expect(fr.body.data.storeProduct.variants[0].options[0].groupName).toBe('Size');
    const arg = await post(
      `query P($slug: String!) { storeProduct(slug: $slug) { variants { options { groupName(locale: "de") } } } }`,
      {
        slug,
      },
    );
    expect(arg.body.data.storeProduct.variants[0].options[0].groupName).toBe('Größe');
    expect(t.sqlCount(de.requestId)).toBe(1);
  });

  it('is the identifier when the group has no name', async () => {
    const group = await t.db.propertyGroup.create({
      data: {
        identifier: `bare-${small.tag}`,
        options: { create: [{ translations: { create: [{ locale: 'en', name: 'X' }] } }] },
      },
      include: { options: true },
    });
    await t.db.product.create({
      data: {
        currency: 'EUR',
        active: true,
        translations: { create: [{ locale: 'en', name: 'Bare', slug: `bare-${small.tag}` }] },
        variants: { create: [{ sku: `BARE-${small.tag}`, options: { create: [{ optionId: group.options[0].id }] } }] },
      },
    });
    for (const query of [PRODUCT, PRODUCT.replace('variants', 'variants @include(if: true)')]) {
      const res = await post(query, { slug: `bare-${small.tag}` }, { 'accept-language': 'de' });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.storeProduct.variants[0].options[0]).toEqual({
        name: 'X',
        groupName: `bare-${small.tag}`,
        propertyGroupIdentifier: `bare-${small.tag}`,
      });
    }
  });

  it('costs no statement of its own in a list, and the compiled list writes what the resolvers write', async () => {
    const list = (items: string) => `query L($id: UUID) {
      storeProducts(categoryId: $id, limit: 100, sort: SKU, order: ASC) { ${items} { sku variants ${OPTIONS} } }
    }`;
    const compiled = list('items');
    const plain = list('items @include(if: true)');
    const pathOf = (requestId: string) =>
      captured.entries.find((e) => e.requestId === requestId && e.msg === 'request')?.compiledRead ?? false;
    for (const headers of [{}, { 'accept-language': 'de-DE, en;q=0.5' }] as Array<Record<string, string>>) {
      const counts: number[] = [];
      for (const { categoryId } of [small, large]) {
        const a = await post(compiled, { id: categoryId }, headers);
        const b = await post(plain, { id: categoryId }, headers);
        expect([a.body.errors, b.body.errors]).toEqual([undefined, undefined]);
        expect([pathOf(a.requestId), pathOf(b.requestId)]).toEqual([true, false]);
        expect(a.text).toBe(b.text);
        counts.push(t.sqlCount(a.requestId), t.sqlCount(b.requestId));
        const name = 'accept-language' in headers ? 'Größe' : 'Size';
        expect(a.body.data.storeProducts.items[0].variants[0].options[0].groupName).toBe(name);
      }
      // Compiled and plain, 5 and 50 products: the category's tree, then the page.
      expect(counts).toEqual([2, 2, 2, 2]);
    }
  });
});
