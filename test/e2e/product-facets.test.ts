import { randomBytes } from 'node:crypto';

import { facetIndexOf } from '../../src/domains/catalog/facet-index/registry';
import type { PrismaClient } from '../../src/generated/prisma/client';
import { useShop } from '../fixtures/use-shop';
import { callJson, connectMcp } from '../harness/mcp-client';
import { startTestServer } from '../harness/server';

/**
 * Faceted product lists (issue 50): filters by variant options (OR within a group, AND across groups on one
 * variant), attribute options, price range and stock, and `facets` whose counts apply every filter but their own,
 * checked against counts computed by brute force from the fixture, over GraphQL and REST.
 */
// Statement counts and answers computed each time: the response cache would answer repeats itself.
const { t } = useShop({ shop: false, config: { 'cache.enabled': false } });

interface Unit {
  options: string[];
  price: number | null;
  stock: number;
}
interface Fixture {
  id: string;
  active: boolean;
  /** The product's own gross price and stock: its only unit when it has no (store: active) variants. */
  own: Unit;
  units: Unit[];
  attributeOptions: string[];
}

/** A catalog of one category: two property groups, two filterable attributes, products of varied variants. */
async function seedCatalog(db: PrismaClient, products: number, opts: { extraGroup?: boolean } = {}) {
  const tag = randomBytes(4).toString('hex');
  const group = (identifier: string, en: string, de: string, names: Array<[string, string]>, position: number) =>
    db.propertyGroup.create({
      data: {
        identifier: `${identifier}-${tag}`,
        position,
        translations: {
          create: [
            { locale: 'en', name: en },
            { locale: 'de', name: de },
          ],
        },
        options: {
          create: names.map(([e, d], i) => ({
            position: i,
            colorHex: identifier === 'colour' ? (i ? '#0000ff' : '#ff0000') : null,
            translations: {
              create: [
                { locale: 'en', name: e },
                { locale: 'de', name: d },
              ],
            },
          })),
        },
      },
      include: { options: { orderBy: { position: 'asc' } } },
    });
  const size = await group(
    'size',
    'Size',
    'Größe',
    [
      ['S', 'S'],
      ['M', 'M'],
      ['L', 'L'],
    ],
    0,
  );
  const colour = await group(
    'colour',
    'Colour',
    'Farbe',
    [
      ['Red', 'Rot'],
      ['Blue', 'Blau'],
    ],
    1,
  );
  const fit = opts.extraGroup
    ? await group(
        'fit',
        'Fit',
        'Schnitt',
        [
          ['Slim', 'Schmal'],
          ['Wide', 'Weit'],
        ],
        2,
      )
    : null;
  const attribute = (
    identifier: string,
    type: 'select' | 'multi_select',
    en: string,
    de: string,
    names: string[],
    position: number,
  ) =>
    db.attribute.create({
      data: {
        identifier: `${identifier}-${tag}`,
        type,
        position,
        filterable: true,
        translations: {
          create: [
            { locale: 'en', name: en },
            { locale: 'de', name: de },
          ],
        },
        options: {
          create: names.map((n, i) => ({
            position: i,
            translations: {
              create: [
                { locale: 'en', name: n },
                { locale: 'de', name: `${n} (de)` },
              ],
            },
          })),
        },
      },
      include: { options: { orderBy: { position: 'asc' } } },
    });
  const material = await attribute('material', 'select', 'Material', 'Stoff', ['Cotton', 'Wool'], 0);
  const features = await attribute('features', 'multi_select', 'Features', 'Merkmale', ['Waterproof', 'Light'], 1);
  const category = await db.category.create({
    data: { translations: { create: [{ locale: 'en', name: 'Facets', slug: `facets-${tag}` }] } },
  });
  const fixtures: Fixture[] = [];
  for (let i = 0; i < products; i++) {
    const active = i % 7 !== 6;
    const price = 1000 + (i % 5) * 700;
    // Varied shapes: some products without variants, variants with own prices, some out of stock.
    const combos: Array<{
      size: number;
      colour: number;
      fit?: number;
      own: number | null;
      stock: number;
      active: boolean;
    }> =
      i % 6 === 5
        ? []
        : [0, 1, 2]
            .filter((s) => (i + s) % 3 !== 0 || s === 1)
            .flatMap((s) =>
              [0, 1]
                .filter((c) => (i + s + c) % 2 === 0 || i % 4 === 0)
                .map((c) => ({
                  size: s,
                  colour: c,
                  fit: fit ? (i + c) % 2 : undefined,
                  own: (s + c) % 3 === 0 ? null : price + 100 * (s + c),
                  stock: (i + s + c) % 4 === 0 ? 0 : 3,
                  active: !(i % 5 === 3 && s === 0),
                })),
            );
    const attrValues = [
      ...(i % 3 === 2 ? [] : [{ attributeId: material.id, optionId: material.options[i % 2].id }]),
      ...(i % 2 === 0
        ? [
            {
              attributeId: features.id,
              optionIds: i % 4 === 0 ? [features.options[0].id, features.options[1].id] : [features.options[1].id],
            },
          ]
        : []),
    ];
    const stock = combos.length ? combos.reduce((n, c) => n + c.stock, 0) : i % 4 === 1 ? 0 : 4;
    const product = await db.product.create({
      data: {
        sku: `F-${tag}-${i}`,
        currency: 'EUR',
        active,
        priceGross: price,
        stock,
        translations: { create: [{ locale: 'en', name: `Facet ${tag} ${i}`, slug: `facet-${tag}-${i}` }] },
        categories: { create: [{ categoryId: category.id }] },
        attributeValues: { create: attrValues },
      },
    });
    const units: Array<Unit & { active: boolean }> = [];
    for (const [j, c] of combos.entries()) {
      const options = [size.options[c.size].id, colour.options[c.colour].id, ...(fit ? [fit.options[c.fit!].id] : [])];
      await db.productVariant.create({
        data: {
          productId: product.id,
          sku: `F-${tag}-${i}-${j}`,
          position: j,
          priceGross: c.own ?? (j % 2 ? 0 : null),
          stock: c.stock,
          active: c.active,
          options: { create: options.map((optionId) => ({ optionId })) },
        },
      });
      units.push({ options, price: c.own ?? price, stock: c.stock, active: c.active });
    }
    fixtures.push({
      id: product.id,
      active,
      own: { options: [], price, stock },
      units: units as Array<Unit & { active: boolean }>,
      attributeOptions: attrValues.flatMap((v) => (v.optionId ? [v.optionId] : (v.optionIds ?? []))),
    });
  }
  return { tag, categoryId: category.id, size, colour, fit, material, features, fixtures };
}

type Catalog = Awaited<ReturnType<typeof seedCatalog>>;

interface Filter {
  options?: string[];
  attributes?: string[];
  priceMin?: number;
  priceMax?: number;
  inStock?: boolean;
}

/** The brute force: the fixture's products as the documented semantics select and count them. */
function bruteForce(c: Catalog, store: boolean) {
  const groupOf = new Map<string, string>();
  for (const g of [c.size, c.colour, ...(c.fit ? [c.fit] : [])]) for (const o of g.options) groupOf.set(o.id, g.id);
  const attrOf = new Map<string, string>();
  for (const a of [c.material, c.features]) for (const o of a.options) attrOf.set(o.id, a.id);
  const byOwner = (ids: string[] = [], owner: Map<string, string>) => {
    const m = new Map<string, string[]>();
    for (const id of ids) m.set(owner.get(id)!, [...(m.get(owner.get(id)!) ?? []), id]);
    return m;
  };
  const unitsOf = (p: Fixture): Unit[] => {
    const variants = (p.units as Array<Unit & { active: boolean }>).filter((u) => !store || u.active);
    return variants.length ? variants : [p.own];
  };
  const products = c.fixtures.filter((p) => !store || p.active);
  /** Products matching `f`, leaving out the filter of `except` (a group or attribute id, 'price' or 'stock'). */
  const matching = (f: Filter, except?: string, unitAlso: (u: Unit) => boolean = () => true) => {
    const groups = byOwner(f.options, groupOf);
    const attrs = byOwner(f.attributes, attrOf);
    return products.filter(
      (p) =>
        [...attrs].every(([a, ids]) => a === except || ids.some((id) => p.attributeOptions.includes(id))) &&
        unitsOf(p).some(
          (u) =>
            unitAlso(u) &&
            [...groups].every(([g, ids]) => g === except || ids.some((id) => u.options.includes(id))) &&
            (except === 'price' ||
              ((f.priceMin === undefined || (u.price !== null && u.price >= f.priceMin)) &&
                (f.priceMax === undefined || (u.price !== null && u.price <= f.priceMax)))) &&
            (except === 'stock' || !f.inStock || u.stock > 0),
        ),
    );
  };
  return {
    list: (f: Filter) => matching(f).map((p) => p.id),
    optionCount: (f: Filter, optionId: string) =>
      matching(f, groupOf.get(optionId), (u) => u.options.includes(optionId)).length,
    attributeCount: (f: Filter, optionId: string) =>
      matching(f, attrOf.get(optionId)).filter((p) => p.attributeOptions.includes(optionId)).length,
    inStockCount: (f: Filter) => matching(f, 'stock', (u) => u.stock > 0).length,
    priceRange: (f: Filter) => {
      const groups = byOwner(f.options, groupOf);
      const attrs = byOwner(f.attributes, attrOf);
      const all = products
        .filter((p) => [...attrs].every(([, ids]) => ids.some((id) => p.attributeOptions.includes(id))))
        .flatMap((p) =>
          unitsOf(p).filter(
            (u) =>
              [...groups].every(([, ids]) => ids.some((id) => u.options.includes(id))) && (!f.inStock || u.stock > 0),
          ),
        )
        .map((u) => u.price!);
      return { min: Math.min(...all), max: Math.max(...all) };
    },
  };
}

const FACETS = `kind id name min max values { id label count selected min max colorHex }`;
const STORE_LIST = `query Facets($categoryId: UUID, $options: [UUID!], $attributes: [UUID!], $priceMin: Int, $priceMax: Int,
    $inStock: Boolean, $limit: Int, $search: String) {
  storeProducts(categoryId: $categoryId, options: $options, attributes: $attributes, priceMin: $priceMin,
      priceMax: $priceMax, inStock: $inStock, limit: $limit, search: $search) {
    items { id }
    meta { total }
    facets { ${FACETS} }
  }
}`;

interface FacetAnswer {
  kind: string;
  id: string | null;
  name: string;
  min: number | null;
  max: number | null;
  values: Array<{
    id: string | null;
    label: string;
    count: number;
    selected: boolean;
    min: number | null;
    max: number | null;
    colorHex?: string | null;
  }>;
}

let c: Catalog;

/** The process's facet index (catalog/facet-index): the store lists below count from it once it is built. */
const facetIndex = () => facetIndexOf({ prisma: t.db })!;

beforeAll(async () => {
  c = await seedCatalog(t.db, 28);
  // The first faceted read starts the index's build (the SQL count answers it); every later one counts in memory.
  await storeGql({});
  await facetIndex().settled();
}, 120_000);

async function storeGql(filter: Filter & { search?: string }, headers: Record<string, string> = {}) {
  const res = await t
    .asGuest()
    .post('/graphql', { query: STORE_LIST, variables: { categoryId: c.categoryId, limit: 100, ...filter } }, headers);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.storeProducts as {
    items: Array<{ id: string }>;
    meta: { total: number };
    facets: FacetAnswer[];
  };
}

/** Every count of `facets` against the brute force for `filter`. */
function expectCounts(facets: FacetAnswer[], filter: Filter, store = true) {
  const brute = bruteForce(c, store);
  // GraphQL names the kinds in capitals (OPTION), REST and MCP by their values (option).
  const kinds = new Set(facets.map((f) => f.kind));
  expect(kinds.has('OPTION') !== kinds.has('option')).toBe(true);
  for (const { kind: named, ...rest } of facets) {
    const facet = { ...rest, kind: named.toUpperCase() };
    for (const v of facet.values) {
      if (facet.kind === 'OPTION') expect([v.label, v.count]).toEqual([v.label, brute.optionCount(filter, v.id!)]);
      if (facet.kind === 'ATTRIBUTE')
        expect([v.label, v.count]).toEqual([v.label, brute.attributeCount(filter, v.id!)]);
      if (facet.kind === 'AVAILABILITY') expect(v.count).toBe(brute.inStockCount(filter));
    }
    if (facet.kind === 'PRICE') expect({ min: facet.min, max: facet.max }).toEqual(brute.priceRange(filter));
  }
  // Every option and attribute option that would list a product under the other filters is offered (the others,
  // counting none, are left out).
  const offered = new Set(facets.flatMap((f) => f.values.map((v) => v.id)));
  for (const o of [...c.size.options, ...c.colour.options])
    expect([o.id, offered.has(o.id)]).toEqual([o.id, brute.optionCount(filter, o.id) > 0]);
  for (const o of [...c.material.options, ...c.features.options])
    expect([o.id, offered.has(o.id)]).toEqual([o.id, brute.attributeCount(filter, o.id) > 0]);
}

describe('store list filters (GraphQL)', () => {
  it('no filter: the facets count the whole category, in the request locale', async () => {
    const answer = await storeGql({});
    expect(answer.items.map((i) => i.id).sort()).toEqual(bruteForce(c, true).list({}).sort());
    expect(answer.facets.map((f) => [f.kind, f.name])).toEqual([
      ['OPTION', 'Size'],
      ['OPTION', 'Colour'],
      ['ATTRIBUTE', 'Material'],
      ['ATTRIBUTE', 'Features'],
      ['PRICE', 'Price'],
      ['AVAILABILITY', 'Availability'],
    ]);
    expect(answer.facets[0].values.map((v) => v.label)).toEqual(['S', 'M', 'L']);
    expect(answer.facets[1].values.map((v) => v.colorHex)).toEqual(['#ff0000', '#0000ff']);
    expectCounts(answer.facets, {});
    const german = await storeGql({}, { 'accept-language': 'de' });
    expect(german.facets.map((f) => f.name).slice(0, 4)).toEqual(['Größe', 'Farbe', 'Stoff', 'Merkmale']);
    expect(german.facets[1].values.map((v) => v.label)).toEqual(['Rot', 'Blau']);
  });

  it('options: OR within a group, AND across groups on one variant; the own group still counts its others', async () => {
    const [s, m, l] = c.size.options.map((o) => o.id);
    const [red] = c.colour.options.map((o) => o.id);
    for (const filter of [{ options: [m] }, { options: [m, l] }, { options: [m, red] }, { options: [s, l, red] }]) {
      const answer = await storeGql(filter);
      const expected = bruteForce(c, true).list(filter);
      expect(expected.length).toBeGreaterThan(0);
      expect(answer.items.map((i) => i.id).sort()).toEqual(expected.sort());
      expect(answer.meta.total).toBe(expected.length);
      expectCounts(answer.facets, filter);
    }
    // Own-filter exclusion: with M selected, L counts what selecting L alone would list.
    const withM = await storeGql({ options: [m] });
    const sizeFacet = withM.facets.find((f) => f.id === c.size.id)!;
    expect(sizeFacet.values.find((v) => v.id === l)!.count).toBe(bruteForce(c, true).list({ options: [l] }).length);
    expect(sizeFacet.values.map((v) => v.selected)).toEqual([false, true, false]);
    // AND is on one variant: M + Red lists fewer products than M's and Red's lists intersected would if ever apart.
    const apart = bruteForce(c, true)
      .list({ options: [m] })
      .filter((id) =>
        bruteForce(c, true)
          .list({ options: [red] })
          .includes(id),
      );
    expect(bruteForce(c, true).list({ options: [m, red] }).length).toBeLessThanOrEqual(apart.length);
  });

  it('attributes, price range and stock, alone and together', async () => {
    const [cotton, wool] = c.material.options.map((o) => o.id);
    const [waterproof] = c.features.options.map((o) => o.id);
    const filters: Filter[] = [
      { attributes: [cotton] },
      { attributes: [cotton, wool] },
      { attributes: [cotton, waterproof] },
      { attributes: [wool], options: [c.colour.options[1].id] },
      { priceMin: 1500, priceMax: 2900 },
      { priceMin: 3000 },
      { inStock: true },
      { options: [c.size.options[1].id], attributes: [cotton], priceMax: 2500, inStock: true },
    ];
    for (const filter of filters) {
      const answer = await storeGql(filter);
      const expected = bruteForce(c, true).list(filter);
      expect(expected.length).toBeGreaterThan(0);
      expect(answer.items.map((i) => i.id).sort()).toEqual(expected.sort());
      expectCounts(answer.facets, filter);
    }
    const priced = await storeGql({ priceMin: 1000, priceMax: 1999 });
    const price = priced.facets.find((f) => f.kind === 'PRICE')!;
    expect(price.values.length).toBeGreaterThan(1);
    for (const v of price.values) expect(v.selected).toBe(v.min! >= 1000 && v.max! <= 1999);
    const stocked = await storeGql({ inStock: true });
    expect(stocked.facets.find((f) => f.kind === 'AVAILABILITY')!.values[0].selected).toBe(true);
  });

  it('inactive products are left out of the store list and its counts, not of the admin list', async () => {
    const inactive = c.fixtures.filter((p) => !p.active).map((p) => p.id);
    expect(inactive.length).toBeGreaterThan(0);
    const store = await storeGql({});
    expect(store.items.some((i) => inactive.includes(i.id))).toBe(false);
    const admin = await t
      .asAdmin()
      .gql(
        `query($categoryId: UUID) { products(categoryId: $categoryId, limit: 100) { items { id } facets { ${FACETS} } } }`,
        { categoryId: c.categoryId },
      );
    expect(admin.errors).toBeUndefined();
    const items = admin.data.products.items.map((i: { id: string }) => i.id);
    expect(items).toEqual(expect.arrayContaining(inactive));
    expectCounts(admin.data.products.facets, {}, false);
  });
});

describe('the facet index', () => {
  const filters = (): Filter[] => {
    const [s, m, l] = c.size.options.map((o) => o.id);
    const [red, blue] = c.colour.options.map((o) => o.id);
    const [cotton, wool] = c.material.options.map((o) => o.id);
    const [waterproof] = c.features.options.map((o) => o.id);
    return [
      {},
      { options: [m] },
      { options: [s, l, red] },
      { options: [m, blue], attributes: [wool] },
      { attributes: [cotton, waterproof] },
      { priceMin: 1500, priceMax: 2900 },
      { priceMin: 3000, inStock: true },
      { inStock: true, options: [red] },
      { options: [c.size.options[1].id], attributes: [cotton], priceMax: 2500, inStock: true },
    ];
  };

  it('answers every filter as the SQL count does (a search, which the index leaves to SQL, matching every product)', async () => {
    const answered = facetIndex().answered;
    for (const filter of filters()) {
      const indexed = await storeGql(filter);
      const counted = await storeGql({ ...filter, search: c.tag });
      expect(indexed.items.map((i) => i.id).sort()).toEqual(counted.items.map((i) => i.id).sort());
      expect(indexed.meta.total).toBe(counted.meta.total);
      expect(indexed.facets).toEqual(counted.facets);
    }
    expect(facetIndex().answered - answered).toBe(filters().length);
  });

  it('gives a filtered list without facets its total too (SQL would test every product for it)', async () => {
    const m = c.size.options[1].id;
    const answered = facetIndex().answered;
    const list = (q: string) => t.asGuest().get(`/api/v1/store/products?limit=2&category_id=${c.categoryId}${q}`);
    const indexed = await list(`&options=${m}&in_stock=true`);
    const counted = await list(`&options=${m}&in_stock=true&search=${c.tag}`);
    expect(indexed.status).toBe(200);
    expect(indexed.body.meta.total).toBe(bruteForce(c, true).list({ options: [m], inStock: true }).length);
    expect(indexed.body.meta.total).toBe(counted.body.meta.total);
    expect(indexed.body.data.items.length).toBe(2);
    expect(facetIndex().answered - answered).toBe(1);
  });

  it('keeps its catalog through a write to a table it reads nothing from (shipping methods), rebuilds on options', async () => {
    const before = await storeGql({});
    let answered = facetIndex().answered;
    // Statement triggers fire whatever the row count: each of these announces `*` with its table.
    await t.db.$executeRaw`UPDATE shipping_methods SET position = position`;
    expect((await storeGql({})).facets).toEqual(before.facets);
    expect(facetIndex().answered - answered).toBe(1);

    answered = facetIndex().answered;
    await t.db.$executeRaw`UPDATE property_options SET position = position`;
    expect((await storeGql({})).facets).toEqual(before.facets);
    expect(facetIndex().answered - answered).toBe(0); // counted in SQL while the catalog is rebuilt
    await facetIndex().settled();
    expect((await storeGql({})).facets).toEqual(before.facets);
    expect(facetIndex().answered - answered).toBe(1);
  });

  it('a count after a write shows the write: stock and activity', async () => {
    const product = c.fixtures.find((p) => p.active && p.units.length > 1)!;
    const variants = await t.db.productVariant.findMany({ where: { productId: product.id } });
    const before = await storeGql({});
    try {
      await t.db.productVariant.updateMany({ where: { productId: product.id }, data: { stock: 0 } });
      await t.db.product.update({ where: { id: product.id }, data: { stock: 0 } });
      const soldOut = await storeGql({});
      const available = (a: typeof before) => a.facets.find((f) => f.kind === 'AVAILABILITY')!.values[0].count;
      const wasStocked = product.units.some((u) => (u as Unit & { active: boolean }).active && u.stock > 0);
      expect(available(soldOut)).toBe(available(before) - (wasStocked ? 1 : 0));
      await t.db.product.update({ where: { id: product.id }, data: { active: false } });
      const hidden = await storeGql({});
      expect(hidden.items.map((i) => i.id)).not.toContain(product.id);
      expect(hidden.facets).toEqual((await storeGql({ search: c.tag })).facets);
    } finally {
      for (const v of variants) await t.db.productVariant.update({ where: { id: v.id }, data: { stock: v.stock } });
      await t.db.product.update({ where: { id: product.id }, data: { stock: product.own.stock, active: true } });
    }
    expect((await storeGql({})).facets).toEqual(before.facets);
  });
});

describe('store list filters (REST)', () => {
  const url = (q: string) => `/api/v1/store/products?limit=100&category_id=${c.categoryId}${q}`;

  it('takes the filters as query parameters; facets only with facets=true', async () => {
    const [, m, l] = c.size.options.map((o) => o.id);
    const [cotton] = c.material.options.map((o) => o.id);
    const filter: Filter = { options: [m, l], attributes: [cotton], priceMax: 3000 };
    const res = await t.asGuest().get(url(`&options=${m},${l}&attributes=${cotton}&price_max=3000&facets=true`));
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { id: string }) => i.id).sort()).toEqual(
      bruteForce(c, true).list(filter).sort(),
    );
    const facets: FacetAnswer[] = res.body.data.facets;
    expectCounts(facets, filter);
    // REST names the swatch as the spec names fields: snake_case.
    expect(facets.find((f) => f.id === c.colour.id)!.values[0]).toMatchObject({ color_hex: '#ff0000' });
    // Without facets=true the same list, no facets.
    const plain = await t.asGuest().get(url(`&options=${m},${l}&attributes=${cotton}&price_max=3000`));
    expect(plain.body.data.items.length).toBe(res.body.data.items.length);
    expect(plain.body.data.facets).toBeUndefined();
    const stocked = await t.asGuest().get(url('&in_stock=true'));
    expect(stocked.body.data.items.length).toBe(bruteForce(c, true).list({ inStock: true }).length);
  });

  it('bounds: more than 100 ids, a negative price and min above max are 400 validation_error', async () => {
    const ids = Array.from({ length: 101 }, () => c.size.options[0].id).join(',');
    const tooMany = await t.asGuest().get(url(`&options=${ids}`));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0]).toMatchObject({ code: 'validation_error', field: 'options' });
    const negative = await t.asGuest().get(url('&price_min=-1'));
    expect(negative.status).toBe(400);
    expect(negative.body.errors[0]).toMatchObject({ code: 'validation_error', field: 'price_min' });
    const inverted = await t.asGuest().get(url('&price_min=500&price_max=100'));
    expect(inverted.status).toBe(400);
    expect(inverted.body.errors[0]).toMatchObject({ code: 'validation_error', field: 'price_max' });
    const notUuid = await t.asGuest().get(url('&attributes=nope'));
    expect(notUuid.status).toBe(400);
    const gql = await t.asGuest().gql(`query($o: [UUID!]) { storeProducts(options: $o) { items { id } } }`, {
      o: Array.from({ length: 101 }, () => c.size.options[0].id),
    });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'validation_error' });
    const gqlInverted = await t.asGuest().gql(`{ storeProducts(priceMin: 5, priceMax: 1) { items { id } } }`);
    expect(gqlInverted.errors?.[0].extensions).toMatchObject({ code: 'validation_error' });
  });
});

describe('statements', () => {
  it('a faceted page costs the same statements whatever its size, the catalog or the number of groups', async () => {
    const bigger = await seedCatalog(t.db, 60, { extraGroup: true });
    const run = async (catalog: Catalog, limit: number) => {
      const filter = {
        options: [catalog.size.options[1].id, catalog.colour.options[0].id],
        attributes: [catalog.material.options[0].id],
        priceMax: 5000,
        inStock: true,
      };
      const res = await t.asGuest().post('/graphql', {
        query: STORE_LIST,
        variables: { categoryId: catalog.categoryId, limit, ...filter },
      });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.storeProducts.facets.length).toBeGreaterThan(4);
      return t.sqlCount(res.requestId);
    };
    // The facet index reads the new catalog's products once (announced by their writes), before the counted runs.
    await run(bigger, 1);
    const counts = [await run(c, 1), await run(c, 100), await run(bigger, 1), await run(bigger, 100)];
    expect(new Set(counts).size).toBe(1);
    // The category's tree, the filter's ids by group, the page with its total, the facets.
    expect(counts[0]).toBe(4);
    // Without facets selected none of their statement runs.
    const plain = await t.asGuest().get(`/api/v1/store/products?limit=5&category_id=${c.categoryId}`);
    expect(t.sqlCount(plain.requestId)).toBe(2);
  }, 120_000);
});

describe('MCP', () => {
  it('store_list_products passes the faceted filters through', async () => {
    const client = await connectMcp(t.url, 'store');
    const m = c.size.options[1].id;
    const result = await callJson(client, 'store_list_products', {
      category_id: c.categoryId,
      options: [m],
      limit: 100,
    });
    expect(result.isError).toBe(false);
    expect(result.body.items.map((i: { id: string }) => i.id).sort()).toEqual(
      bruteForce(c, true)
        .list({ options: [m] })
        .sort(),
    );
    expect(result.body.facets).toBeUndefined();
    // facets: true answers the counts beside the items, as REST's facets=true.
    const faceted = await callJson(client, 'store_list_products', { category_id: c.categoryId, facets: true });
    expect(faceted.isError).toBe(false);
    expectCounts(faceted.body.facets, {});
    await client.close();
  });
});

describe('response cache', () => {
  it('a faceted answer is retired by a variant write of a product not on its page; a plain page is not', async () => {
    const cachedServer = await startTestServer({ 'cache.enabled': true });
    try {
      const catalog = await seedCatalog(cachedServer.db, 6);
      // No cookie is set on an answer to a request that brings the CSRF cookie: the answer may be shared.
      const csrf = { cookie: `csrf_token=${'c'.repeat(64)}` };
      const base = `/api/v1/store/products?limit=1&category_id=${catalog.categoryId}`;
      const read = (path: string) => cachedServer.asGuest().get(path, csrf);
      const faceted = `${base}&facets=true`;
      for (const path of [faceted, base]) {
        await read(path);
        expect((await read(path)).headers.get('x-cache')).toBe('hit');
      }
      const onPage = (await read(base)).body.data.items[0].id;
      const other = catalog.fixtures.find((p) => p.active && p.id !== onPage && p.units.length)!;
      const variant = await cachedServer.db.productVariant.findFirstOrThrow({ where: { productId: other.id } });
      await cachedServer.db.productVariant.update({ where: { id: variant.id }, data: { priceGross: 99_999 } });
      const after = await read(faceted);
      expect(after.headers.get('x-cache')).toBe('miss');
      expect(after.body.data.facets.find((f: FacetAnswer) => f.kind === 'price').max).toBe(99_999);
      expect((await read(base)).headers.get('x-cache')).toBe('hit');
    } finally {
      await cachedServer.close();
    }
  }, 120_000);
});
