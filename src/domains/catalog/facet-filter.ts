import type { Ctx } from '../../context/ctx';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';

/** The faceted filters of a product list as its arguments give them (facet.type.ts `FacetFilterArgs`). */
export interface FacetFilter {
  options?: string[] | null;
  attributes?: string[] | null;
  priceMin?: number | null;
  priceMax?: number | null;
  inStock?: boolean | null;
}

/** Selected ids of one property group or one attribute: OR-ed among themselves. */
export interface IdGroup {
  owner: string;
  ids: string[];
}

/**
 * The filters with each selected id under its property group or attribute (read in one statement), in a stable
 * order (by owner id) so that one selection writes one statement text. Ids that name nothing are dropped: a stale
 * link lists as if they were not selected.
 */
export interface ResolvedFacetFilter {
  optionGroups: IdGroup[];
  attributeGroups: IdGroup[];
  priceMin: number | null;
  priceMax: number | null;
  inStock: boolean;
  /** Every selected id that names something (FacetValue.selected). */
  selected: Set<string>;
}

/** Whether the list's arguments hold any faceted filter. */
export const hasFacetFilter = (f: FacetFilter) =>
  !!f.options?.length || !!f.attributes?.length || f.priceMin != null || f.priceMax != null || f.inStock === true;

/** A price range that cannot match is the caller's mistake: 400, never an empty list that looks like an answer. */
export function checkFacetFilter(f: FacetFilter): void {
  if (f.priceMin != null && f.priceMax != null && f.priceMin > f.priceMax)
    throw AppError.validation([{ field: 'price_max', detail: 'min (not below price_min)' }]);
}

/**
 * Groups the selected option ids by property group and attribute option ids by attribute, in one statement (none
 * when no id is selected). The grouping decides the statement's shape (one condition per group), so it is read
 * before the page rather than inside it.
 */
export async function resolveFacetFilter(ctx: Ctx, f: FacetFilter): Promise<ResolvedFacetFilter> {
  const options = [...new Set(f.options ?? [])];
  const attributes = [...new Set(f.attributes ?? [])];
  const rows =
    options.length || attributes.length
      ? await ctx.db.$queryRaw<Array<{ kind: string; id: string; owner: string }>>(Prisma.sql`
          SELECT 'o' AS kind, o.id::text AS id, o.property_group_id::text AS owner FROM property_options o
            WHERE o.id = ANY(${options}::uuid[])
          UNION ALL
          SELECT 'a', ao.id::text, ao.attribute_id::text FROM attribute_options ao WHERE ao.id = ANY(${attributes}::uuid[])`)
      : [];
  const group = (kind: string) => {
    const byOwner = new Map<string, string[]>();
    for (const r of rows.filter((row) => row.kind === kind))
      byOwner.set(r.owner, [...(byOwner.get(r.owner) ?? []), r.id]);
    return [...byOwner.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([owner, ids]) => ({ owner, ids: ids.sort() }));
  };
  return {
    optionGroups: group('o'),
    attributeGroups: group('a'),
    priceMin: f.priceMin ?? null,
    priceMax: f.priceMax ?? null,
    inStock: f.inStock === true,
    selected: new Set(rows.map((r) => r.id)),
  };
}

/** The effective gross price of variant `v` of product `p`: its own, or (null or 0) the product's. */
export const VARIANT_PRICE = 'COALESCE(NULLIF(v.price_gross, 0), p.price_gross)';

/** `price` (an SQL expression) within the filter's range; empty when no bound is given. */
export function priceWithin(r: ResolvedFacetFilter, price: string): Prisma.Sql[] {
  const out: Prisma.Sql[] = [];
  if (r.priceMin !== null) out.push(Prisma.sql`${Prisma.raw(price)} >= ${r.priceMin}::int`);
  if (r.priceMax !== null) out.push(Prisma.sql`${Prisma.raw(price)} <= ${r.priceMax}::int`);
  return out;
}

/** Variant `variant` (an SQL expression of its id) carries one of the group's options. */
export const variantHasOneOf = (variant: string, g: IdGroup) =>
  Prisma.sql`EXISTS (SELECT 1 FROM variant_options vo WHERE vo.variant_id = ${Prisma.raw(variant)} AND vo.option_id = ANY(${g.ids}::uuid[]))`;

/**
 * The product's attribute options (select and multi-select values), its own and its variants' (the store's: active
 * variants only), as rows `(product_id, attribute_id, option_id)` of products `products` (a subquery of ids).
 */
export function attributeOptionRows(products: Prisma.Sql, storeView: boolean): Prisma.Sql {
  const active = storeView ? Prisma.sql` AND v.active` : Prisma.empty;
  return Prisma.sql`SELECT pav.product_id, pav.attribute_id, o.option_id FROM product_attribute_values pav
      CROSS JOIN LATERAL unnest(array_append(pav.option_ids, pav.option_id)) AS o(option_id)
      WHERE pav.product_id IN (${products}) AND o.option_id IS NOT NULL
    UNION
    SELECT v.product_id, vav.attribute_id, o.option_id FROM variant_attribute_values vav
      JOIN product_variants v ON v.id = vav.variant_id${active}
      CROSS JOIN LATERAL unnest(array_append(vav.option_ids, vav.option_id)) AS o(option_id)
      WHERE v.product_id IN (${products}) AND o.option_id IS NOT NULL`;
}

/** Product `p` has one of the group's attribute options, on itself or on one of its (store: active) variants. */
function productHasAttribute(g: IdGroup, storeView: boolean): Prisma.Sql {
  const active = storeView ? Prisma.sql` AND v.active` : Prisma.empty;
  return Prisma.sql`(EXISTS (SELECT 1 FROM product_attribute_values pav WHERE pav.product_id = p.id
      AND (pav.option_id = ANY(${g.ids}::uuid[]) OR pav.option_ids && ${g.ids}::uuid[]))
    OR EXISTS (SELECT 1 FROM product_variants v JOIN variant_attribute_values vav ON vav.variant_id = v.id
      WHERE v.product_id = p.id${active} AND (vav.option_id = ANY(${g.ids}::uuid[]) OR vav.option_ids && ${g.ids}::uuid[])))`;
}

/**
 * The conditions on product `p` of a list's faceted filters. The variant-level ones (options, price, stock) must
 * hold on one variant at once (the store's: an active one); a product without (active) variants is its own only
 * unit: its price and stock, and no option matches it.
 */
export function facetConditions(r: ResolvedFacetFilter, storeView: boolean): Prisma.Sql[] {
  const out: Prisma.Sql[] = [];
  const active = storeView ? Prisma.sql` AND v.active` : Prisma.empty;
  const onVariant = [
    ...r.optionGroups.map((g) => variantHasOneOf('v.id', g)),
    ...priceWithin(r, VARIANT_PRICE),
    ...(r.inStock ? [Prisma.sql`v.stock > 0`] : []),
  ];
  if (onVariant.length) {
    const variantMatch = Prisma.sql`EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id${active}
      AND ${Prisma.join(onVariant, ' AND ')})`;
    const onProduct = [...priceWithin(r, 'p.price_gross'), ...(r.inStock ? [Prisma.sql`p.stock > 0`] : [])];
    out.push(
      r.optionGroups.length
        ? variantMatch
        : Prisma.sql`(${variantMatch} OR (NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id${active})
          AND ${Prisma.join(onProduct, ' AND ')}))`,
    );
  }
  for (const g of r.attributeGroups) out.push(productHasAttribute(g, storeView));
  return out;
}
