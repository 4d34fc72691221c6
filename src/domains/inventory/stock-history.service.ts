import type { Ctx } from '../../context/ctx';
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { likeLiteral } from '../../shared/like';
import { findPage, type Page } from '../../shared/pagination';
import type { StockMovementType } from './stock.type';
import { getWarehouse } from './warehouse.service';

/** SKUs are at most 100 characters (the column); a longer filter is a mistake, not a search. */
const MAX_SEARCH = 100;

export interface MovementFilter {
  warehouseId?: string;
  productId?: string;
  variantId?: string;
  /** Part of the product's or the variant's SKU, case-insensitive. */
  sku?: string;
  type?: StockMovementType;
  from?: Date;
  to?: Date;
}

const tooLong = (field: string, value: string | undefined) => {
  if (value && value.length > MAX_SEARCH) throw AppError.validation([{ field, detail: 'max_length' }]);
};

/**
 * The movement ledger across warehouses, newest first, filtered by any of warehouse, product, variant, SKU,
 * type and a time window (`from` inclusive, `to` exclusive): the admin's stock history. One statement for the
 * page and one for the count; the SKU filter joins product and variant through their unique SKU indexes.
 */
export async function searchMovements(ctx: Ctx, filter: MovementFilter, page: Page) {
  tooLong('sku', filter.sku);
  if (filter.from && filter.to && filter.from > filter.to)
    throw AppError.validation([{ field: 'to', detail: 'must not be before from' }]);
  const sku = filter.sku?.trim();
  const where: Prisma.StockMovementWhereInput = {
    ...(filter.warehouseId ? { warehouseId: filter.warehouseId } : {}),
    ...(filter.productId ? { productId: filter.productId } : {}),
    ...(filter.variantId ? { variantId: filter.variantId } : {}),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.from || filter.to
      ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } }
      : {}),
    ...(sku
      ? {
          OR: [
            { variant: { sku: { contains: likeLiteral(sku), mode: 'insensitive' } } },
            { variantId: null, product: { sku: { contains: likeLiteral(sku), mode: 'insensitive' } } },
          ],
        }
      : {}),
  };
  return findPage(
    page,
    (w) => ctx.db.stockMovement.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...w }),
    () => ctx.db.stockMovement.count({ where }),
  );
}

/**
 * One warehouse's stock entries a page at a time, optionally those whose product or variant SKU or product name
 * holds `search` (case-insensitive): the admin's stock levels, which must not read a big warehouse whole.
 */
export async function listStockLevels(ctx: Ctx, warehouseId: string, search: string | undefined, page: Page) {
  tooLong('search', search);
  await getWarehouse(ctx, warehouseId);
  const q = search?.trim();
  const where: Prisma.StockEntryWhereInput = {
    warehouseId,
    ...(q
      ? {
          OR: [
            { variant: { sku: { contains: likeLiteral(q), mode: 'insensitive' } } },
            { product: { sku: { contains: likeLiteral(q), mode: 'insensitive' } } },
            { product: { translations: { some: { name: { contains: likeLiteral(q), mode: 'insensitive' } } } } },
          ],
        }
      : {}),
  };
  return findPage(
    page,
    (w) =>
      ctx.db.stockEntry.findMany({
        where,
        orderBy: [{ productId: 'asc' }, { variantId: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
        ...w,
      }),
    () => ctx.db.stockEntry.count({ where }),
  );
}
