import { print } from 'graphql';

import { ProductsDocument, StoreProductDocument, StoreProductsDocument } from '../../src/generated/graphql';
import { seedRichProducts } from '../fixtures/catalog-rich';
import { useShop } from '../fixtures/use-shop';
import { startTestServer } from '../harness/server';

/**
 * No N+1: a page of products costs the same number of SQL statements whatever its size. Each scenario runs
 * on a category holding 5 products and on one holding 50, every product carrying variants with options and
 * attribute values, product attributes, media, a category and a tag.
 */
// Statement counts measure the database work of a page: the response cache would answer repeats with none.
const { t } = useShop({ shop: false, config: { 'cache.enabled': false } });
let small: { ids: string[]; tag: string; categoryId: string };
let large: { ids: string[]; tag: string; categoryId: string };

beforeAll(async () => {
  small = await seedRichProducts(t.db, 5);
  large = await seedRichProducts(t.db, 50);
}, 120_000);

async function counted(run: (categoryId: string) => Promise<{ requestId: string; items: number }>) {
  const a = await run(small.categoryId);
  const b = await run(large.categoryId);
  expect([a.items, b.items]).toEqual([5, 50]);
  return [t.sqlCount(a.requestId), t.sqlCount(b.requestId)];
}

describe('statement counts do not grow with the page', () => {
  it('store list over REST', async () => {
    const [a, b] = await counted(async (categoryId) => {
      const res = await t.asGuest().get(`/api/v1/store/products?limit=100&category_id=${categoryId}`);
      expect(res.status).toBe(200);
      expect(res.body.data.items[0]).toMatchObject({
        variants: [expect.objectContaining({ attributes: [expect.any(Object)] }), expect.any(Object)],
        attributes: [expect.any(Object)],
        media: [expect.any(Object)],
      });
      return { requestId: res.requestId, items: res.body.data.items.length };
    });
    expect(a).toBe(b);
    // Two: the category's tree of ids (so the page is planned for them), then the page with its total and every
    // relation of its products, their variants' options once.
    expect(a).toBe(2);
  });

  it('store list over GraphQL', async () => {
    const [a, b] = await counted(async (categoryId) => {
      const res = await t.asGuest().gql(StoreProductsDocument, { limit: 100, categoryId });
      expect(res.errors).toBeUndefined();
      return { requestId: res.requestId, items: res.data.storeProducts.items.length };
    });
    expect(a).toBe(b);
    expect(a).toBe(2);
  });

  it('names in one locale (Accept-Language or the locale argument) cost no statement of their own', async () => {
    const LOCALIZED = `query Localized($categoryId: UUID) {
      storeProducts(limit: 100, categoryId: $categoryId, sort: SKU, order: ASC) {
        items {
          name slug description german: name(locale: "de") germanSlug: slug(locale: "de")
          attributes { name french: name(locale: "fr") }
          variants { title germanTitle: title(locale: "de") options { name german: name(locale: "de") } attributes { name } }
        }
      }
    }`;
    const run = (headers: Record<string, string>) => async (categoryId: string) => {
      const res = await t.asGuest().post('/graphql', { query: LOCALIZED, variables: { categoryId } }, headers);
      expect(res.body.errors).toBeUndefined();
      return { requestId: res.requestId, items: res.body.data.storeProducts.items.length, body: res.body };
    };
    const [a, b] = await counted(run({}));
    expect(a).toBe(b);
    expect(a).toBe(2);

    const english = await run({})(small.categoryId);
    const first = english.body.data.storeProducts.items[0];
    expect(first).toMatchObject({
      name: `Rich ${small.tag} 0`,
      slug: `rich-${small.tag}-0`,
      description: null,
      german: `Reich ${small.tag} 0`,
      germanSlug: `reich-${small.tag}-0`,
      // No French translation: the contract's fallback (en, then the default locale).
      attributes: [{ name: 'Weight', french: 'Weight' }],
      variants: [
        { title: 'S0', germanTitle: 'G0', options: [{ name: 'S0', german: 'G0' }], attributes: [{ name: 'Weight' }] },
        { title: 'S1', germanTitle: 'G1', options: [{ name: 'S1', german: 'G1' }], attributes: [{ name: 'Weight' }] },
      ],
    });
    const german = await run({ 'accept-language': 'de-DE, en;q=0.5' })(small.categoryId);
    expect(german.body.data.storeProducts.items[0]).toMatchObject({
      name: `Reich ${small.tag} 0`,
      slug: `reich-${small.tag}-0`,
      attributes: [{ name: 'Gewicht' }],
      variants: [{ title: 'G0', options: [{ name: 'G0' }], attributes: [{ name: 'Gewicht' }] }, expect.any(Object)],
    });

    const groups = await t
      .asAdmin()
      .post(
        '/graphql',
        { query: '{ propertyGroups { identifier name options { name } } attributes { identifier name } }' },
        { 'accept-language': 'de' },
      );
    expect(groups.body.data.propertyGroups).toContainEqual({
      identifier: `size-${small.tag}`,
      name: 'Größe',
      options: [{ name: 'G0' }, { name: 'G1' }],
    });
    expect(groups.body.data.attributes).toContainEqual({ identifier: `weight-${small.tag}`, name: 'Gewicht' });
  });

  it('admin list over REST and GraphQL', async () => {
    const [a, b] = await counted(async (categoryId) => {
      const res = await t.asAdmin().get(`/api/v1/admin/products?limit=100&category_id=${categoryId}`);
      expect(res.status).toBe(200);
      return { requestId: res.requestId, items: res.body.data.items.length };
    });
    expect(a).toBe(b);
    expect(a).toBeLessThanOrEqual(10);
    const [c, d] = await counted(async (categoryId) => {
      const res = await t.asAdmin().gql(ProductsDocument, { limit: 100, categoryId });
      return { requestId: res.requestId, items: res.data.products.items.length };
    });
    expect(c).toBe(d);
  });

  it('product by slug: the same count for a product of the small and of the large set', async () => {
    const one = await t.asGuest().get(`/api/v1/store/products/rich-${small.tag}-0`);
    const other = await t.asGuest().get(`/api/v1/store/products/rich-${large.tag}-49`);
    expect([one.status, other.status]).toEqual([200, 200]);
    expect(t.sqlCount(one.requestId)).toBe(t.sqlCount(other.requestId));
    // One statement: the product found by its slug together with all its relations.
    expect(t.sqlCount(one.requestId)).toBe(1);
    expect(one.body.data.variants[0]).toMatchObject({
      options: [expect.any(Object)],
      attributes: [expect.any(Object)],
    });
    const gql = await t
      .asGuest()
      .post('/graphql', { query: print(StoreProductDocument), variables: { slug: `rich-${large.tag}-3` } });
    expect(gql.body.data.storeProduct.variants).toHaveLength(2);
    expect(t.sqlCount(gql.requestId)).toBe(t.sqlCount(one.requestId));
  });
});

describe('database.prepared_statements off (for a transaction-mode pooler)', () => {
  it('serves the same page with the same statement count', async () => {
    const plain = await startTestServer({ 'database.prepared_statements': false, 'cache.enabled': false });
    try {
      const seeded = await seedRichProducts(plain.db, 5);
      const path = (categoryId: string) => `/api/v1/store/products?limit=100&category_id=${categoryId}`;
      const off = await plain.asGuest().get(path(seeded.categoryId));
      const on = await t.asGuest().get(path(small.categoryId));
      expect([off.status, on.status]).toEqual([200, 200]);
      expect(off.body.data.items).toHaveLength(5);
      expect(off.body.data.items[0].variants[0]).toMatchObject({
        option_ids: expect.any(Array),
        created_at: expect.stringMatching(/Z$/),
      });
      expect(plain.sqlCount(off.requestId)).toBe(t.sqlCount(on.requestId));
    } finally {
      await plain.close();
    }
  }, 60_000);
});
