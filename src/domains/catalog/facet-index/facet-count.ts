import type { ResolvedFacetFilter } from '../facet-filter';
import type { Interner } from './columns';
import { type FacetCatalog, NO_PRICE } from './facet-catalog';

/** Price buckets aimed at (both counts): the range under the other filters cut into steps of 1, 2 or 5 × 10ⁿ. */
export const PRICE_BUCKETS = 5;

/** One count, as the SQL count's `counts` table has it (names are added by facet-query.ts `namedRows`). */
export interface CountRow {
  kind: 'OPTION' | 'ATTRIBUTE' | 'PRICE' | 'PRICE_RANGE' | 'AVAILABILITY';
  facetId: string | null;
  valueId: string | null;
  n: number;
  lo: number | null;
  hi: number | null;
}

/** A list's facet counts, and how many products it lists (every filter applied: the page's total). */
export interface FacetCounts {
  rows: CountRow[];
  listed: number;
}

/** The products a list's own filter keeps (facet-query.ts's `baseWhere` for the store without a search). */
export interface CountBase {
  /** `p.active = …`, or null for either. */
  active: boolean | null;
  /** The category and its descendants: a product in any of them; null for every product. */
  categories: string[] | null;
}

/** The bucket width the SQL count picks for the range `lo…hi` (facet-query.ts `step`). */
export function priceStep(lo: number, hi: number): number {
  const raw = Math.max(Math.ceil((hi - lo) / PRICE_BUCKETS), 1);
  let e = 1;
  while (e * 10 <= raw) e *= 10;
  if (raw <= e) return e;
  if (raw <= 2 * e) return 2 * e;
  if (raw <= 5 * e) return 5 * e;
  return 10 * e;
}

/**
 * For each slot of `slots` (an option, group, attribute option or attribute): the index of the selected group that
 * names it among `groups` (the ids of each group), -1 when none does. Ids the catalog does not know name no slot.
 */
function selection(groups: string[][], slots: Interner): Int32Array {
  const selectedIn = new Int32Array(slots.size).fill(-1);
  groups.forEach((ids, i) => {
    for (const id of ids) {
      const slot = slots.find(id);
      if (slot !== undefined) selectedIn[slot] = i;
    }
  });
  return selectedIn;
}

/** {@link lacking}: every selected group is there. */
const ALL = -1;
/** {@link lacking}: more than one selected group is missing (no count forgives that). */
const SEVERAL = -2;
/** Not a {@link lacking} answer: a product the list's base (active, category) leaves out. */
const OUT = -3;
/** Selected groups a count handles (one bit each); a list filtering by more is counted in SQL. */
export const MAX_GROUPS = 30;

/**
 * Which selected group the items `items[from…to)` (option or attribute option slots) lack: ALL when they carry one
 * option of every group, the group's index when they lack exactly one, SEVERAL otherwise. `selectedIn` maps an item
 * to its selected group (-1: none); `groups` is how many are selected (at most MAX_GROUPS).
 */
function lacking(selectedIn: Int32Array, items: Int32Array, from: number, to: number, groups: number): number {
  let held = 0;
  for (let i = from; i < to; i++) {
    const group = selectedIn[items[i]];
    if (group >= 0) held |= 1 << group;
  }
  const missing = ((1 << groups) - 1) & ~held;
  if (missing === 0) return ALL;
  if (missing & (missing - 1)) return SEVERAL;
  return 31 - Math.clz32(missing);
}

/** The counted values of one kind (options or attribute options) as rows, each under its owner (group, attribute). */
function valueRows(
  kind: 'OPTION' | 'ATTRIBUTE',
  counts: Int32Array,
  values: Interner,
  owners: Interner,
  ownerOf: Int32Array,
): CountRow[] {
  const rows: CountRow[] = [];
  for (let v = 0; v < counts.length; v++)
    if (counts[v])
      rows.push({ kind, facetId: owners.ids[ownerOf[v]], valueId: values.ids[v], n: counts[v], lo: null, hi: null });
  return rows;
}

/**
 * The units the price facet counts (every other filter holds), their product and price, bucketed once the range
 * (and so the step) is known. Reused: a count runs to its end without yielding, so no two use it at once.
 */
let scratch = {
  prices: new Int32Array(0),
  products: new Int32Array(0),
  /** Per product: `scopeOf`'s answer (the one-group count's first pass). */
  scope: new Int32Array(0),
  /** The carriers of several selected options, merged (`carriersOf`). */
  merged: new Int32Array(0),
};

/**
 * The units carrying any of the options `ids`, ascending, each once: one option's carriers as they are, several
 * merged (a k-way merge: a group selects a handful of options).
 */
function carriersOf(c: FacetCatalog, ids: string[]): Int32Array {
  const lists: Int32Array[] = [];
  for (const id of ids) {
    const o = c.options.find(id);
    const carriers = o === undefined ? undefined : c.carriers[o];
    if (carriers?.length) lists.push(carriers.data.subarray(0, carriers.length));
  }
  if (lists.length <= 1) return lists[0] ?? new Int32Array(0);
  const total = lists.reduce((n, list) => n + list.length, 0);
  if (scratch.merged.length < total) scratch.merged = new Int32Array(total);
  const { merged } = scratch;
  const at = new Int32Array(lists.length);
  let n = 0;
  for (;;) {
    let least = -1;
    for (let l = 0; l < lists.length; l++)
      if (at[l] < lists[l].length && (least < 0 || lists[l][at[l]] < lists[least][at[least]])) least = l;
    if (least < 0) break;
    const u = lists[least][at[least]++];
    // A unit carrying two selected options (a catalog's odd data) is visited once.
    if (n === 0 || merged[n - 1] !== u) merged[n++] = u;
  }
  return merged.subarray(0, n);
}

/**
 * Every facet of the list in memory, with the SQL count's semantics (facet-query.ts `listFacets`, which the
 * equivalence test compares this with): disjunctive counts, variant-level options, price and stock on one unit at
 * once, attributes per product, price buckets over the units in range of every other filter. With `totalOnly` (a
 * filtered page without its facets) only `listed` is counted and `rows` stays empty.
 */
export function countFacets(
  c: FacetCatalog,
  base: CountBase,
  r: ResolvedFacetFilter,
  { totalOnly = false } = {},
): FacetCounts {
  const G = r.optionGroups.length;
  const A = r.attributeGroups.length;
  const optSelected = selection(
    r.optionGroups.map((g) => g.ids),
    c.options,
  );
  const attrSelected = selection(
    r.attributeGroups.map((g) => g.ids),
    c.attributeOptions,
  );
  // An option's (attribute option's) own selected group: the one whose owner is its group (attribute).
  const groupSelected = selection(
    r.optionGroups.map((g) => [g.owner]),
    c.groups,
  );
  const attributeSelected = selection(
    r.attributeGroups.map((g) => [g.owner]),
    c.attributes,
  );
  let inCategory: Uint8Array | null = null;
  if (base.categories) {
    inCategory = new Uint8Array(c.categories.size);
    for (const id of base.categories) {
      const slot = c.categories.find(id);
      if (slot !== undefined) inCategory[slot] = 1;
    }
  }
  const { priceMin, priceMax, inStock } = r;
  const wantActive = base.active === null ? -2 : base.active ? 1 : 0;

  const optCount = new Int32Array(c.options.size);
  const optSeen = new Int32Array(c.options.size).fill(-1);
  const attrCount = new Int32Array(c.attributeOptions.size);
  const attrSeen = new Int32Array(c.attributeOptions.size).fill(-1);
  const units = c.unitPrice.length;
  if (scratch.prices.length < units)
    scratch = { ...scratch, prices: new Int32Array(units), products: new Int32Array(units) };
  const { prices, products: pricedProducts } = scratch;
  let priced_ = 0;
  let lo = Infinity;
  let hi = -Infinity;
  let available = 0;
  let listed = 0;

  const active = c.active.data;
  const { data: unitStart } = c.unitStart;
  const { data: unitEnd } = c.unitEnd;
  const productCount = c.products.size;
  const unitProduct = c.unitProduct.data;
  const unitPrice = c.unitPrice.data;
  const unitStocked = c.unitStocked.data;
  const unitOptStart = c.unitOptStart.data;
  const unitOptEnd = c.unitOptEnd.data;
  const unitOpts = c.unitOpts.data;
  const optionGroup = c.optionGroup.data;
  const attributeOf = c.attributeOf.data;
  const attrs = c.attrs.data;
  const cats = c.cats.data;
  const { data: optsStart } = c.optsStart;
  const { data: optsEnd } = c.optsEnd;
  const opts = c.opts.data;
  const { data: pricesStart } = c.pricesStart;
  const { data: pricesEnd } = c.pricesEnd;
  const productPrices = c.prices.data;
  const anyStocked = c.anyStocked.data;
  // Counted per product from its summary when no filter looks at single units (the catalog's `opts`).
  const unitFilters = priceMin !== null || priceMax !== null || inStock;
  const wholeProducts = G === 0 && !unitFilters;
  // One option group selected and nothing else on units (a shopper picked a size): the group's slot.
  const ownGroup = G === 1 ? (c.groups.find(r.optionGroups[0].owner) ?? -1) : -1;
  const oneGroup = G === 1 && !unitFilters && ownGroup >= 0;

  /** Whether the list's base keeps product `p`: OUT if not, else the attribute group it lacks (see `lacking`). */
  const scopeOf = (p: number): number => {
    const state = active[p];
    if (state === -1 || (wantActive !== -2 && state !== wantActive)) return OUT;
    if (inCategory) {
      let found = false;
      for (let i = c.catStart.data[p]; i < c.catEnd.data[p] && !found; i++) found = inCategory[cats[i]] === 1;
      if (!found) return OUT;
    }
    // The attribute group the product lacks (ALL: none; the attribute counts forgive their own group only).
    return A ? lacking(attrSelected, attrs, c.attrStart.data[p], c.attrEnd.data[p], A) : ALL;
  };
  /** Product `p`'s attribute counts, availability and place in the total, once its units are counted. */
  const finish = (p: number, aLacks: number, ok: boolean, stocked: boolean) => {
    if (ok && !totalOnly) {
      for (let i = c.attrStart.data[p]; i < c.attrEnd.data[p]; i++) {
        const o = attrs[i];
        if (attrSeen[o] === p) continue;
        if (aLacks === ALL || attributeSelected[attributeOf[o]] === aLacks) {
          attrSeen[o] = p;
          attrCount[o]++;
        }
      }
    }
    if (stocked && aLacks === ALL) available++;
    if (ok && aLacks === ALL) listed++;
  };

  if (oneGroup) {
    // Options of one group only (a shopper picked a size). The group's own options count as if unfiltered (every
    // unit either carries one or lacks the group): from each product's summary. Everything else counts the units
    // that carry a selected option, and only those are visited: the selected options' carriers, merged in unit
    // order so that each product's units come together (the option and price counts take a product once).
    if (scratch.scope.length < productCount) scratch.scope = new Int32Array(productCount);
    const { scope } = scratch;
    for (let p = 0; p < productCount; p++) {
      const aLacks = scopeOf(p);
      scope[p] = aLacks;
      if (aLacks === ALL && !totalOnly)
        for (let i = optsStart[p]; i < optsEnd[p]; i++) if (optionGroup[opts[i]] === ownGroup) optCount[opts[i]]++;
    }
    const carrying = carriersOf(c, r.optionGroups[0].ids);
    let current = -1;
    let stocked = false;
    for (let k = 0; k < carrying.length; k++) {
      const u = carrying[k];
      const p = unitProduct[u];
      const aLacks = scope[p];
      // Out of the list, or left behind by a reload.
      if (aLacks === OUT || u < unitStart[p] || u >= unitEnd[p]) continue;
      if (p !== current) {
        if (current >= 0) finish(current, scope[current], true, stocked);
        current = p;
        stocked = false;
      }
      if (unitStocked[u] === 1) stocked = true;
      if (aLacks !== ALL || totalOnly) continue;
      const price = unitPrice[u];
      // A product's units mostly share a price: one repeated from the product's last one adds no bucket.
      if (price !== NO_PRICE && !(priced_ > 0 && pricedProducts[priced_ - 1] === p && prices[priced_ - 1] === price)) {
        if (price < lo) lo = price;
        if (price > hi) hi = price;
        pricedProducts[priced_] = p;
        prices[priced_++] = price;
      }
      for (let i = unitOptStart[u]; i < unitOptEnd[u]; i++) {
        const o = unitOpts[i];
        if (optSeen[o] === p || optionGroup[o] === ownGroup) continue;
        optSeen[o] = p;
        optCount[o]++;
      }
    }
    if (current >= 0) finish(current, scope[current], true, stocked);
  } else {
    for (let p = 0; p < productCount; p++) {
      const aLacks = scopeOf(p);
      if (aLacks === OUT) continue;
      const aAll = aLacks === ALL;
      let ok = false;
      let stocked = false;
      if (wholeProducts) {
        // No variant-level filter: every unit passes, so the product's summary says what its units would.
        ok = unitEnd[p] > unitStart[p];
        stocked = anyStocked[p] === 1;
        if (aAll && !totalOnly) {
          for (let i = optsStart[p]; i < optsEnd[p]; i++) optCount[opts[i]]++;
          for (let i = pricesStart[p]; i < pricesEnd[p]; i++) {
            const price = productPrices[i];
            if (price < lo) lo = price;
            if (price > hi) hi = price;
            pricedProducts[priced_] = p;
            prices[priced_++] = price;
          }
        }
      } else {
        for (let u = unitStart[p]; u < unitEnd[p]; u++) {
          const price = unitPrice[u];
          const hasPrice = price !== NO_PRICE;
          const unitInStock = unitStocked[u] === 1;
          const priced =
            (priceMin === null || (hasPrice && price >= priceMin)) &&
            (priceMax === null || (hasPrice && price <= priceMax));
          const stockOk = !inStock || unitInStock;
          const gLacks = G ? lacking(optSelected, unitOpts, unitOptStart[u], unitOptEnd[u], G) : ALL;
          const gAll = gLacks === ALL;
          if (gAll && priced && stockOk) ok = true;
          if (gAll && priced && unitInStock) stocked = true;
          const repeated = priced_ > 0 && pricedProducts[priced_ - 1] === p && prices[priced_ - 1] === price;
          if (gAll && stockOk && aAll && hasPrice && !repeated && !totalOnly) {
            if (price < lo) lo = price;
            if (price > hi) hi = price;
            pricedProducts[priced_] = p;
            prices[priced_++] = price;
          }
          if (!(priced && stockOk && aAll) || totalOnly) continue;
          for (let i = unitOptStart[u]; i < unitOptEnd[u]; i++) {
            const o = unitOpts[i];
            if (optSeen[o] === p) continue;
            // Every selected group holds but perhaps the option's own.
            if (gAll || groupSelected[optionGroup[o]] === gLacks) {
              optSeen[o] = p;
              optCount[o]++;
            }
          }
        }
      }
      finish(p, aLacks, ok, stocked);
    }
  }

  if (totalOnly) return { rows: [], listed };
  const rows: CountRow[] = [
    ...valueRows('OPTION', optCount, c.options, c.groups, optionGroup),
    ...valueRows('ATTRIBUTE', attrCount, c.attributeOptions, c.attributes, attributeOf),
  ];
  if (priced_) {
    rows.push({ kind: 'PRICE_RANGE', facetId: null, valueId: null, n: 0, lo, hi });
    const step = priceStep(lo, hi);
    // Few buckets (the step cuts the range into about PRICE_BUCKETS): counted in slots from the lowest one, a
    // product once per bucket (its units are consecutive, so the last product counted per bucket tells).
    const first = Math.floor(lo / step);
    const slots = Math.floor(hi / step) - first + 1;
    const perBucket = new Int32Array(slots);
    const lastProduct = new Int32Array(slots).fill(-1);
    for (let i = 0; i < priced_; i++) {
      const slot = Math.floor(prices[i] / step) - first;
      if (lastProduct[slot] === pricedProducts[i]) continue;
      lastProduct[slot] = pricedProducts[i];
      perBucket[slot]++;
    }
    for (let slot = 0; slot < slots; slot++) {
      if (!perBucket[slot]) continue;
      const bucket = first + slot;
      rows.push({
        kind: 'PRICE',
        facetId: null,
        valueId: null,
        n: perBucket[slot],
        lo: bucket * step,
        hi: (bucket + 1) * step - 1,
      });
    }
  }
  rows.push({ kind: 'AVAILABILITY', facetId: null, valueId: null, n: available, lo: null, hi: null });
  return { rows, listed };
}
