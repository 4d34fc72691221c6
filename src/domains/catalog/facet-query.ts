import type { Ctx } from '../../context/ctx';
import { plannedPerCall } from '../../context/page-statement';
import { Prisma } from '../../generated/prisma/client';
import { Facet, FacetKind, FacetValue } from './facet.type';
import { attributeOptionRows, priceWithin, type ResolvedFacetFilter, VARIANT_PRICE } from './facet-filter';
import { type CountRow, PRICE_BUCKETS } from './facet-index/facet-count';

export interface FacetRow {
  kind: 'OPTION' | 'ATTRIBUTE' | 'PRICE' | 'PRICE_RANGE' | 'AVAILABILITY';
  facet_id: string | null;
  value_id: string | null;
  n: number;
  lo: number | null;
  hi: number | null;
  facet_name: string | null;
  facet_position: number | null;
  value_name: string | null;
  value_position: number | null;
  color_hex: string | null;
}

const and = (parts: Prisma.Sql[]) => (parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`true`);

/** The best translation's name of `table` for the row `owner` (its id column `column`), in `locales` order. */
const nameOf = (table: string, column: string, owner: string, locales: string[]) =>
  Prisma.sql`LEFT JOIN LATERAL (SELECT t.name FROM ${Prisma.raw(table)} t WHERE t.${Prisma.raw(column)} = ${Prisma.raw(owner)}
    ORDER BY array_position(${locales}::text[], t.locale::text) NULLS LAST, t.locale LIMIT 1)`;

/**
 * The facet rows of `counts` (a table of `kind, facet_id, value_id, n, lo, hi`) with their names in `locales`
 * order, positions and swatches: the tail of the SQL count (below) and of the in-memory one (facet-index/).
 * Attributes that are not filterable are left out.
 */
export function namedRows(counts: Prisma.Sql, locales: string[]): Prisma.Sql {
  return Prisma.sql`SELECT c.kind, c.facet_id::text AS facet_id, c.value_id::text AS value_id, c.n::int AS n, c.lo, c.hi,
      COALESCE(gn.name, g.identifier, abn.name, ab.identifier) AS facet_name,
      COALESCE(g.position, ab.position) AS facet_position,
      COALESCE(pon.name, aon.name) AS value_name,
      COALESCE(po.position, ao.position) AS value_position, po.color_hex
    FROM ${counts} c
    LEFT JOIN property_groups g ON c.kind = 'OPTION' AND g.id = c.facet_id
    ${nameOf('property_group_translations', 'property_group_id', 'g.id', locales)} gn ON true
    LEFT JOIN property_options po ON c.kind = 'OPTION' AND po.id = c.value_id
    ${nameOf('property_option_translations', 'property_option_id', 'po.id', locales)} pon ON true
    LEFT JOIN attributes ab ON c.kind = 'ATTRIBUTE' AND ab.id = c.facet_id
    ${nameOf('attribute_translations', 'attribute_id', 'ab.id', locales)} abn ON true
    LEFT JOIN attribute_options ao ON c.kind = 'ATTRIBUTE' AND ao.id = c.value_id
    ${nameOf('attribute_option_translations', 'attribute_option_id', 'ao.id', locales)} aon ON true
    WHERE c.kind <> 'ATTRIBUTE' OR ab.filterable`;
}

/**
 * Every facet of a product list in one statement, whatever the number of groups and attributes (disjunctive
 * faceting: each facet's counts apply every filter but its own). `baseWhere` is the list's own filter (active,
 * search, category: the products any facet counts among); `r` its faceted filters.
 *
 * The products' sellable units are read once (`flags`): each (store: active) variant with its effective price and
 * stock, or a product without variants itself, with one flag per selected option group and the price flag. A
 * count then takes the units whose flags hold except its own facet's: an option of group G counts products with a
 * unit that carries it and matches every other selected group, the price range and stock (one variant at once, as
 * the list filters). Attribute flags are per product (`aflags`). A value no product would list under the other
 * filters is left out (counting it would keep every row of the join to the end: see the option counts).
 */
export async function listFacets(
  ctx: Ctx,
  baseWhere: Prisma.Sql[],
  byValue: boolean,
  storeView: boolean,
  r: ResolvedFacetFilter,
  locales: string[],
): Promise<Facet[]> {
  const active = storeView ? Prisma.sql` AND v.active` : Prisma.empty;
  const where = baseWhere.length ? Prisma.sql`WHERE ${Prisma.join(baseWhere, ' AND ')}` : Prisma.empty;
  const groups = r.optionGroups.map((_, i) => Prisma.raw(`COALESCE(sel.g${i}, false) AS g${i}`));
  // The selected options' variants, one row each with a flag per group: read through the option index and hashed
  // once, where a subquery per variant probed the index 100,000 times at 10,000 products.
  const selectedJoin = r.optionGroups.length
    ? Prisma.sql`LEFT JOIN (SELECT vo.variant_id, ${Prisma.join(
        r.optionGroups.map(
          (g, i) => Prisma.sql`bool_or(vo.option_id = ANY(${g.ids}::uuid[])) AS g${Prisma.raw(String(i))}`,
        ),
      )} FROM variant_options vo WHERE vo.option_id = ANY(${r.optionGroups.flatMap((g) => g.ids)}::uuid[])
        GROUP BY vo.variant_id) sel ON sel.variant_id = v.id`
    : Prisma.empty;
  const priced = priceWithin(r, VARIANT_PRICE);
  const g = (i: number) => Prisma.raw(`f.g${i}`);
  const gAll = and(r.optionGroups.map((_, i) => g(i)));
  const gExcept = (col: string) =>
    and(r.optionGroups.map((grp, i) => Prisma.sql`(${g(i)} OR ${Prisma.raw(col)} = ${grp.owner}::uuid)`));
  const hasAttrs = r.attributeGroups.length > 0;
  const a = (i: number) => Prisma.raw(`a.a${i}`);
  const aAll = and(r.attributeGroups.map((_, i) => a(i)));
  const aExcept = (col: string) =>
    and(r.attributeGroups.map((grp, i) => Prisma.sql`(${a(i)} OR ${Prisma.raw(col)} = ${grp.owner}::uuid)`));
  const joinA = (on: string) =>
    hasAttrs ? Prisma.sql`JOIN aflags a ON a.product_id = ${Prisma.raw(on)}` : Prisma.empty;
  const stock = r.inStock ? Prisma.sql`f.stocked` : Prisma.sql`true`;
  const aflags = hasAttrs
    ? Prisma.sql`,
    aflags AS MATERIALIZED (SELECT b.product_id, ${Prisma.join(
      r.attributeGroups.map(
        (grp, i) =>
          Prisma.sql`COALESCE(bool_or(pa.option_id = ANY(${grp.ids}::uuid[])), false) AS a${Prisma.raw(String(i))}`,
      ),
    )} FROM per_product b LEFT JOIN pattr pa ON pa.product_id = b.product_id GROUP BY b.product_id)`
    : Prisma.empty;

  const rows = await ctx.db.$queryRaw<FacetRow[]>(Prisma.sql`${plannedPerCall(byValue)}WITH
    flags AS MATERIALIZED (
      SELECT p.id AS product_id, v.id AS variant_id, ${Prisma.raw(VARIANT_PRICE)} AS price,
          COALESCE(v.stock, p.stock) > 0 AS stocked,
          ${priced.length ? Prisma.sql`COALESCE(${and(priced)}, false)` : Prisma.sql`true`} AS priced
          ${groups.length ? Prisma.sql`, ${Prisma.join(groups)}` : Prisma.empty}
        FROM products p LEFT JOIN product_variants v ON v.product_id = p.id${active} ${selectedJoin} ${where}),
    per_product AS MATERIALIZED (SELECT f.product_id,
        bool_or(${gAll} AND f.priced AND ${stock}) AS ok,
        bool_or(${gAll} AND f.priced AND f.stocked) AS stocked,
        min(f.price) FILTER (WHERE ${gAll} AND ${stock}) AS lo, max(f.price) FILTER (WHERE ${gAll} AND ${stock}) AS hi
      FROM flags f GROUP BY f.product_id),
    pattr AS MATERIALIZED (${attributeOptionRows(Prisma.sql`SELECT product_id FROM per_product`, storeView)})${aflags},
    price_range AS (SELECT min(m.lo) AS lo, max(m.hi) AS hi FROM per_product m ${joinA('m.product_id')} WHERE ${aAll}),
    -- Materialized: computed once, not once per price it divides (numeric logarithms: 30 s over 100,000 variants).
    step AS MATERIALIZED (SELECT (CASE WHEN raw <= e THEN e WHEN raw <= 2 * e THEN 2 * e WHEN raw <= 5 * e THEN 5 * e
        ELSE 10 * e END)::int AS step
      FROM (SELECT raw, power(10::numeric, floor(log(raw))) AS e
        FROM (SELECT greatest(ceil((hi - lo) / ${Prisma.raw(String(PRICE_BUCKETS))}.0), 1)::numeric AS raw FROM price_range) x) y),
    counts AS (
      -- Rows filtered first, then one hashed DISTINCT of (option, product): a count with a per-product flag
      -- aggregated 200,000 rows into 70,000 groups that spilled to disk at 10,000 products.
      SELECT 'OPTION' AS kind, o.property_group_id AS facet_id, x.option_id AS value_id, count(*) AS n,
          NULL::int AS lo, NULL::int AS hi
        FROM (SELECT DISTINCT vo.option_id, f.product_id
            FROM flags f JOIN variant_options vo ON vo.variant_id = f.variant_id
            ${r.optionGroups.length ? Prisma.sql`JOIN property_options og ON og.id = vo.option_id` : Prisma.empty}
            ${joinA('f.product_id')}
            WHERE ${gExcept('og.property_group_id')} AND f.priced AND ${stock} AND ${aAll}) x
        JOIN property_options o ON o.id = x.option_id
        GROUP BY o.property_group_id, x.option_id
      UNION ALL
      SELECT 'ATTRIBUTE', pa.attribute_id, pa.option_id, count(*), NULL, NULL
        FROM pattr pa JOIN attributes ab ON ab.id = pa.attribute_id AND ab.filterable
        JOIN per_product m ON m.product_id = pa.product_id ${joinA('pa.product_id')}
        WHERE m.ok AND ${aExcept('pa.attribute_id')}
        GROUP BY pa.attribute_id, pa.option_id
      UNION ALL
      SELECT 'PRICE', NULL, NULL, count(*), x.b * x.step, (x.b + 1) * x.step - 1
        FROM (SELECT DISTINCT f.product_id, f.price / s.step AS b, s.step
            FROM flags f CROSS JOIN step s ${joinA('f.product_id')}
            WHERE ${gAll} AND ${stock} AND ${aAll} AND f.price IS NOT NULL) x
        GROUP BY x.b, x.step
      UNION ALL
      SELECT 'PRICE_RANGE', NULL, NULL, 0, lo, hi FROM price_range WHERE lo IS NOT NULL
      UNION ALL
      SELECT 'AVAILABILITY', NULL, NULL, count(*) FILTER (WHERE m.stocked AND ${aAll}), NULL, NULL
        FROM per_product m ${joinA('m.product_id')})
    ${namedRows(Prisma.sql`counts`, locales)}`);
  return toFacets(rows, r);
}

/** Counts from the facet index (facet-index/facet-count.ts) as facets, named in one statement like the SQL count's. */
export async function namedCounts(
  ctx: Ctx,
  counts: CountRow[],
  r: ResolvedFacetFilter,
  locales: string[],
): Promise<Facet[]> {
  const column = <K extends keyof CountRow>(key: K) => counts.map((c) => c[key]);
  const table = Prisma.sql`(SELECT * FROM unnest(${column('kind')}::text[], ${column('facetId')}::uuid[],
      ${column('valueId')}::uuid[], ${column('n')}::int[], ${column('lo')}::int[], ${column('hi')}::int[])
    AS u(kind, facet_id, value_id, n, lo, hi))`;
  return toFacets(await ctx.db.$queryRaw<FacetRow[]>(namedRows(table, locales)), r);
}

/** The rows as facets: option groups, then attributes (each by position), then price, then availability. */
export function toFacets(rows: FacetRow[], r: ResolvedFacetFilter): Facet[] {
  const byFacet = new Map<string, { facet: Facet; position: number; rank: number }>();
  const value = (v: Partial<FacetValue> & Pick<FacetValue, 'label' | 'count' | 'selected'>): FacetValue =>
    Object.assign(new FacetValue(), { id: null, min: null, max: null, colorHex: null, ...v });
  const facetOf = (
    key: string,
    rank: number,
    position: number,
    init: Partial<Facet> & Pick<Facet, 'kind' | 'name'>,
  ) => {
    let entry = byFacet.get(key);
    if (!entry) {
      const facet = Object.assign(new Facet(), { id: null, values: [], min: null, max: null, ...init });
      byFacet.set(key, (entry = { facet, position, rank }));
    }
    return entry.facet;
  };
  const positions = new Map<FacetValue, number>();
  for (const row of rows) {
    const n = Number(row.n);
    if (row.kind === 'OPTION' || row.kind === 'ATTRIBUTE') {
      const facet = facetOf(`${row.kind}:${row.facet_id}`, row.kind === 'OPTION' ? 0 : 1, row.facet_position ?? 0, {
        kind: FacetKind[row.kind],
        id: row.facet_id,
        name: row.facet_name ?? '',
      });
      const v = value({
        id: row.value_id,
        label: row.value_name ?? '',
        count: n,
        selected: r.selected.has(row.value_id!),
        colorHex: row.color_hex,
      });
      positions.set(v, row.value_position ?? 0);
      facet.values.push(v);
    } else if (row.kind === 'PRICE' || row.kind === 'PRICE_RANGE') {
      const facet = facetOf('PRICE', 2, 0, { kind: FacetKind.PRICE, name: 'Price' });
      if (row.kind === 'PRICE_RANGE') Object.assign(facet, { min: row.lo, max: row.hi });
      else {
        const ranged = r.priceMin !== null || r.priceMax !== null;
        const within = row.lo! >= (r.priceMin ?? 0) && row.hi! <= (r.priceMax ?? Number.MAX_SAFE_INTEGER);
        facet.values.push(
          value({ label: `${row.lo}–${row.hi}`, count: n, selected: ranged && within, min: row.lo, max: row.hi }),
        );
      }
    } else {
      facetOf('AVAILABILITY', 3, 0, { kind: FacetKind.AVAILABILITY, name: 'Availability' }).values.push(
        value({ label: 'In stock', count: n, selected: r.inStock }),
      );
    }
  }
  const facets = [...byFacet.values()].sort(
    (x, y) => x.rank - y.rank || x.position - y.position || x.facet.name.localeCompare(y.facet.name),
  );
  for (const { facet } of facets)
    facet.values.sort(
      facet.kind === FacetKind.PRICE
        ? (x, y) => x.min! - y.min!
        : (x, y) => positions.get(x)! - positions.get(y)! || x.label.localeCompare(y.label),
    );
  return facets.map((f) => f.facet);
}
