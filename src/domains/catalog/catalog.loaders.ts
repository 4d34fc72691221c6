import DataLoader from 'dataloader';

import { byId, groupedBy, type LoaderDeps } from '../../context/loaders';
import { Prisma } from '../../generated/prisma/client';
import type { CategoryTranslation } from './category.type';
import { ALL_DETAILS, Details } from './details-shape';
import type { AttributeValue, ProductMediaRef, ProductTranslation, Variant, VariantOptionRef } from './product.type';
import { variantTitleSql } from './variant-title';

export interface ProductSummary {
  id: string;
  sku: string | null;
}

export interface VariantSummary {
  id: string;
  productId: string;
  sku: string | null;
}

/**
 * Everything of a product that its API shape embeds, read for a whole page in one statement. A relation the read's
 * selection did not ask for is absent (see details-shape.ts); a field resolver that needs it reads it again.
 */
export interface ProductDetails {
  translations?: ProductTranslation[];
  /** Category ids in their position order. */
  categories?: string[];
  tags?: string[];
  media?: ProductMediaRef[];
  attributes?: AttributeValue[];
  /** All variants (options and attribute values attached when asked for); the store shows the active ones. */
  variants?: Variant[];
}

/** A product and the relations (bits of `Details`) to read with it. */
export interface DetailsKey {
  id: string;
  details: number;
}

/**
 * Every relation of a product is loaded for a whole page at once, so a page costs the same statements whatever
 * its size: one for the products' relations, built as JSON per product by PostgreSQL, with the options their
 * variants use.
 */
export interface CatalogLoaders {
  productSummaryById: DataLoader<string, ProductSummary | null>;
  /** The product's name in the default locale, else in its first locale. */
  productNameById: DataLoader<string, string>;
  variantSummaryById: DataLoader<string, VariantSummary | null>;
  /** A variant's option names in the default locale ("Navy / XL"; variant-title.ts); null without options. */
  variantTitleById: DataLoader<string, string | null>;
  /** Keyed by product and shape: a page's products share one shape, so one statement per page. */
  productDetails: DataLoader<DetailsKey, ProductDetails, string>;
  /**
   * Primes {@link productDetails} with rows read by another statement (a list or a product read with its
   * relations: one statement per page).
   */
  primeProductDetails(rows: readonly DetailsRow[], details: number): void;
  variantAttributes: DataLoader<string, AttributeValue[]>;
  categoryTranslations: DataLoader<string, CategoryTranslation[]>;
}

/** The API's timestamp form (`2026-01-31T12:00:00.000Z`), made by PostgreSQL so no `Date` is built per value. */
export const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The SQL of each field a relation's JSON carries, by API name. The details JSON below and the compiled lists
// (compiled-items.ts) write from these same tables, so the two answers cannot drift apart.

/** A translation `t` of a product. */
export const TRANSLATION_FIELDS: Record<string, string> = {
  locale: 't.locale',
  name: 't.name',
  description: 't.description',
  slug: 't.slug',
  metaTitle: 't.meta_title',
  metaDescription: 't.meta_description',
};

/** A variant `v` of product `p`, prices inherited from the product when unset or 0. */
export const VARIANT_FIELDS: Record<string, string> = {
  id: 'v.id',
  productId: 'v.product_id',
  sku: 'v.sku',
  priceGross: 'COALESCE(NULLIF(v.price_gross, 0), p.price_gross)',
  priceNet: 'COALESCE(NULLIF(v.price_net, 0), p.price_net)',
  stock: 'v.stock',
  active: 'v.active',
  position: 'v.position',
  createdAt: isoUtc('v.created_at'),
  updatedAt: isoUtc('v.updated_at'),
};

/** Product `p`'s category ids in their position order, and its tag ids, as JSON arrays. */
export const CATEGORY_IDS = `COALESCE((SELECT json_agg(pc.category_id ORDER BY pc.position, pc.category_id)
  FROM product_categories pc WHERE pc.product_id = p.id), '[]'::json)`;
export const TAG_IDS = `COALESCE((SELECT json_agg(pt.tag_id ORDER BY pt.tag_id) FROM product_tags pt WHERE pt.product_id = p.id), '[]'::json)`;

/** `'key', sql, …`: the arguments of a `json_build_object` over `fields`. */
const jsonPairs = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, sql]) => `'${key}', ${sql}`)
    .join(', ');

/** An attribute value of row `x` (joined to its attribute `a`), without its translations. */
export const ATTRIBUTE_VALUE_FIELDS: Record<string, string> = {
  attributeId: 'x.attribute_id',
  valueText: 'x.value_text',
  valueNumeric: 'x.value_numeric',
  optionId: 'x.option_id',
  optionIds: `COALESCE(x.option_ids, '{}')`,
  valueBoolean: 'x.value_boolean',
  attributeIdentifier: 'a.identifier',
  type: 'a.type',
  unit: 'a.unit',
};

/** An option `o` of group `g`, without its translations. */
export const OPTION_FIELDS: Record<string, string> = {
  id: 'o.id',
  propertyGroupId: 'o.property_group_id',
  propertyGroupIdentifier: 'g.identifier',
  position: 'o.position',
  colorHex: 'o.color_hex',
};

/** An attribute value of row `x` (joined to its attribute `a`) as the API shows it. */
const ATTRIBUTE_VALUE_JSON = Prisma.sql`json_build_object(${Prisma.raw(jsonPairs(ATTRIBUTE_VALUE_FIELDS))},
    'translations', COALESCE((SELECT json_agg(json_build_object('locale', atr.locale, 'name', atr.name) ORDER BY atr.locale)
                              FROM attribute_translations atr WHERE atr.attribute_id = a.id), '[]'::json))`;

/**
 * The attribute values of one owner as a JSON array, in the API's order (attribute position, then identifier):
 * `table` is the product's or the variant's value table, `owner` the SQL the owner column must equal.
 */
const attributeValuesOf = (
  table: 'product_attribute_values' | 'variant_attribute_values',
  column: 'product_id' | 'variant_id',
  owner: Prisma.Sql,
) => Prisma.sql`COALESCE((SELECT json_agg(${ATTRIBUTE_VALUE_JSON} ORDER BY a.position, a.identifier)
  FROM ${Prisma.raw(table)} x JOIN attributes a ON a.id = x.attribute_id
  WHERE x.${Prisma.raw(column)} = ${owner}), '[]'::json)`;

/** A translation `t` of a product as the API shows it (tested against Prisma's fields: product-projection.test.ts). */
export const TRANSLATION_JSON = Prisma.raw(`json_build_object(${jsonPairs(TRANSLATION_FIELDS)})`);

/** The columns every variant carries; option ids and attribute values come when asked for. */
const VARIANT_COLUMNS = Prisma.raw(jsonPairs(VARIANT_FIELDS));

/**
 * A variant `v` of product `p` as the API shows it with the relations `details` asks for, prices inherited from the
 * product when unset or 0 (with every relation, tested against Prisma's fields: product-projection.test.ts).
 */
export const variantJson = (details: number) =>
  Prisma.sql`json_build_object(${VARIANT_COLUMNS}${
    details & Details.variantOptions
      ? Prisma.sql`,
  'optionIds', ARRAY(SELECT vo.option_id FROM variant_options vo WHERE vo.variant_id = v.id ORDER BY vo.option_id)`
      : Prisma.empty
  }${
    details & Details.variantAttributes
      ? Prisma.sql`,
  'attributes', ${attributeValuesOf('variant_attribute_values', 'variant_id', Prisma.sql`v.id`)}`
      : Prisma.empty
  })`;

/**
 * An option `o` of group `g` as the API shows it, with the group's position (the variants' option order) and the
 * group's names (`groupName` picks one): read once per option, like the option's own names.
 */
const OPTION_JSON = Prisma.sql`json_build_object(${Prisma.raw(jsonPairs(OPTION_FIELDS))}, 'groupPosition', g.position,
  'translations', COALESCE((SELECT json_agg(json_build_object('locale', ot.locale, 'name', ot.name) ORDER BY ot.locale)
                            FROM property_option_translations ot WHERE ot.property_option_id = o.id), '[]'::json),
  'groupTranslations', COALESCE((SELECT json_agg(json_build_object('locale', gt.locale, 'name', gt.name) ORDER BY gt.locale)
                            FROM property_group_translations gt WHERE gt.property_group_id = g.id), '[]'::json))`;

/**
 * The options used by the variants of the products matching `products` (a condition on `v.product_id`), once each,
 * found from the products down as arrays of ids: written as `IN` joins the planner may probe every variant of each
 * option instead (compiled-items.ts `optionsCte`).
 */
const optionsOf = (products: Prisma.Sql) => Prisma.sql`COALESCE((SELECT json_agg(${OPTION_JSON})
  FROM property_options o JOIN property_groups g ON g.id = o.property_group_id
  WHERE o.id = ANY(ARRAY(SELECT DISTINCT vo.option_id FROM variant_options vo WHERE vo.variant_id = ANY(ARRAY(
    SELECT v.id FROM product_variants v WHERE v.product_id ${products}))))), '[]'::json)`;

/**
 * The relations of product `p` that `details` asks for, each as a JSON array built by PostgreSQL, so a page's 250
 * variants cross the wire and the driver as 25 documents that JSON.parse reads natively, not as typed rows
 * converted value by value. Variants carry option ids only: the options are shared by many variants and come once
 * (`optionsOf`); their attribute values are their own, so they come embedded.
 */
function relationColumns(details: number): Prisma.Sql {
  const columns: Prisma.Sql[] = [];
  if (details & Details.translations)
    columns.push(Prisma.sql`COALESCE((SELECT json_agg(${TRANSLATION_JSON} ORDER BY t.locale)
              FROM product_translations t WHERE t.product_id = p.id), '[]'::json) AS translations`);
  if (details & Details.categories) columns.push(Prisma.raw(`${CATEGORY_IDS} AS categories`));
  if (details & Details.tags) columns.push(Prisma.raw(`${TAG_IDS} AS tags`));
  if (details & Details.media)
    columns.push(Prisma.sql`COALESCE((SELECT json_agg(json_build_object('mediaId', pm.media_id, 'position', pm.position, 'storageKey', m.storage_key, 'altText', m.alt_text) ORDER BY pm.position, pm.media_id)
              FROM product_media pm JOIN media m ON m.id = pm.media_id WHERE pm.product_id = p.id), '[]'::json) AS media`);
  if (details & Details.attributes)
    columns.push(
      Prisma.sql`${attributeValuesOf('product_attribute_values', 'product_id', Prisma.sql`p.id`)} AS attributes`,
    );
  if (details & Details.variants)
    columns.push(Prisma.sql`COALESCE((SELECT json_agg(${variantJson(details)} ORDER BY v.position, v.created_at, v.id)
              FROM product_variants v WHERE v.product_id = p.id), '[]'::json) AS variants`);
  return columns.length ? Prisma.sql`, ${Prisma.join(columns, ',\n    ')}` : Prisma.empty;
}

/** The options the variants' option ids point at: asked for with the variants' options only. */
const wantsOptions = (details: number) =>
  (details & (Details.variants | Details.variantOptions)) === (Details.variants | Details.variantOptions);

/**
 * The select-list tail that reads product `p`'s relations `details` asks for, and the options of its variants when
 * asked for: `'each'` on every row (product by slug: a few rows, any may be the one kept), or once, on the first
 * row, for the products matching `scope` (a condition on `v.product_id`: a page's 25 products share their
 * options, so they are sent once).
 */
export const detailColumns = (details: number, options: 'each' | Prisma.Sql) =>
  Prisma.sql`${relationColumns(details)}${
    !wantsOptions(details)
      ? Prisma.empty
      : options === 'each'
        ? Prisma.sql`, ${optionsOf(Prisma.sql`= p.id`)} AS options`
        : Prisma.sql`,
    CASE WHEN row_number() OVER () = 1 THEN ${optionsOf(options)} END AS options`
  }`;

/** The details of a page of products in one statement: a row per product (see {@link detailColumns}). */
const DETAILS_SQL = (ids: string[], details: number) => Prisma.sql`
  SELECT p.id${detailColumns(details, Prisma.sql`= ANY(${ids}::uuid[])`)}
  FROM products p
  WHERE p.id = ANY(${ids}::uuid[])`;

type OptionRow = VariantOptionRef & { groupPosition: number };

/** A row of {@link detailColumns}, before the options are attached to the variants. */
export type DetailsRow = Omit<ProductDetails, 'media'> & {
  id: string;
  media?: Array<{ mediaId: string; position: number; storageKey: string; altText: string | null }>;
  options?: OptionRow[] | null;
};

const VARIANT_ATTRIBUTES_SQL = (ids: string[]) => Prisma.sql`
  SELECT owner.id AS "variantId", ${attributeValuesOf('variant_attribute_values', 'variant_id', Prisma.sql`owner.id`)} AS "values"
  FROM unnest(${ids}::uuid[]) AS owner(id)`;

/** Whether option `a` comes before `b`: group position, then identifier (compared as PostgreSQL's C collation would). */
const before = (a: OptionRow, b: OptionRow) =>
  a.groupPosition < b.groupPosition ||
  (a.groupPosition === b.groupPosition && a.propertyGroupIdentifier < b.propertyGroupIdentifier);

/**
 * A variant's known options in the order of their groups. An insertion sort in one new array: a variant has a
 * handful of options, and `Array.prototype.sort` allocates its own work space per call (a page makes 250).
 */
function optionsInGroupOrder(ids: string[], optionById: Map<string, OptionRow>): OptionRow[] {
  const sorted: OptionRow[] = [];
  for (const id of ids) {
    const option = optionById.get(id);
    if (!option) continue;
    let i = sorted.length;
    while (i > 0 && before(option, sorted[i - 1])) {
      sorted[i] = sorted[i - 1];
      i--;
    }
    sorted[i] = option;
  }
  return sorted;
}

const byOptionId = (options: OptionRow[] | null | undefined) => new Map((options ?? []).map((o) => [o.id, o]));

/** A details row as the API shows it: options attached to each variant in group order, media with their URLs. */
function detailsOf(
  row: DetailsRow,
  optionById: Map<string, OptionRow>,
  mediaUrl: LoaderDeps['mediaUrl'],
): ProductDetails {
  for (const variant of row.variants ?? []) {
    if (!variant.optionIds) continue;
    variant.options = optionsInGroupOrder(variant.optionIds, optionById);
    variant.optionIds = variant.options.map((o) => o.id);
  }
  return {
    translations: row.translations,
    categories: row.categories,
    tags: row.tags,
    attributes: row.attributes,
    variants: row.variants,
    media: row.media?.map((m) => ({
      mediaId: m.mediaId,
      position: m.position,
      url: mediaUrl(m.storageKey),
      altText: m.altText ?? null,
    })),
  };
}

const detailsKey = (key: DetailsKey) => `${key.id}:${key.details}`;

/** The keys' product ids grouped by shape (a request whose lists ask for different relations reads each once). */
function idsByShape(keys: readonly DetailsKey[]): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const { id, details } of keys) {
    const ids = groups.get(details);
    if (ids) ids.push(id);
    else groups.set(details, [id]);
  }
  return groups;
}

/** A product without rows (deleted meanwhile): the asked-for relations are empty. */
function emptyDetails(details: number): ProductDetails {
  const empty = (bit: number) => (details & bit ? [] : undefined);
  return {
    translations: empty(Details.translations),
    categories: empty(Details.categories),
    tags: empty(Details.tags),
    media: empty(Details.media),
    attributes: empty(Details.attributes),
    variants: empty(Details.variants),
  };
}

/**
 * The relations of product `p` that field `bit` needs, read with the shape `p` was listed with (`p.detailsShape`)
 * when that shape holds them, else with all of them (a field the selection analysis did not foresee still answers).
 */
export async function productDetailsFor(
  loaders: Pick<CatalogLoaders, 'productDetails'>,
  p: { id: string; detailsShape?: number },
  bit: number,
): Promise<ProductDetails> {
  const shape = p.detailsShape !== undefined && (p.detailsShape & bit) === bit ? p.detailsShape : ALL_DETAILS;
  return loaders.productDetails.load({ id: p.id, details: shape });
}

export function createCatalogLoaders(opts: LoaderDeps): CatalogLoaders {
  const { prisma } = opts;
  const loaders: CatalogLoaders = {
    productSummaryById: byId((ids) =>
      prisma.product.findMany({ where: { id: { in: ids } }, select: { id: true, sku: true } }),
    ),
    variantSummaryById: byId((ids) =>
      prisma.productVariant.findMany({ where: { id: { in: ids } }, select: { id: true, productId: true, sku: true } }),
    ),
    variantTitleById: new DataLoader(async (ids) => {
      const rows = await prisma.$queryRaw<Array<{ id: string; title: string | null }>>(Prisma.sql`
        SELECT v.id, ${variantTitleSql(Prisma.sql`v.id`, opts.defaultLocale)} AS title
        FROM unnest(${[...ids]}::uuid[]) AS v(id)`);
      const titles = new Map(rows.map((r) => [r.id, r.title]));
      return ids.map((id) => titles.get(id) ?? null);
    }),
    productNameById: new DataLoader(async (ids) => {
      const rows = await prisma.productTranslation.findMany({
        where: { productId: { in: [...ids] } },
        select: { productId: true, locale: true, name: true },
        orderBy: { locale: 'asc' },
      });
      const names = new Map<string, string>();
      for (const row of rows) {
        if (row.locale === opts.defaultLocale || !names.has(row.productId)) names.set(row.productId, row.name);
      }
      return ids.map((id) => names.get(id) ?? '');
    }),
    // One statement per page and shape whatever the page's size (the products' own rows are the list's statement).
    productDetails: new DataLoader(
      async (keys) => {
        const byProduct = new Map<string, ProductDetails>();
        for (const [details, ids] of idsByShape(keys)) {
          const rows = await prisma.$queryRaw<DetailsRow[]>(DETAILS_SQL(ids, details));
          // The options ride on one row (the first numbered); which one the driver lists first is not promised.
          const optionById = byOptionId(rows.find((row) => row.options)?.options);
          for (const row of rows)
            byProduct.set(detailsKey({ id: row.id, details }), detailsOf(row, optionById, opts.mediaUrl));
        }
        return keys.map((key): ProductDetails => byProduct.get(detailsKey(key)) ?? emptyDetails(key.details));
      },
      { cacheKeyFn: detailsKey },
    ),
    primeProductDetails(rows, details) {
      const optionById = byOptionId(rows.find((row) => row.options)?.options);
      for (const row of rows)
        loaders.productDetails.prime({ id: row.id, details }, detailsOf(row, optionById, opts.mediaUrl));
    },
    variantAttributes: new DataLoader(async (ids) => {
      const rows = await prisma.$queryRaw<Array<{ variantId: string; values: AttributeValue[] }>>(
        VARIANT_ATTRIBUTES_SQL([...ids]),
      );
      const byVariant = new Map(rows.map((r) => [r.variantId, r.values]));
      return ids.map((id) => byVariant.get(id) ?? []);
    }),
    categoryTranslations: groupedBy(
      (ids) => prisma.categoryTranslation.findMany({ where: { categoryId: { in: ids } }, orderBy: { locale: 'asc' } }),
      (r) => r.categoryId,
    ),
  };
  return loaders;
}

declare module '../../context/loaders' {
  interface Loaders extends CatalogLoaders {}
}
