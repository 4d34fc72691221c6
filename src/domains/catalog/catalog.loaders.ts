import DataLoader from 'dataloader';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import { byId } from '../../app/loaders';
import type { CategoryTranslation } from './category.type';
import type { AttributeValue, ProductMediaRef, ProductTranslation, Variant, VariantOptionRef } from './product.type';

export interface ProductSummary {
  id: string;
  sku: string | null;
}

export interface VariantSummary {
  id: string;
  productId: string;
  sku: string | null;
}

export interface ProductLinks {
  categories: string[];
  tags: string[];
}

/**
 * Every relation of a product is one DataLoader keyed by product (or variant) id, so a page of products costs
 * one statement per relation whatever its size. Variants carry their options, and attribute values their
 * attribute's metadata, through JSON aggregation in the same statement instead of a further loader.
 */
export interface CatalogLoaders {
  productSummaryById: DataLoader<string, ProductSummary | null>;
  /** The product's name in the default locale, else in its first locale. */
  productNameById: DataLoader<string, string>;
  variantSummaryById: DataLoader<string, VariantSummary | null>;
  productTranslations: DataLoader<string, ProductTranslation[]>;
  /** A product's variants with their options and attribute values. */
  productVariants: DataLoader<string, Variant[]>;
  propertyOptionById: DataLoader<string, (VariantOptionRef & { groupPosition: number }) | null>;
  productLinks: DataLoader<string, ProductLinks>;
  productMedia: DataLoader<string, ProductMediaRef[]>;
  productAttributes: DataLoader<string, AttributeValue[]>;
  variantAttributes: DataLoader<string, AttributeValue[]>;
  categoryTranslations: DataLoader<string, CategoryTranslation[]>;
}

/** Groups rows by `key` into one list per requested id (in request order). */
function grouped<T>(ids: readonly string[], rows: T[], key: (row: T) => string): T[][] {
  const map = new Map<string, T[]>(ids.map((id) => [id, []]));
  for (const row of rows) map.get(key(row))?.push(row);
  return ids.map((id) => map.get(id) ?? []);
}

// One row per product: its variants as one JSON array built by PostgreSQL (timestamps already in the API's
// ISO form), so the page's variants cross the wire and the driver as 25 documents, not 250 typed rows.
// Option ids only: the options themselves are shared by many variants, so they are read once per request by id.
const VARIANT_SQL = (ids: string[]) => Prisma.sql`
  SELECT v.product_id AS "productId", json_agg(json_build_object(
    'id', v.id, 'productId', v.product_id, 'sku', v.sku,
    'priceGross', COALESCE(NULLIF(v.price_gross, 0), p.price_gross),
    'priceNet', COALESCE(NULLIF(v.price_net, 0), p.price_net),
    'stock', v.stock, 'active', v.active, 'position', v.position,
    'createdAt', to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(v.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'optionIds', ARRAY(SELECT vo.option_id FROM variant_options vo WHERE vo.variant_id = v.id)
  ) ORDER BY v.position, v.created_at, v.id) AS variants
  FROM product_variants v JOIN products p ON p.id = v.product_id
  WHERE v.product_id = ANY(${ids}::uuid[])
  GROUP BY v.product_id`;

const OPTION_SQL = (ids: string[]) => Prisma.sql`
  SELECT o.id, o.property_group_id AS "propertyGroupId", g.identifier AS "propertyGroupIdentifier", g.position AS "groupPosition",
    o.position, o.color_hex AS "colorHex",
    COALESCE((SELECT json_agg(json_build_object('locale', ot.locale, 'name', ot.name) ORDER BY ot.locale)
              FROM property_option_translations ot WHERE ot.property_option_id = o.id), '[]'::json) AS translations
  FROM property_options o JOIN property_groups g ON g.id = o.property_group_id
  WHERE o.id = ANY(${ids}::uuid[])`;

type OptionRow = VariantOptionRef & { groupPosition: number };

/** A variant's options in the order of their groups (position, then identifier, compared as PostgreSQL's C collation would). */
const byGroup = (a: OptionRow, b: OptionRow) =>
  a.groupPosition - b.groupPosition || (a.propertyGroupIdentifier < b.propertyGroupIdentifier ? -1 : a.propertyGroupIdentifier > b.propertyGroupIdentifier ? 1 : 0);

const attributeValueSql = (table: 'product_attribute_values' | 'variant_attribute_values', owner: 'product_id' | 'variant_id', ids: string[]) => Prisma.sql`
  SELECT x.${Prisma.raw(owner)} AS "ownerId", x.attribute_id AS "attributeId", x.value_text AS "valueText", x.value_numeric AS "valueNumeric",
    x.option_id AS "optionId", x.option_ids::text[] AS "optionIds", x.value_boolean AS "valueBoolean",
    a.identifier AS "attributeIdentifier", a.type::text AS type, a.unit,
    COALESCE((SELECT json_agg(json_build_object('locale', t.locale, 'name', t.name) ORDER BY t.locale)
              FROM attribute_translations t WHERE t.attribute_id = a.id), '[]'::json) AS translations
  FROM ${Prisma.raw(table)} x JOIN attributes a ON a.id = x.attribute_id
  WHERE x.${Prisma.raw(owner)} = ANY(${ids}::uuid[])
  ORDER BY a.position, a.identifier`;

type OwnedValue = AttributeValue & { ownerId: string };

export function createCatalogLoaders(prisma: PrismaClient, opts: { defaultLocale: string; mediaUrl: (storageKey: string) => string }): CatalogLoaders {
  const attributeLoader = (table: 'product_attribute_values' | 'variant_attribute_values', owner: 'product_id' | 'variant_id') =>
    new DataLoader<string, AttributeValue[]>(async (ids) => {
      const rows = await prisma.$queryRaw<OwnedValue[]>(attributeValueSql(table, owner, [...ids]));
      return grouped(ids, rows, (r) => r.ownerId);
    });
  const loaders: CatalogLoaders = {
    productSummaryById: byId((ids) => prisma.product.findMany({ where: { id: { in: ids } }, select: { id: true, sku: true } })),
    variantSummaryById: byId((ids) => prisma.productVariant.findMany({ where: { id: { in: ids } }, select: { id: true, productId: true, sku: true } })),
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
    productTranslations: new DataLoader(async (ids) => {
      const rows = await prisma.productTranslation.findMany({ where: { productId: { in: [...ids] } }, orderBy: { locale: 'asc' } });
      return grouped(ids, rows, (r) => r.productId);
    }),
    // Variants arrive whole (options and attribute values attached): three statements per page, not a
    // resolver and a loader call per variant.
    productVariants: new DataLoader(async (ids) => {
      const perProduct = await prisma.$queryRaw<Array<{ productId: string; variants: Variant[] }>>(VARIANT_SQL([...ids]));
      const rows = perProduct.flatMap((r) => r.variants);
      const [options, attributes] = await Promise.all([
        loaders.propertyOptionById.loadMany([...new Set(rows.flatMap((r) => r.optionIds))]),
        loaders.variantAttributes.loadMany(rows.map((r) => r.id)),
      ]);
      const optionById = new Map<string, OptionRow>();
      for (const o of options) if (o && !(o instanceof Error)) optionById.set(o.id, o);
      for (const [i, row] of rows.entries()) {
        const found = row.optionIds.map((id) => optionById.get(id)).filter((o): o is OptionRow => Boolean(o)).sort(byGroup);
        row.options = found;
        row.optionIds = found.map((o) => o.id);
        const values = attributes[i];
        if (values instanceof Error) throw values;
        row.attributes = values;
      }
      return grouped(ids, rows, (r) => r.productId);
    }),
    propertyOptionById: byId((ids) => prisma.$queryRaw<OptionRow[]>(OPTION_SQL(ids))),
    // Categories and tags in one statement: both are plain id lists.
    productLinks: new DataLoader(async (ids) => {
      const rows = await prisma.$queryRaw<Array<{ kind: string; product_id: string; ref: string }>>(Prisma.sql`
        SELECT * FROM (
          SELECT 'c' AS kind, product_id, category_id AS ref, position FROM product_categories WHERE product_id = ANY(${[...ids]}::uuid[])
          UNION ALL
          SELECT 't', product_id, tag_id, 0 FROM product_tags WHERE product_id = ANY(${[...ids]}::uuid[])
        ) l ORDER BY position, ref`);
      return grouped(ids, rows, (r) => r.product_id).map((list) => ({
        categories: list.filter((r) => r.kind === 'c').map((r) => r.ref),
        tags: list.filter((r) => r.kind === 't').map((r) => r.ref),
      }));
    }),
    productMedia: new DataLoader(async (ids) => {
      const rows = await prisma.$queryRaw<Array<{ product_id: string; media_id: string; position: number; storage_key: string }>>(Prisma.sql`
        SELECT pm.product_id, pm.media_id, pm.position, m.storage_key FROM product_media pm JOIN media m ON m.id = pm.media_id
        WHERE pm.product_id = ANY(${[...ids]}::uuid[]) ORDER BY pm.position, pm.media_id`);
      return grouped(ids, rows, (r) => r.product_id).map((list) => list.map((r) => ({ mediaId: r.media_id, position: r.position, url: opts.mediaUrl(r.storage_key) })));
    }),
    productAttributes: attributeLoader('product_attribute_values', 'product_id'),
    variantAttributes: attributeLoader('variant_attribute_values', 'variant_id'),
    categoryTranslations: new DataLoader(async (ids) => {
      const rows = await prisma.categoryTranslation.findMany({ where: { categoryId: { in: [...ids] } }, orderBy: { locale: 'asc' } });
      return grouped(ids, rows, (r) => r.categoryId);
    }),
  };
  return loaders;
}
