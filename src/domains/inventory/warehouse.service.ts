import type { Ctx } from '../../app/context';
import { inTransaction } from '../../app/db/transaction';
import { toSnake } from '../../shared/case';
import { AppError } from '../../shared/errors';
import { isUniqueViolation, provided } from '../../shared/db-errors';
import { type Page, pageMeta } from '../../shared/pagination';
import type { WarehouseCreateInput, WarehouseUpdateInput } from './warehouse.inputs';
import { refreshStockTotals } from './stock-totals';

/** Columns that cannot be cleared: an explicit null for them is a validation error, not a reset. */
const REQUIRED_ON_UPDATE = ['name', 'code', 'active', 'priority', 'allowNegativeStock'] as const;

export async function listWarehouses(ctx: Ctx, page: Page, filter: { active?: boolean | null }) {
  const where = filter.active === undefined || filter.active === null ? {} : { active: filter.active };
  const [items, total] = await Promise.all([
    ctx.db.warehouse.findMany({ where, orderBy: [{ priority: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }], skip: page.skip, take: page.limit }),
    ctx.db.warehouse.count({ where }),
  ]);
  return { items, meta: pageMeta(total, page) };
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
  const nulls = REQUIRED_ON_UPDATE.filter((key) => input[key] === null).map((key) => ({ field: toSnake(key), detail: 'required' }));
  if (nulls.length) throw AppError.validation(nulls);
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
    const affected = await tx.db.stockEntry.findMany({ where: { warehouseId: id }, select: { productId: true, variantId: true } });
    await tx.db.warehouse.delete({ where: { id } });
    await refreshStockTotals(tx, {
      productIds: affected.map((e) => e.productId),
      variantIds: affected.flatMap((e) => (e.variantId ? [e.variantId] : [])),
    });
    return true;
  });
}

function duplicateCode(err: unknown): unknown {
  return isUniqueViolation(err) ? new AppError('duplicate_code', 'warehouse code already exists', { field: 'code' }) : err;
}
