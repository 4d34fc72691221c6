import type { Ctx } from '../../context/ctx';
import { cappedCount, pageTotal } from '../../context/page-statement';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { type Page, pageMeta } from '../../shared/pagination';

/** The highest threshold a caller may ask for (a larger one is a stock report, not an alert). */
export const MAX_LOW_STOCK_THRESHOLD = 100_000;

interface Row {
  product_id: string;
  variant_id: string | null;
  sku: string | null;
  name: string | null;
  stock: number;
  total: bigint | number;
}

/** The sellable units at or under `threshold`: active variants, and active products without variants. */
const unitsAtOrUnder = (threshold: number) => Prisma.sql`
  SELECT p.id AS product_id, v.id AS variant_id, coalesce(v.sku, p.sku) AS sku, v.stock
  FROM product_variants v JOIN products p ON p.id = v.product_id
  WHERE p.active AND v.active AND v.stock <= ${threshold}
  UNION ALL
  SELECT p.id, NULL, p.sku, p.stock
  FROM products p
  WHERE p.active AND p.stock <= ${threshold}
    AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)`;

/**
 * Active variants (and active products without variants) with at most `threshold` units, fewest first, in one
 * statement: the page, and its total capped at COUNT_CAP like the other big lists (D-305). A window count over
 * every match sorted them all (100,000 matches in a catalog of a million variants: 285 ms a page); the page now
 * keeps only its best rows while it reads, and the count stops at the cap. A page past the end counts with a
 * second statement (it has no row to carry the total).
 */
export async function listLowStock(ctx: Ctx, threshold: number, page: Page) {
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > MAX_LOW_STOCK_THRESHOLD)
    throw AppError.validation([{ field: 'threshold', detail: `between 0 and ${MAX_LOW_STOCK_THRESHOLD}` }]);
  const locale = ctx.config['i18n.default_locale'];
  const counted = cappedCount(unitsAtOrUnder(threshold));
  const rows = await ctx.db.$queryRaw<Row[]>(Prisma.sql`
    WITH ranked AS (
      SELECT units.* FROM (${unitsAtOrUnder(threshold)}) units
      ORDER BY stock, product_id, variant_id NULLS FIRST
      LIMIT ${page.limit} OFFSET ${page.skip}
    )
    SELECT ranked.*, (${counted}) AS total,
      (SELECT t.name FROM product_translations t WHERE t.product_id = ranked.product_id
        ORDER BY t.locale = ${locale} DESC, t.locale LIMIT 1) AS name
    FROM ranked ORDER BY stock, product_id, variant_id NULLS FIRST`);
  const total = await pageTotal(ctx, page, rows[0]?.total, counted);
  return {
    items: rows.map((r) => ({
      productId: r.product_id,
      variantId: r.variant_id,
      sku: r.sku,
      name: r.name ?? '',
      stock: Number(r.stock),
    })),
    meta: pageMeta(total, page),
  };
}
