import type { Ctx } from '../../context/ctx';
import { modelColumns, readPage } from '../../context/page-statement';
import { Prisma } from '../../generated/prisma/client';
import { containing } from '../../shared/like';
import { type Page, pageMeta } from '../../shared/pagination';

/**
 * Pages of the two tables that grow without bound, the movement ledger and the stock entries (a catalog of 100,000
 * products with 10 variants holds a million of each in one warehouse), read like the order list (D-298): one
 * statement with the count capped at COUNT_CAP and taken without an order. Through Prisma the count was exact
 * (65–95 ms per page at a million rows) or, capped, ordered by id (up to 2.5 s cold); docs/decisions.md D-304.
 */

type MovementRow = Awaited<ReturnType<Ctx['db']['stockMovement']['findFirstOrThrow']>>;
type EntryRow = Awaited<ReturnType<Ctx['db']['stockEntry']['findFirstOrThrow']>>;

const MOVEMENT_COLUMNS = modelColumns(Prisma.StockMovementScalarFieldEnum, 'm');
const ENTRY_COLUMNS = modelColumns(Prisma.StockEntryScalarFieldEnum, 'e');

/** Conditions on a movement `m`. */
export interface MovementWhere {
  warehouseId?: string;
  productId?: string;
  variantId?: string;
  type?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Part of the variant's SKU, or of the product's for a product-level movement (case-insensitive, literal). */
  sku?: string;
}

/** Movements newest first, as Prisma reads them. */
export async function movementPage(ctx: Ctx, page: Page, filter: MovementWhere) {
  const where: Prisma.Sql[] = [];
  if (filter.warehouseId) where.push(Prisma.sql`m.warehouse_id = ${filter.warehouseId}::uuid`);
  if (filter.productId) where.push(Prisma.sql`m.product_id = ${filter.productId}::uuid`);
  if (filter.variantId) where.push(Prisma.sql`m.variant_id = ${filter.variantId}::uuid`);
  if (filter.type) where.push(Prisma.sql`m.type = ${filter.type}::stock_movement_type`);
  if (filter.from) where.push(Prisma.sql`m.created_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) where.push(Prisma.sql`m.created_at < ${filter.to.toISOString()}::timestamptz`);
  if (filter.sku) {
    const pattern = containing(filter.sku);
    where.push(Prisma.sql`(m.variant_id IN (SELECT v.id FROM product_variants v WHERE v.sku ILIKE ${pattern})
      OR (m.variant_id IS NULL AND m.product_id IN (SELECT p.id FROM products p WHERE p.sku ILIKE ${pattern})))`);
  }
  const { rows, total } = await readPage<MovementRow>(ctx, page, {
    table: 'stock_movements',
    alias: 'm',
    columns: MOVEMENT_COLUMNS,
    where,
    order: Prisma.raw('m.created_at DESC, m.id DESC'),
  });
  return { items: rows.map((r) => r.row), meta: pageMeta(total, page) };
}

/**
 * One warehouse's stock entries by product and variant (the product-level entry first), optionally those whose
 * variant SKU, product SKU or product name holds `search` (case-insensitive, literal).
 */
export async function stockLevelPage(ctx: Ctx, page: Page, warehouseId: string, search?: string) {
  const where = [Prisma.sql`e.warehouse_id = ${warehouseId}::uuid`];
  if (search) {
    const pattern = containing(search);
    where.push(Prisma.sql`(EXISTS (SELECT 1 FROM product_variants v WHERE v.id = e.variant_id AND v.sku ILIKE ${pattern})
      OR EXISTS (SELECT 1 FROM products p WHERE p.id = e.product_id AND p.sku ILIKE ${pattern})
      OR EXISTS (SELECT 1 FROM product_translations t WHERE t.product_id = e.product_id AND t.name ILIKE ${pattern}))`);
  }
  const { rows, total } = await readPage<EntryRow>(ctx, page, {
    table: 'stock_entries',
    alias: 'e',
    columns: ENTRY_COLUMNS,
    where,
    order: Prisma.raw('e.product_id ASC, e.variant_id ASC NULLS FIRST, e.id ASC'),
  });
  return { items: rows.map((r) => r.row), meta: pageMeta(total, page) };
}
