import type { Ctx } from '../../context/ctx';
import { Prisma } from '../../generated/prisma/client';
import { unique } from '../../shared/collections';

/**
 * Keeps the denormalized `stock` of products and variants equal to the sum of their entries in active
 * warehouses. A variant counts its own entries; a product counts all of its entries (product-level and
 * every variant's), so a product with variants shows its total. Runs in the caller's transaction, after the
 * stock entries are locked, and locks the rows it updates by id (the global lock order: orders, stock entries,
 * variants, products).
 */
export async function refreshStockTotals(
  ctx: Ctx,
  scope: { productIds?: string[]; variantIds?: string[]; warehouseId?: string },
): Promise<void> {
  let productIds = unique(scope.productIds ?? []);
  let variantIds = unique(scope.variantIds ?? []);
  if (scope.warehouseId) {
    const entries = await ctx.db.stockEntry.findMany({
      where: { warehouseId: scope.warehouseId },
      select: { productId: true, variantId: true },
    });
    productIds = unique([...productIds, ...entries.map((e) => e.productId)]);
    variantIds = unique([...variantIds, ...entries.flatMap((e) => (e.variantId ? [e.variantId] : []))]);
  }
  if (!variantIds.length && !productIds.length) return;
  await ctx.db.$queryRaw(lockTotalsSql({ variantIds, productIds }));
  await recomputeStockTotals(ctx, { variantIds, productIds });
}

/**
 * Locks the variants, then the products, each by id (an Append runs its branches in order), so the totals
 * can be recomputed in a later statement. Lock first, then sum in a new statement: under READ COMMITTED an
 * UPDATE that waited for a row lock keeps its old snapshot for the SUM and would miss the stock the lock
 * holder just committed. Exported as SQL so a caller can take these locks in the statement that locks its
 * stock entries (entries come first in the lock order). Columns: `id`.
 */
export function lockTotalsSql(scope: { variantIds: string[]; productIds: string[] }): Prisma.Sql {
  return Prisma.sql`
    SELECT id FROM (SELECT id FROM product_variants WHERE id = ANY(${scope.variantIds}::uuid[]) ORDER BY id FOR NO KEY UPDATE) v
    UNION ALL
    SELECT id FROM (SELECT id FROM products WHERE id = ANY(${scope.productIds}::uuid[]) ORDER BY id FOR NO KEY UPDATE) p`;
}

/** Recomputes totals locked by {@link lockTotalsSql}: both sums in one statement, so in one snapshot taken after the locks. */
async function recomputeStockTotals(ctx: Ctx, scope: { variantIds: string[]; productIds: string[] }): Promise<void> {
  await ctx.db.$executeRaw(Prisma.sql`
    WITH variants AS (
      UPDATE product_variants v SET stock = ${activeStockSum('variant_id', 'v.id')}
      WHERE v.id = ANY(${scope.variantIds}::uuid[])
      RETURNING v.id
    )
    UPDATE products p SET stock = ${activeStockSum('product_id', 'p.id')}
    WHERE p.id = ANY(${scope.productIds}::uuid[])`);
}

/**
 * What a denormalized total holds, as an SQL expression: the stock of the entries of `owner` (a variant's or a
 * product's id column of the statement) in active warehouses.
 */
export function activeStockSum(column: 'variant_id' | 'product_id', owner: 'v.id' | 'p.id'): Prisma.Sql {
  return Prisma.sql`COALESCE((
    SELECT SUM(se.quantity) FROM stock_entries se JOIN warehouses w ON w.id = se.warehouse_id AND w.active
    WHERE se.${Prisma.raw(column)} = ${Prisma.raw(owner)}), 0)`;
}
