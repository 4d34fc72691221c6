import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { isUniqueViolation, provided } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { findPage, type Page } from '../../shared/pagination';
import { rejectNulls } from '../../shared/updates';
import { refreshStockTotals } from './stock-totals';
import type { WarehouseCreateInput, WarehouseUpdateInput } from './warehouse.inputs';

export function listWarehouses(ctx: Ctx, page: Page, filter: { active?: boolean | null }) {
  const where = filter.active === undefined || filter.active === null ? {} : { active: filter.active };
  return findPage(
    page,
    (w) =>
      ctx.db.warehouse.findMany({ where, orderBy: [{ priority: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }], ...w }),
    () => ctx.db.warehouse.count({ where }),
  );
}

export async function getWarehouse(ctx: Ctx, id: string) {
  const warehouse = await ctx.db.warehouse.findUnique({ where: { id } });
  if (!warehouse) throw AppError.notFound('warehouse');
  return warehouse;
}

export async function createWarehouse(ctx: Ctx, input: WarehouseCreateInput) {
  try {
    return await ctx.db.warehouse.create({ data: { ...provided(input), name: input.name, code: input.code } });
  } catch (err) {
    throw duplicateCode(err);
  }
}

/**
 * Updates only the given fields. Toggling `active` changes which warehouses count towards the denormalized
 * product/variant stock, so the totals are refreshed in the same transaction.
 */
export async function updateWarehouse(ctx: Ctx, id: string, input: WarehouseUpdateInput) {
  rejectNulls(input, ['name', 'code', 'active', 'priority', 'allowNegativeStock']);
  return inTransaction(ctx, async (tx) => {
    const before = await getWarehouse(tx, id);
    let updated;
    try {
      updated = await tx.db.warehouse.update({ where: { id }, data: provided(input) as Record<string, unknown> });
    } catch (err) {
      throw duplicateCode(err);
    }
    if (before.active !== updated.active) await refreshStockTotals(tx, { warehouseId: id });
    return updated;
  });
}

/** Deletes the warehouse and (by cascade) its stock entries; movements stay with a null warehouse id. */
export async function deleteWarehouse(ctx: Ctx, id: string): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    await getWarehouse(tx, id);
    const affected = await tx.db.stockEntry.findMany({
      where: { warehouseId: id },
      select: { productId: true, variantId: true },
    });
    await tx.db.warehouse.delete({ where: { id } });
    await refreshStockTotals(tx, {
      productIds: affected.map((e) => e.productId),
      variantIds: affected.flatMap((e) => (e.variantId ? [e.variantId] : [])),
    });
    return true;
  });
}

function duplicateCode(err: unknown): unknown {
  return isUniqueViolation(err)
    ? new AppError('duplicate_code', 'warehouse code already exists', { field: 'code' })
    : err;
}
