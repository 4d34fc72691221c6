import type { ResolvedFacetFilter } from '../facet-filter';
import { FacetCatalog, type ProductFacetRow } from './facet-catalog';
import { countFacets, type CountRow } from './facet-count';

const groups = new Map([
  ['s', 'size'],
  ['m', 'size'],
  ['red', 'colour'],
  ['blue', 'colour'],
]);

const none: ResolvedFacetFilter = {
  optionGroups: [],
  attributeGroups: [],
  priceMin: null,
  priceMax: null,
  inStock: false,
  selected: new Set<string>(),
};

const unit = (price: number | null, stocked: boolean, ...options: string[]) => ({
  price,
  stocked,
  options: options.map((o) => [o, groups.get(o)!] as [string, string]),
});

const product = (id: string, units: ProductFacetRow['units']): ProductFacetRow => ({
  id,
  active: true,
  categories: [],
  attributes: [],
  units,
});

const byKey = (rows: CountRow[]) =>
  Object.fromEntries(rows.map((r) => [`${r.kind}:${r.valueId ?? ''}:${r.lo ?? ''}`, r.n]));

describe('countFacets without a price or stock filter (product summaries, the one-group path)', () => {
  it('counts each option and price bucket once per product, and what a reload replaced not at all', () => {
    const c = new FacetCatalog(groups);
    // Two units share an option and a price; one has none; one is sold out.
    c.put(product('a', [unit(1000, false, 's', 'red'), unit(1000, true, 'm', 'red'), unit(null, false, 's')]));
    c.put(product('b', [unit(4000, false, 'm', 'blue')]));
    c.put(product('gone', [unit(2000, true, 's')]));
    c.remove('gone');
    // Reloaded: its old blue and 4000 must not count any more.
    c.put(product('b', [unit(3000, true, 's', 'red')]));

    const { rows, listed } = countFacets(c, { active: true, categories: null }, none);
    const counts = byKey(rows);
    expect(listed).toBe(2);
    expect(counts['OPTION:s:']).toBe(2);
    expect(counts['OPTION:m:']).toBe(1);
    expect(counts['OPTION:red:']).toBe(2);
    expect(counts['OPTION:blue:']).toBeUndefined();
    expect(counts['AVAILABILITY::']).toBe(2);
    expect(rows.find((r) => r.kind === 'PRICE_RANGE')).toMatchObject({ lo: 1000, hi: 3000 });
    // Step 500 (2,000 / 5 rounded to 1, 2 or 5 × 10ⁿ): 1000 and 3000 fall in two buckets of one product each.
    expect(rows.filter((r) => r.kind === 'PRICE').map((r) => [r.lo, r.n])).toEqual([
      [1000, 1],
      [3000, 1],
    ]);
  });

  it('agrees with the per-unit count, unfiltered and with one option group (a price filter keeping every unit forces it)', () => {
    const c = new FacetCatalog(groups);
    const options = [['s', 'red'], ['m', 'red'], ['s', 'blue'], ['m'], []];
    for (let i = 0; i < 200; i++) {
      const units = Array.from({ length: 1 + (i % 4) }, (_, k) =>
        unit(1000 + ((i * 37 + k * 101) % 900) * 10, (i + k) % 3 !== 0, ...options[(i + k) % options.length]),
      );
      // Some in a category, some with an attribute option, a few removed: the list's base and the attribute
      // filter leave products out of the one-group path's carriers too.
      const row = {
        ...product(`p${i}`, units),
        categories: i % 3 === 0 ? ['shoes'] : [],
        attributes: i % 5 < 2 ? [['material', i % 5 === 0 ? 'wool' : 'cotton'] as [string, string]] : [],
      };
      c.put(row);
      if (i % 7 === 0) c.put({ ...row, units: units.slice(0, 1) });
      if (i % 23 === 0) c.remove(`p${i}`);
    }
    const selections: Array<ResolvedFacetFilter['optionGroups']> = [
      [],
      [{ owner: 'size', ids: ['s'] }],
      [{ owner: 'size', ids: ['s', 'm'] }],
      [{ owner: 'colour', ids: ['blue'] }],
    ];
    const bases = [
      { active: true, categories: null },
      { active: true, categories: ['shoes'] },
    ];
    const attributeChoices: Array<ResolvedFacetFilter['attributeGroups']> = [
      [],
      [{ owner: 'material', ids: ['wool'] }],
    ];
    for (const base of bases)
      for (const attributeGroups of attributeChoices)
        for (const optionGroups of selections) {
          const r = { ...none, optionGroups, attributeGroups, selected: new Set(optionGroups.flatMap((g) => g.ids)) };
          // Without a unit filter: the product summaries (no group) or the one-group path; with one, every unit.
          const fast = countFacets(c, base, r);
          const perUnit = countFacets(c, base, { ...r, priceMin: 0 });
          expect(byKey(fast.rows)).toEqual(byKey(perUnit.rows));
          expect(fast.listed).toBe(perUnit.listed);
          expect(fast.listed).toBeGreaterThan(0);
          // A page without its facets asks for the total alone: the same number, no rows.
          expect(countFacets(c, base, r, { totalOnly: true })).toEqual({ rows: [], listed: fast.listed });
          expect(countFacets(c, base, { ...r, priceMin: 0 }, { totalOnly: true }).listed).toBe(fast.listed);
        }
  });
});
