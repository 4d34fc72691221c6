import type { Ctx } from '../../context/ctx';
import { inTransaction, readTogether } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { asInstances } from '../../shared/instances';
import type { Page } from '../../shared/pagination';
import { movementPage } from './ledger-pages';
import type { StockSetItemInput } from './stock.inputs';
import { StockEntry } from './stock.type';
import { refreshStockTotals } from './stock-totals';
import { getWarehouse } from './warehouse.service';

const ENTRY_ORDER: Prisma.StockEntryOrderByWithRelationInput[] = [
  { productId: 'asc' },
  { variantId: { sort: 'asc', nulls: 'first' } },
  { id: 'asc' },
];

export async function listWarehouseStock(ctx: Ctx, warehouseId: string) {
  await getWarehouse(ctx, warehouseId);
  // Instances, so type-graphql hands them to the five field resolvers as they are (src/shared/instances.ts).
  return asInstances(StockEntry, await ctx.db.stockEntry.findMany({ where: { warehouseId }, orderBy: ENTRY_ORDER }));
}

export async function listProductStock(ctx: Ctx, productId: string) {
  const product = await ctx.db.product.findUnique({ where: { id: productId }, select: { id: true } });
  if (!product) throw AppError.notFound('product');
  // Grouped by warehouse in deduction order, so the list reads the way checkout consumes it.
  const entries = await ctx.db.stockEntry.findMany({
    where: { productId },
    orderBy: [
      { warehouse: { priority: 'asc' } },
      { warehouseId: 'asc' },
      { variantId: { sort: 'asc', nulls: 'first' } },
    ],
  });
  return asInstances(StockEntry, entries);
}

/**
 * Sets absolute quantities in one warehouse: every item is checked first (unknown product or variant → 404,
 * nothing written), then each entry is upserted under a row lock, an adjustment movement records the signed
 * change, and the denormalized totals are refreshed, all in one transaction.
 */
export async function setWarehouseStock(ctx: Ctx, warehouseId: string, items: StockSetItemInput[]) {
  return inTransaction(ctx, async (tx) => {
    await getWarehouse(tx, warehouseId);
    await assertProductsExist(tx, items);
    const ids: string[] = [];
    // Rows are locked in the one order every stock use case follows (product, then variant): no deadlocks with
    // checkouts and reversals. The sort is stable, so a product named twice still ends with its last quantity.
    const ordered = [...items].sort((a, b) => lockKey(a).localeCompare(lockKey(b)));
    for (const item of ordered) {
      const variantId = item.variantId ?? null;
      const [current] = await tx.db.$queryRaw<Array<{ id: string; quantity: number }>>(Prisma.sql`
        SELECT id, quantity FROM stock_entries
        WHERE warehouse_id = ${warehouseId}::uuid AND product_id = ${item.productId}::uuid AND variant_id IS NOT DISTINCT FROM ${variantId}::uuid
        FOR UPDATE`);
      const entry = current
        ? await tx.db.stockEntry.update({ where: { id: current.id }, data: { quantity: item.quantity } })
        : await tx.db.stockEntry.create({
            data: { warehouseId, productId: item.productId, variantId, quantity: item.quantity },
          });
      await tx.db.stockMovement.create({
        data: {
          warehouseId,
          productId: item.productId,
          variantId,
          type: 'adjustment',
          quantity: item.quantity - (current?.quantity ?? 0),
          reference: item.reference ?? null,
        },
      });
      ids.push(entry.id);
    }
    await refreshStockTotals(tx, {
      productIds: items.map((i) => i.productId),
      variantIds: items.flatMap((i) => (i.variantId ? [i.variantId] : [])),
    });
    // Setting the same product twice in one request returns its final entry once.
    return tx.db.stockEntry.findMany({ where: { id: { in: [...new Set(ids)] } }, orderBy: ENTRY_ORDER });
  });
}

/** The lock order of stock entries within one warehouse: product id, then variant id (none first). */
const lockKey = (item: { productId: string; variantId?: string | null }) => `${item.productId}/${item.variantId ?? ''}`;

async function assertProductsExist(ctx: Ctx, items: StockSetItemInput[]): Promise<void> {
  const productIds = [...new Set(items.map((i) => i.productId))];
  const variantIds = [...new Set(items.flatMap((i) => (i.variantId ? [i.variantId] : [])))];
  const [products, variants] = await readTogether(ctx, [
    () => ctx.db.product.findMany({ where: { id: { in: productIds } }, select: { id: true } }),
    async () =>
      variantIds.length
        ? ctx.db.productVariant.findMany({ where: { id: { in: variantIds } }, select: { id: true, productId: true } })
        : [],
  ] as const);
  const knownProducts = new Set(products.map((p) => p.id));
  const variantOwner = new Map(variants.map((v) => [v.id, v.productId]));
  items.forEach((item, i) => {
    if (!knownProducts.has(item.productId))
      throw new AppError('not_found', 'product not found', { field: `items[${i}].product_id` });
    if (item.variantId && variantOwner.get(item.variantId) !== item.productId) {
      throw new AppError('not_found', 'variant not found', { field: `items[${i}].variant_id` });
    }
  });
}

export async function listMovements(ctx: Ctx, filter: { warehouseId?: string; productId?: string }, page: Page) {
  if (filter.warehouseId) await getWarehouse(ctx, filter.warehouseId);
  if (
    filter.productId &&
    !(await ctx.db.product.findUnique({ where: { id: filter.productId }, select: { id: true } }))
  ) {
    throw AppError.notFound('product');
  }
  return movementPage(
    ctx,
    page,
    filter.warehouseId ? { warehouseId: filter.warehouseId } : { productId: filter.productId },
  );
}

/**
 * Stock given to the catalog (a product's or variant's `stock` field) is written as the product-level (or
 * variant) entry of the first active warehouse by priority, through {@link setWarehouseStock}, so the adjustment
 * movement and the denormalized totals stay right. Without an active warehouse a non-zero quantity is 422.
 */
export async function setDefaultWarehouseStock(
  ctx: Ctx,
  productId: string,
  variantId: string | null,
  quantity: number,
): Promise<void> {
  const warehouse = await ctx.db.warehouse.findFirst({
    where: { active: true },
    orderBy: [{ priority: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  if (!warehouse) {
    if (quantity === 0) return;
    throw new AppError('no_active_warehouse', 'stock needs an active warehouse', { field: 'stock' });
  }
  await setWarehouseStock(ctx, warehouse.id, [
    { productId, variantId, quantity, reference: 'set through the catalog' },
  ]);
}
