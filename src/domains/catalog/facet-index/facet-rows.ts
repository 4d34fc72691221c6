import { Prisma, type PrismaClient } from '../../../generated/prisma/client';
import { attributeOptionRows } from '../facet-filter';
import type { ProductFacetRow } from './facet-catalog';

/** Products read per statement of a full build (a few hundred kilobytes of text). */
export const LOAD_BATCH = 500;

interface Packed {
  id: string;
  active: boolean;
  price: number | null;
  stock: number;
  categories: string[];
  /** `attribute option;attribute option…` */
  attributes: string | null;
  /** `price stocked option option…;…` per active variant (`-` for no price, stocked 1 or 0). */
  units: string | null;
}

/**
 * One row per product, its variants and attribute values packed into text: a full build reads a million variants,
 * and a row object per variant (or per option) would cost the process hundreds of megabytes while it lasts.
 */
const PACKED = (where: Prisma.Sql) => Prisma.sql`
  SELECT p.id::text AS id, p.active, p.price_gross AS price, p.stock,
    ARRAY(SELECT pc.category_id::text FROM product_categories pc WHERE pc.product_id = p.id) AS categories,
    (SELECT string_agg(a.attribute_id::text || ' ' || a.option_id::text, ';')
      FROM (${attributeOptionRows(Prisma.sql`SELECT p.id`, true)}) a) AS attributes,
    (SELECT string_agg(COALESCE(COALESCE(NULLIF(v.price_gross, 0), p.price_gross)::text, '-') || ' '
        || (COALESCE(v.stock, p.stock) > 0)::int::text
        || COALESCE(' ' || (SELECT string_agg(vo.option_id::text, ' ') FROM variant_options vo WHERE vo.variant_id = v.id), ''),
      ';')
      FROM product_variants v WHERE v.product_id = p.id AND v.active) AS units
  FROM products p ${where}`;

/** The packed row as the catalog files it; a product without (active) variants is its own only unit. */
function unpack(row: Packed, groupOf: (option: string) => string | undefined): ProductFacetRow | null {
  const units: ProductFacetRow['units'] = [];
  for (const packed of row.units ? row.units.split(';') : []) {
    const [price, stocked, ...optionIds] = packed.split(' ');
    const options: Array<[string, string]> = [];
    for (const option of optionIds) {
      const group = groupOf(option);
      // An option created after the catalog's build: its `*` announcement rebuilds the catalog.
      if (group === undefined) return null;
      options.push([option, group]);
    }
    units.push({ price: price === '-' ? null : Number(price), stocked: stocked === '1', options });
  }
  if (!units.length) units.push({ price: row.price, stocked: row.stock > 0, options: [] });
  const attributes = row.attributes ? row.attributes.split(';').map((pair) => pair.split(' ') as [string, string]) : [];
  return { id: row.id, active: row.active, categories: row.categories, attributes, units };
}

/** Every property option's group (a small table: read once per build). */
export async function readOptionGroups(db: PrismaClient): Promise<Map<string, string>> {
  const rows = await db.$queryRaw<Array<{ id: string; group_id: string }>>(
    Prisma.sql`SELECT id::text AS id, property_group_id::text AS group_id FROM property_options`,
  );
  return new Map(rows.map((r) => [r.id, r.group_id]));
}

/**
 * The store's facet data of products `ids`, in one statement. A product absent from the answer was deleted; null
 * when a product carries an option the catalog does not know yet (it must be rebuilt).
 */
export async function readProductFacets(
  db: PrismaClient,
  ids: string[],
  groupOf: (option: string) => string | undefined,
): Promise<ProductFacetRow[] | null> {
  if (!ids.length) return [];
  const rows = await db.$queryRaw<Packed[]>(PACKED(Prisma.sql`WHERE p.id = ANY(${ids}::uuid[])`));
  return unpackAll(rows, groupOf);
}

/** The next `LOAD_BATCH` products after `after` (keyset order), for a full build; null as above. */
export async function nextProductFacets(
  db: PrismaClient,
  after: string | null,
  groupOf: (option: string) => string | undefined,
): Promise<ProductFacetRow[] | null> {
  const rows = await db.$queryRaw<Packed[]>(
    PACKED(
      after === null
        ? Prisma.sql`ORDER BY p.id LIMIT ${LOAD_BATCH}`
        : Prisma.sql`WHERE p.id > ${after}::uuid ORDER BY p.id LIMIT ${LOAD_BATCH}`,
    ),
  );
  return unpackAll(rows, groupOf);
}

function unpackAll(rows: Packed[], groupOf: (option: string) => string | undefined): ProductFacetRow[] | null {
  const out: ProductFacetRow[] = [];
  for (const row of rows) {
    const unpacked = unpack(row, groupOf);
    if (!unpacked) return null;
    out.push(unpacked);
  }
  return out;
}
