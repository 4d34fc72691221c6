import { seedCatalog } from '../../src/app/seed/catalog';
import { useShop } from '../fixtures/use-shop';

/**
 * Product search takes one of two plans (src/domains/catalog/product-query.ts, searchCondition): up to 1000
 * matching names are listed by id, more keep the walk along the list's order. Both must answer the same thing:
 * here 1,100 seeded products ("Catalog product 1" … "Catalog product 1100", German names beside) are searched with a rare name, a
 * prefix shared by 111 of them, nothing, and a word all of them share.
 */
const { t } = useShop({ shop: false, config: { 'cache.enabled': false } });
beforeAll(async () => {
  await seedCatalog(t.db as never, { products: 1100, variants: 0 });
}, 120_000);

async function search(q: string, limit = 100) {
  const res = await t.asAdmin().get(`/api/v1/admin/products?search=${encodeURIComponent(q)}&limit=${limit}`);
  expect(res.status).toBe(200);
  const names = (res.body.data.items as Array<{ translations: Array<{ locale: string; name: string }> }>).map(
    (p) => p.translations.find((tr) => tr.locale === 'en')!.name,
  );
  return { names, total: res.body.meta.total as number, sql: t.sqlCount(res.requestId) };
}

describe('product search over 1,100 products', () => {
  it('finds a rare name through the index (narrow plan: listed by id)', async () => {
    const rare = await search('product 1099');
    expect(rare.names).toEqual(['Catalog product 1099']);
    expect(rare.total).toBe(1);
    // One statement more than the same list unsearched: the look into the index.
    const plain = await t.asAdmin().get('/api/v1/admin/products?limit=1');
    expect(rare.sql).toBe(t.sqlCount(plain.requestId) + 1);
    const none = await search('no such thing');
    expect(none).toMatchObject({ names: [], total: 0 });
  });

  it('matches a prefix as typed, with the same answer on either plan', async () => {
    // "product 10": 10, 100–109 and 1000–1099 — 111 names, the narrow plan.
    const prefix = await search('product 10');
    expect(prefix.total).toBe(111);
    expect(new Set(prefix.names).size).toBe(100); // the list's largest page
    expect(prefix.names.every((n) => /^Catalog product 10\d*$/.test(n))).toBe(true);
    // "catalog product" matches all 1,100 names: the broad plan, counted the same way.
    const all = await search('catalog product', 25);
    expect(all.total).toBe(1100);
    expect(all.names).toHaveLength(25);
  });
});
