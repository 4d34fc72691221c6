import type { Ctx } from '../../context/ctx';
import { cappedCount, flagIs, pageTotal, plannedPerCall } from '../../context/page-statement';
import type { RawJsonParts } from '../../context/raw-json';
import { Prisma } from '../../generated/prisma/client';
import { declareCacheKeys, listKeys, productKey } from '../../platform/cache/surrogate-keys';
import type { MediaUrlPattern } from '../../platform/storage/media-storage';
import { AppError } from '../../shared/errors';
import { SortOrder } from '../../shared/pagination';
import { capCount, type Page, pageMeta } from '../../shared/pagination';
import { SEARCH_MAX_WORDS, searchWords } from '../../shared/validation/search';
import { detailColumns, type DetailsRow } from './catalog.loaders';
import { PRODUCT_COLUMN_FIELDS, type ProductColumnField, type ProductSelection, WHOLE_PRODUCT } from './details-shape';
import type { Facet } from './facet.type';
import {
  checkFacetFilter,
  facetConditions,
  type FacetFilter,
  hasFacetFilter,
  type ResolvedFacetFilter,
  resolveFacetFilter,
} from './facet-filter';
import type { CountBase, FacetCounts } from './facet-index/facet-count';
import { facetIndexOf } from './facet-index/registry';
import { listFacets, namedCounts } from './facet-query';
import { Product, ProductSort } from './product.type';

export interface ProductFilter extends FacetFilter {
  search?: string | null;
  categoryId?: string | null;
  /** The store's category by its slug in the request's locales (see {@link categoryTreeBySlug}). */
  categorySlug?: string | null;
  active?: boolean | null;
  sort?: ProductSort | null;
  order?: SortOrder | null;
}

/**
 * A product `p`'s own columns by API name (the compiled lists write from this table too). Tested against
 * Prisma's fields: product-projection.test.ts.
 */
export const PRODUCT_FIELDS: Record<ProductColumnField, string> = {
  id: 'p.id',
  sku: 'p.sku',
  active: 'p.active',
  priceNet: 'p.price_net',
  priceGross: 'p.price_gross',
  currency: 'p.currency',
  taxRuleId: 'p.tax_rule_id',
  stock: 'p.stock',
  weight: 'p.weight',
  customFields: 'p.custom_fields',
  metadata: 'p.metadata',
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
};

/** The columns of `fields` (all of them when `null`) as a select list, named as the API names them. */
export const productColumns = (fields: readonly ProductColumnField[] | null) =>
  Prisma.raw(
    (fields ?? PRODUCT_COLUMN_FIELDS)
      .map((f) => (PRODUCT_FIELDS[f] === `p.${f}` ? PRODUCT_FIELDS[f] : `${PRODUCT_FIELDS[f]} AS "${f}"`))
      .join(', '),
  );

export const PRODUCT_COLUMNS = productColumns(null);

/**
 * Turns free text into a prefix-matching tsquery: every word must match, the last one as a prefix (what
 * people expect while typing). Words are reduced to letters and digits, so the query can never be malformed
 * and no operator, quote or `!` of the text reaches it: it is a flat AND of at most SEARCH_MAX_WORDS terms (the
 * input layer refuses longer texts; a longer one from elsewhere keeps its first words), never a deep tree.
 */
export function toTsQuery(search: string): string | null {
  const typed = searchWords(search).slice(0, SEARCH_MAX_WORDS);
  // Each word once, where it was last typed (the last word stays the prefix): a repeated word narrows nothing but
  // PostgreSQL tests it again on every name (100,000 products: "catalog product" typed 12 times took ~8x as long).
  const words = typed.filter((w, i) => typed.lastIndexOf(w) === i);
  if (!words.length) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

function orderBy(ctx: Ctx, sort: ProductSort, order: SortOrder): Prisma.Sql {
  const dir = Prisma.raw(order === SortOrder.ASC ? 'ASC' : 'DESC');
  const nulls = Prisma.raw(order === SortOrder.ASC ? 'NULLS FIRST' : 'NULLS LAST');
  if (sort === ProductSort.NAME) {
    const locale = ctx.config['i18n.default_locale'];
    return Prisma.sql`(SELECT t.name FROM product_translations t WHERE t.product_id = p.id ORDER BY (t.locale = ${locale}) DESC, t.locale LIMIT 1) ${dir} ${nulls}, p.id ${dir}`;
  }
  return Prisma.sql`p.${Prisma.raw(sort)} ${dir} ${nulls}, p.id ${dir}`;
}

/** At most this many matching translations make a search "narrow": its products are fetched by id. */
const NARROW_SEARCH = 1000;
/** The products a one-word search is first tried on: the table's first rows (0.3–0.5 ms at 500; 2,000 cost 1.5). */
const DENSITY_SAMPLE = 500;
/** Dense: at least one in this many of the sample match (a quarter). */
const DENSE_ONE_IN = 4;

/** The probe's answer: a dense one-word search, or how many names matched (up to the bound) and the narrow ids. */
type Probe = { dense: true } | { dense: false; names: number; ids: string[] };

/**
 * The search filter, one of three plans. PostgreSQL cannot estimate how many names a prefix query matches (it
 * guesses 2 %), so left to itself it walks the list's order index and tests every product's names until a page is
 * full: fast when many match, but a rare name (an exact product number) tests all of them (100,000 products: ~500
 * ms). So the probe looks first, in one statement:
 * - **Dense** (one word that a quarter of a sample of products holds): the products' own vector of names
 *   (`search_names`, kept by triggers) is tested while the page walks the list's order and while the capped
 *   count walks the table, and both stop early. Collecting 100,000 matching names through the GIN index and
 *   hashing them cost ~95 ms of PostgreSQL at 100,000 products; this ~10 ms (docs/decisions.md D-309). A search of
 *   several words never takes it: its words must match in one name, and the vector holds every name together.
 * - **Narrow** (up to 1,000 matching names, through the GIN index, ≤ 20 ms at that size): its products by id.
 * - **Broad** otherwise: the walk, with the names matched once and hashed.
 */
async function searchCondition(ctx: Ctx, q: string): Promise<{ sql: Prisma.Sql; byValue: boolean }> {
  const probe = await probeSearch(ctx, q);
  if (probe.dense) return { sql: Prisma.sql`p.search_names @@ to_tsquery('simple', ${q})`, byValue: false };
  if (probe.names <= NARROW_SEARCH) return { sql: Prisma.sql`p.id = ANY(${probe.ids}::uuid[])`, byValue: true };
  // A semi-join PostgreSQL can hash (an EXISTS correlated with each product was re-run per product: 175 vs 70 ms).
  return {
    sql: Prisma.sql`p.id IN (SELECT t.product_id FROM product_translations t
      WHERE to_tsvector('simple', t.name) @@ to_tsquery('simple', ${q}))`,
    byValue: false,
  };
}

/**
 * One row back: for a one-word search, whether the sample finds it dense; else (and only then: a CASE runs its
 * subquery only when reached) how many names matched up to the bound and, for a narrow search, its products' ids
 * as one text, `count:ids`. A broad search's 1,001 ids were read back only to be counted (~3 ms of service CPU).
 */
async function probeSearch(ctx: Ctx, q: string): Promise<Probe> {
  const names = Prisma.sql`(SELECT count(*) || ':' || coalesce(CASE WHEN count(*) <= ${NARROW_SEARCH}
      THEN string_agg(DISTINCT h.product_id::text, ',') END, '')
    FROM (SELECT t.product_id FROM product_translations t
      WHERE to_tsvector('simple', t.name) @@ to_tsquery('simple', ${q}) LIMIT ${NARROW_SEARCH + 1}) h)`;
  const oneWord = !q.includes('&');
  const [row] = await ctx.db.$queryRaw<Array<{ dense: boolean; names: string | null }>>(
    oneWord
      ? Prisma.sql`WITH sample AS MATERIALIZED (
          SELECT count(*) FILTER (WHERE s.search_names @@ to_tsquery('simple', ${q})) AS hits, count(*) AS seen
          FROM (SELECT search_names FROM products LIMIT ${DENSITY_SAMPLE}) s),
        verdict AS (SELECT hits > 0 AND hits * ${Prisma.raw(String(DENSE_ONE_IN))} >= seen AS dense FROM sample)
        SELECT dense, CASE WHEN dense THEN NULL ELSE ${names} END AS names FROM verdict`
      : Prisma.sql`SELECT false AS dense, ${names} AS names`,
  );
  if (row.dense) return { dense: true };
  const [count, ids] = (row.names ?? '0:').split(':');
  return { dense: false, names: Number(count), ids: ids ? ids.split(',') : [] };
}

/**
 * The ids of a category and of every category below it, read before the page so that PostgreSQL plans the page
 * for them: it knows how many products each category holds (its statistics), but not how many a recursive walk
 * inside the statement reaches. Walked inside the page's statement, a category of 20 products among 100,000 was
 * listed by testing every product in the list's order (415 ms) and the root of half the catalog was counted by
 * hashing all its 50,000 links (51–75 ms); planned for the ids, 0.5 ms and 13 ms (docs/decisions.md D-299).
 */
async function categoryTree(ctx: Ctx, categoryId: string): Promise<string[]> {
  const [tree] = await ctx.db.$queryRaw<Array<{ ids: string | null }>>(Prisma.sql`
    WITH RECURSIVE tree AS (
      SELECT id FROM categories WHERE id = ${categoryId}::uuid
      UNION SELECT c.id FROM categories c JOIN tree ON c.parent_id = tree.id)
    SELECT string_agg(id::text, ',') AS ids FROM tree`);
  return tree.ids ? tree.ids.split(',') : [];
}

/**
 * The ids of the store category whose slug is `slug` and of every category below it, as {@link categoryTree}, in
 * the same one statement: the slug matched as `storeCategory(slug)` matches it (active, in the request's locales,
 * the best locale's match kept, no inactive category above it), so a category page can ask for the category and
 * its products in one request and both answer `not_found` alike (issue 50). Below it, the tree is the id filter's.
 */
async function categoryTreeBySlug(ctx: Ctx, slug: string): Promise<string[]> {
  const locales = preferredLocales(ctx.acceptLanguage, ctx.config['i18n.default_locale']);
  const [tree] = await ctx.db.$queryRaw<Array<{ ids: string | null }>>(Prisma.sql`
    WITH RECURSIVE hit AS (
      SELECT c.id, c.parent_id FROM category_translations ct JOIN categories c ON c.id = ct.category_id
      WHERE ct.slug = ${slug} AND ct.locale = ANY(${locales}::text[]) AND c.active
      ORDER BY array_position(${locales}::text[], ct.locale) LIMIT 1),
    above AS (
      SELECT parent_id AS id FROM hit WHERE parent_id IS NOT NULL
      UNION SELECT c.parent_id FROM categories c JOIN above ON c.id = above.id WHERE c.parent_id IS NOT NULL),
    tree AS (
      SELECT id FROM hit WHERE NOT EXISTS (SELECT 1 FROM above JOIN categories a ON a.id = above.id WHERE NOT a.active)
      UNION SELECT c.id FROM categories c JOIN tree ON c.parent_id = tree.id)
    SELECT string_agg(id::text, ',') AS ids FROM tree`);
  if (!tree.ids) throw AppError.notFound('category');
  return tree.ids.split(',');
}

/** The relation columns of a row read with {@link detailColumns} (the rest are the product's own). */
type RelationRow = Omit<DetailsRow, 'id'>;
const RELATION_KEYS = new Set(['translations', 'categories', 'tags', 'media', 'attributes', 'variants', 'options']);
/** Columns a read adds beside the product's own: the list's total, the by-slug match's locale. */
const ROW_EXTRAS = new Set(['total', 'locale']);

/**
 * A row read with its relations, split into a `Product` instance and its details (for the loader's cache).
 * type-graphql hands field resolvers an instance of the object type and copies a plain root into a new one for
 * every field resolver it calls (seven per product on a catalog page). Built key by key rather than copied and
 * pruned: `delete` turns an object into a slow dictionary, and the executor reads every product's fields.
 * `storeView` marks a product seen by the store (active variants only), `details` what its field resolvers will
 * read of its relations.
 */
function splitRow(row: { id: string } & RelationRow, storeView: boolean, details: number) {
  const product = new Product();
  const relations: Record<string, unknown> = { id: row.id };
  for (const [key, value] of Object.entries(row)) {
    if (RELATION_KEYS.has(key)) relations[key] = value;
    else if (!ROW_EXTRAS.has(key)) (product as unknown as Record<string, unknown>)[key] = value;
  }
  if (storeView) product.storeView = true;
  product.detailsShape = details;
  return { product, details: relations as DetailsRow };
}

/** Rows read with their relations as products, the details loader primed with the relations (see {@link splitRow}). */
function primed(ctx: Ctx, rows: Array<{ id: string } & RelationRow>, storeView: boolean, details: number): Product[] {
  const split = rows.map((row) => splitRow(row, storeView, details));
  if (details)
    ctx.loaders.primeProductDetails(
      split.map((s) => s.details),
      details,
    );
  return split.map((s) => s.product);
}

/**
 * A read PostgreSQL writes as JSON (compiled-items.ts): `item`, one product's JSON over the row `p` of `page`;
 * `ctes`, the tables `item` reads, to follow `page`; `path`, where its text stands in the answer (filed in
 * `ctx.rawJson`); `mediaUrls`, the storage's URL pattern, when it writes media URLs; `locales`, the request's
 * locales, best first, when it writes names in them.
 */
export interface CompiledRead {
  item: Prisma.Sql;
  ctes: string;
  path: string[];
  mediaUrls?: MediaUrlPattern;
  locales?: string[];
}

/** What a list reads (see the product resolver's `readPlan`). */
export interface ListPlan {
  /** The store's view: only active variants are listed. */
  storeView?: boolean;
  selection?: ProductSelection;
  /** The items as JSON PostgreSQL writes (the item at the list's items path); the list returns no item objects. */
  raw?: CompiledRead;
  /** False when the selection shows no total (`listShowsTotal`): the page is not counted. */
  counted?: boolean;
  /** The facets are selected: their statement runs beside the page's, names in `locales` (best first). */
  facets?: { locales: string[] };
}

/**
 * The per-request values a compiled read uses (compiled-items.ts), as one-row tables to follow `page`: the
 * storage's URL pattern (`svc_media`) and the request's locales (`svc_locales`), each when the items use it.
 */
function compiledReadParams(raw: CompiledRead): Prisma.Sql {
  const params: Prisma.Sql[] = [];
  if (raw.mediaUrls)
    params.push(Prisma.sql`svc_media AS (SELECT ${raw.mediaUrls.prefix}::text AS prefix,
      ${raw.mediaUrls.encodeKey}::boolean AS encode_key)`);
  if (raw.locales) params.push(Prisma.sql`svc_locales AS (SELECT ${raw.locales}::text[] AS list)`);
  return params.length ? Prisma.sql`,\n    ${Prisma.join(params, ',\n    ')}` : Prisma.empty;
}

/** The list's own filter (active, search, category) as conditions on `p`: what the facets count among. */
interface BaseFilter {
  where: Prisma.Sql[];
  /** The same filter as the facet index reads it (facet-index/facet-count.ts); null when it cannot (a search). */
  indexed: CountBase | null;
  /** Whether the best plan depends on the ids in the filter: then the statements are planned for every call. */
  byValue: boolean;
}

async function baseFilter(ctx: Ctx, filter: ProductFilter): Promise<BaseFilter> {
  const where: Prisma.Sql[] = [];
  let byValue = false;
  let categories: string[] | null = null;
  if (filter.active !== undefined && filter.active !== null) where.push(flagIs('p.active', filter.active));
  if (filter.search) {
    const q = toTsQuery(filter.search);
    if (q) {
      const search = await searchCondition(ctx, q);
      where.push(search.sql);
      byValue ||= search.byValue;
    }
  }
  if (filter.categoryId || filter.categorySlug) {
    const tree = filter.categoryId
      ? await categoryTree(ctx, filter.categoryId)
      : await categoryTreeBySlug(ctx, filter.categorySlug!);
    where.push(Prisma.sql`p.id IN (SELECT pc.product_id FROM product_categories pc
      WHERE pc.category_id = ANY(${tree}::uuid[]))`);
    byValue = true;
    categories = tree;
  }
  const indexed = filter.search ? null : { active: filter.active ?? null, categories };
  return { where, byValue, indexed };
}

/**
 * The list counted by the facet index (its facets and its total), when the process runs one and it can answer: the
 * store's view, no search, the index built and current. Null: the SQL statements count it.
 */
async function indexCounts(
  ctx: Ctx,
  base: BaseFilter,
  storeView: boolean,
  faceted: ResolvedFacetFilter,
  totalOnly: boolean,
): Promise<FacetCounts | null> {
  const index = storeView && base.indexed ? facetIndexOf(ctx) : undefined;
  return index ? index.count(base.indexed!, faceted, { totalOnly }) : null;
}

/**
 * The page a list shows: `WITH page AS (…)` (its rows, each with the capped total), its order and its count. `base`
 * is the list's own filter, `faceted` the conditions of its faceted filters (facet-filter.ts), `facets` the
 * statement of its facets when they are selected: run beside the page (another connection of the pool).
 */
async function pageOf(
  ctx: Ctx,
  page: Page,
  filter: ProductFilter,
  counted: boolean,
  storeView: boolean,
  facetsPlan?: ListPlan['facets'],
) {
  checkFacetFilter(filter);
  const base = await baseFilter(ctx, filter);
  const faceted = hasFacetFilter(filter) || facetsPlan ? await resolveFacetFilter(ctx, filter) : null;
  // A faceted list counted in memory: its facets, and its total, which SQL counts by testing every product's
  // variants (1.3 s for a size filter at 100,000 products). Not for a list that shows neither.
  const indexed =
    faceted && (facetsPlan || counted) ? await indexCounts(ctx, base, storeView, faceted, !facetsPlan) : null;
  const countInSql = counted && !indexed;
  const where = [...base.where, ...(faceted ? facetConditions(faceted, storeView) : [])];
  // Faceted filters carry ids too (options, attributes) whose selectivity the plan depends on.
  const byValue = base.byValue || (faceted !== null && hasFacetFilter(filter));
  const whereSql = where.length ? Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}` : Prisma.empty;
  const planned = plannedPerCall(byValue);
  // The total stops counting at COUNT_CAP: a page of a 100,000-product catalog must not count every product.
  const countOnly = cappedCount(Prisma.sql`SELECT 1 FROM products p ${whereSql}`);
  const order = orderBy(ctx, filter.sort ?? ProductSort.CREATED_AT, filter.order ?? SortOrder.DESC);
  // Not counted (a selection that shows no total): the column stays, so the statements below read alike.
  const pageSql = Prisma.sql`${planned}WITH page AS (
      SELECT p.*, ${countInSql ? Prisma.sql`(${countOnly})` : Prisma.sql`NULL::bigint`} AS total FROM products p ${whereSql}
      ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.skip})`;
  /** The page's total: the index's, else from its rows, else (a page past the end) counted by a second statement. */
  const totalOf = async (rowTotal: bigint | number | null | undefined) =>
    counted && indexed
      ? capCount(indexed.listed)
      : pageTotal(ctx, page, rowTotal, countInSql ? Prisma.sql`${planned}${countOnly}` : null);
  let facets: Promise<Facet[] | null> = Promise.resolve(null);
  if (facetsPlan && faceted)
    facets = indexed
      ? namedCounts(ctx, indexed.rows, faceted, facetsPlan.locales)
      : listFacets(ctx, base.where, byValue, storeView, faceted, facetsPlan.locales);
  // Settled even when the page fails first: an unawaited rejection would take the process down.
  facets.catch(() => undefined);
  // Faceted answers depend on other products' variants, prices and whether they are in stock (migrations
  // facet_cache_keys and facet_cache_stock_flips: `l:facets`, `l:in_stock`), not on every sale.
  // A category named by its slug is a category filter like its id (`l:category`).
  const cacheKeys = [
    ...listKeys({ ...filter, categoryId: filter.categoryId ?? filter.categorySlug }),
    ...(faceted ? ['l:facets', 'l:in_stock', 'l:price_gross'] : []),
  ];
  return { pageSql, order, totalOf, facets, cacheKeys };
}

/**
 * One page of products with the relations its selection asks for, in one statement: the page is chosen first
 * (so the relations are built for its rows only, never for skipped ones), the total rides along capped at
 * COUNT_CAP, and the details loader is primed with the relations. A second statement runs only when the page is
 * past the end; a text search adds one (see searchCondition), a category filter one (see categoryTree).
 * `storeView` marks the products as seen by the store (active variants only). With `plan.raw` (and `ctx.rawJson`: the GraphQL endpoint and REST) see {@link listProductsAsJson}.
 */
export async function listProducts(
  ctx: Ctx,
  page: Page,
  filter: ProductFilter,
  plan: ListPlan = {},
): Promise<{ items: Product[]; meta: ReturnType<typeof pageMeta>; facets?: Facet[] | null }> {
  if (plan.raw && ctx.rawJson) return listProductsAsJson(ctx, page, filter, plan, plan.raw, ctx.rawJson);
  const { storeView = false, selection = WHOLE_PRODUCT } = plan;
  const { pageSql, order, totalOf, facets, cacheKeys } = await pageOf(
    ctx,
    page,
    filter,
    plan.counted !== false,
    storeView,
    plan.facets,
  );
  // The outer ORDER BY repeats the page's order: a join's output order is not promised (25 rows: nothing to sort).
  const rows = await ctx.db.$queryRaw<Array<Product & RelationRow & { total: bigint | number }>>(Prisma.sql`${pageSql}
    SELECT ${productColumns(selection.columns)}, p.total${detailColumns(selection.details, Prisma.sql`= ANY(ARRAY(SELECT id FROM page))`)}
    FROM page p ORDER BY ${order}`);
  const total = await totalOf(rows[0]?.total);
  declareCacheKeys(ctx, [...cacheKeys, ...rows.map((r) => productKey(r.id))]);
  return {
    items: primed(ctx, rows, storeView, selection.details),
    meta: pageMeta(total, page),
    facets: await facets,
  };
}

/**
 * The compiled list: PostgreSQL writes each of the page's items as JSON (by `raw.item`, a row each, in the page's
 * order), filed in `parts` at `raw.path` as the list's items; the executor writes an empty list and the endpoint
 * puts the texts in its place (context/raw-json.ts). A row per item rather than one text for the page (D-445): the
 * driver assembles a message larger than its socket reads in buffers it doubles, and a page of 25 products with
 * ten variants each was one 211 kB value, so each request left a large string and 384 kB of such buffers behind.
 */
async function listProductsAsJson(
  ctx: Ctx,
  page: Page,
  filter: ProductFilter,
  plan: ListPlan,
  raw: CompiledRead,
  parts: RawJsonParts,
) {
  const { pageSql, order, totalOf, facets, cacheKeys } = await pageOf(
    ctx,
    page,
    filter,
    plan.counted !== false,
    plan.storeView ?? false,
    plan.facets,
  );
  // Each row names its id (for the cache's keys) and the page's total (the same on every row).
  const rows = await ctx.db.$queryRaw<Array<{ item: string; id: string; total: bigint | number | null }>>(
    Prisma.sql`${pageSql}${compiledReadParams(raw)}${Prisma.raw(raw.ctes)}
    SELECT (${raw.item})::text AS item, p.id::text AS id, p.total AS total
    FROM page p ORDER BY ${order}`,
  );
  const total = await totalOf(rows.length ? rows[0].total : null);
  declareCacheKeys(ctx, [...cacheKeys, ...rows.map((row) => productKey(row.id))]);
  parts.add(
    raw.path,
    rows.map((row) => row.item),
  );
  // The request's log line says so: an operator (and the identity tests) can tell which path answered.
  if (ctx.logFields) ctx.logFields.compiledRead = true;
  return { items: [], meta: pageMeta(total, page), facets: await facets };
}

/**
 * One product by id; `activeOnly` is the store surface: inactive products are 404, the product a store view.
 * With `read` (and `ctx.rawJson`) see {@link productAsJson}.
 */
export async function getProduct(
  ctx: Ctx,
  id: string,
  activeOnly = false,
  selection: ProductSelection = WHOLE_PRODUCT,
  read?: CompiledRead,
): Promise<Product> {
  if (read && ctx.rawJson) {
    const pageSql = Prisma.sql`WITH page AS (SELECT p.* FROM products p WHERE p.id = ${id}::uuid)`;
    return productAsJson(ctx, pageSql, activeOnly, read, ctx.rawJson);
  }
  // The store needs `active` to answer 404 for an inactive product, selected or not.
  const columns =
    selection.columns && activeOnly ? [...new Set([...selection.columns, 'active' as const])] : selection.columns;
  const rows = await ctx.db.$queryRaw<Array<Product & RelationRow>>(Prisma.sql`
    SELECT ${productColumns(columns)}${detailColumns(selection.details, 'each')} FROM products p WHERE p.id = ${id}::uuid`);
  if (!rows.length || (activeOnly && !rows[0].active)) throw AppError.notFound('product');
  const [product] = primed(ctx, rows, activeOnly, selection.details);
  declareCacheKeys(ctx, [productKey(product.id)]);
  return product;
}

/**
 * A product read whole as JSON PostgreSQL writes (`read.item` over `pageSql`'s one row), filed in `parts` at
 * `read.path`. The executor runs the field with its selection cut to `__typename` (graphql/spliced-objects.ts),
 * so the product returned carries only its id; the endpoint writes the text in its place. `not_found` when no
 * row matches, or an inactive one where `activeOnly`, as the ordinary reads answer.
 */
async function productAsJson(
  ctx: Ctx,
  pageSql: Prisma.Sql,
  activeOnly: boolean,
  read: CompiledRead,
  parts: RawJsonParts,
): Promise<Product> {
  const [row] = await ctx.db.$queryRaw<Array<{ id: string; active: boolean; json: string }>>(
    Prisma.sql`${pageSql}${compiledReadParams(read)}${Prisma.raw(read.ctes)}
    SELECT p.id, p.active, ${read.item}::text AS json FROM page p`,
  );
  if (!row || (activeOnly && !row.active)) throw AppError.notFound('product');
  declareCacheKeys(ctx, [productKey(row.id)]);
  parts.add(read.path, row.json);
  if (ctx.logFields) ctx.logFields.compiledRead = true;
  const product = new Product();
  product.id = row.id;
  return product;
}

/**
 * Locales to match a store slug in, best first: the `Accept-Language` tags by quality (each also by its
 * primary subtag), then `en`, then the configured default locale.
 */
export function preferredLocales(header: string | undefined, defaultLocale: string): string[] {
  const tags = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const out: string[] = [];
  for (const { tag } of tags) out.push(tag, tag.split('-')[0]);
  out.push('en', defaultLocale);
  return [...new Set(out)];
}

/**
 * An active product by its slug in the caller's locale (see {@link preferredLocales}), read with its details in
 * one statement (the details loader is primed with them: a product page costs one round trip). With `read` (and
 * `ctx.rawJson`) see {@link productAsJson}.
 */
export async function getStoreProductBySlug(
  ctx: Ctx,
  slug: string,
  locale?: string | null,
  selection: ProductSelection = WHOLE_PRODUCT,
  read?: CompiledRead,
): Promise<Product> {
  const locales = locale
    ? [locale, ...preferredLocales(undefined, ctx.config['i18n.default_locale'])]
    : preferredLocales(ctx.acceptLanguage, ctx.config['i18n.default_locale']);
  if (read && ctx.rawJson) {
    // The best locale's match first (a slug is unique per locale): as the sort below picks it.
    const pageSql = Prisma.sql`WITH page AS (SELECT p.* FROM product_translations t JOIN products p ON p.id = t.product_id
        WHERE t.slug = ${slug} AND t.locale = ANY(${locales}::text[]) AND p.active
        ORDER BY array_position(${locales}::text[], t.locale) LIMIT 1)`;
    return productAsJson(ctx, pageSql, true, read, ctx.rawJson);
  }
  const rows = await ctx.db.$queryRaw<Array<Product & RelationRow & { locale: string }>>(Prisma.sql`
    SELECT ${productColumns(selection.columns)}, t.locale${detailColumns(selection.details, 'each')}
    FROM product_translations t JOIN products p ON p.id = t.product_id
    WHERE t.slug = ${slug} AND t.locale = ANY(${locales}::text[]) AND p.active`);
  rows.sort((a, b) => locales.indexOf(a.locale) - locales.indexOf(b.locale));
  if (!rows.length) throw AppError.notFound('product');
  const [product] = primed(ctx, rows.slice(0, 1), true, selection.details);
  declareCacheKeys(ctx, [productKey(product.id)]);
  return product;
}
