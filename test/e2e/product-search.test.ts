import { seedCatalog } from '../../app/seed/catalog';
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

describe('a one-word search most products hold: the dense plan, on the products’ vector of names', () => {
  it('lists and counts through the vector, in as many statements, with the answer of the per-name test', async () => {
    const { result: dense, statements } = await t.recordSql(() => search('catalog', 25));
    expect(dense.total).toBe(1100);
    expect(statements.some((s) => s.sql.includes('p.search_names @@'))).toBe(true);
    // "catalog product" (two words) takes the per-name test: the same products on the page, in the same order.
    const { result: perName, statements: perNameSql } = await t.recordSql(() => search('catalog product', 25));
    expect(perNameSql.some((s) => s.sql.includes('search_names @@'))).toBe(false);
    expect(dense.names).toEqual(perName.names);
    expect(dense.sql).toBe(perName.sql);
    // The German names are in the vector too; a word no product holds finds nothing.
    expect((await search('katalogprodukt', 10)).total).toBe(1100);
    expect((await search('zzz')).total).toBe(0);
  });

  it('never matches several words across two names of one product', async () => {
    // Each name holds one of the two words (English "Catalog product 7", German "Katalogprodukt 7"): no match,
    // as before the vector existed.
    expect((await search('catalog katalogprodukt')).total).toBe(0);
    expect((await search('katalogprodukt 7', 200)).names).toContain('Catalog product 7');
  });
});

describe('the vector of names follows every write of a name', () => {
  const stale = async () =>
    Number(
      (
        await t.db.$queryRawUnsafe<Array<{ n: bigint }>>(
          `SELECT count(*) AS n FROM products WHERE search_names IS DISTINCT FROM svc_product_search_names(id)`,
        )
      )[0].n,
    );
  const vectorOf = async (id: string) =>
    (
      await t.db.$queryRawUnsafe<Array<{ v: string }>>(
        `SELECT search_names::text AS v FROM products WHERE id = $1::uuid`,
        id,
      )
    )[0].v;

  it('is written by the seed as the triggers write it', async () => {
    expect(await stale()).toBe(0);
  });

  it('changes with a product created, renamed, translated, and a name deleted or moved', async () => {
    const created = await t.asAdmin().post('/api/v1/admin/products', {
      currency: 'EUR',
      translations: [{ locale: 'en', name: 'Brass lantern', slug: `brass-lantern-${Date.now()}` }],
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect(await vectorOf(id)).toBe("'brass':1 'lantern':2");
    const renamed = await t.asAdmin().put(`/api/v1/admin/products/${id}`, {
      translations: [
        { locale: 'en', name: 'Copper lantern', slug: created.body.data.translations[0].slug },
        { locale: 'fr', name: 'Lanterne', slug: `lanterne-${Date.now()}` },
      ],
    });
    expect(renamed.status).toBe(200);
    expect(await vectorOf(id)).toBe("'copper':1 'lantern':2 'lanterne':3");
    // A description alone leaves the names (and the vector) as they were.
    await t.db.$executeRawUnsafe(`UPDATE product_translations SET description = 'x' WHERE product_id = $1::uuid`, id);
    expect(await vectorOf(id)).toBe("'copper':1 'lantern':2 'lanterne':3");
    await t.db.$executeRawUnsafe(`DELETE FROM product_translations WHERE product_id = $1::uuid AND locale = 'fr'`, id);
    expect(await vectorOf(id)).toBe("'copper':1 'lantern':2");
    // A name moved to another product: both vectors change.
    const other = (
      await t.asAdmin().post('/api/v1/admin/products', {
        currency: 'EUR',
        translations: [{ locale: 'en', name: 'Oil lamp', slug: `oil-lamp-${Date.now()}` }],
      })
    ).body.data.id as string;
    await t.db.$executeRawUnsafe(
      `UPDATE product_translations SET product_id = $1::uuid, locale = 'de' WHERE product_id = $2::uuid`,
      other,
      id,
    );
    expect(await vectorOf(id)).toBe('');
    expect(await vectorOf(other)).toBe("'copper':1 'lamp':4 'lantern':2 'oil':3");
    expect(await stale()).toBe(0);
  });
});
