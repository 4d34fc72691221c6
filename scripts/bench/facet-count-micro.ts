/**
 * The facet index's count alone, without a database or a server (issue 50): a synthetic catalog of 100,000 products
 * × 10 variants (5 sizes × 2 colours) filed into a FacetCatalog, then the unfiltered count timed five times. Reads
 * the in-memory cost that the `facets` bench group measures end to end.
 *
 *   node -r @swc-node/register scripts/bench/facet-count-micro.ts
 */
import { FacetCatalog } from '../../src/domains/catalog/facet-index/facet-catalog';
import { countFacets } from '../../src/domains/catalog/facet-index/facet-count';

const c = new FacetCatalog(new Map());
const sizes = ['s1', 's2', 's3', 's4', 's5'];
const colours = ['c1', 'c2'];
const t0 = Date.now();
for (let i = 0; i < 100_000; i++) {
  c.put({
    id: `p${i}`,
    active: true,
    categories: [`cat${i % 10}`],
    attributes: [],
    units: sizes.flatMap((s) =>
      colours.map((col) => ({
        price: 1000 + ((i * 7) % 5000),
        stocked: true,
        options: [
          [s, 'size'],
          [col, 'colour'],
        ] as Array<[string, string]>,
      })),
    ),
  });
}
const { bytes } = c.trim();
console.log('built', Date.now() - t0, 'ms', process.memoryUsage().rss >> 20, 'MiB; columns', bytes >> 20, 'MiB');
const r = {
  optionGroups: [],
  attributeGroups: [],
  priceMin: null,
  priceMax: null,
  inStock: false,
  selected: new Set<string>(),
};
for (let k = 0; k < 8; k++) {
  const t = process.hrtime.bigint();
  countFacets(c, { active: true, categories: null }, r);
  console.log('count', Number(process.hrtime.bigint() - t) / 1e6, 'ms');
}
// One size selected: every unit's options are checked against the selected group.
const bySize = { ...r, optionGroups: [{ owner: 'size', ids: ['s2'] }], selected: new Set(['s2']) };
for (let k = 0; k < 8; k++) {
  const t = process.hrtime.bigint();
  countFacets(c, { active: true, categories: null }, bySize);
  console.log('count, one size', Number(process.hrtime.bigint() - t) / 1e6, 'ms');
}
// The same page without its facets: its total alone (a filtered list's `meta.total`).
for (let k = 0; k < 5; k++) {
  const t = process.hrtime.bigint();
  countFacets(c, { active: true, categories: null }, bySize, { totalOnly: true });
  console.log('total, one size', Number(process.hrtime.bigint() - t) / 1e6, 'ms');
}
