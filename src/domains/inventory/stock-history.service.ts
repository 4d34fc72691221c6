import type { Ctx } from '../../context/ctx';
import { AppError } from '../../shared/errors';
import type { Page } from '../../shared/pagination';
import { movementPage, stockLevelPage } from './ledger-pages';
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
 * type and a time window (`from` inclusive, `to` exclusive): the admin's stock history, in one statement with
 * its capped count (ledger-pages.ts).
 */
export async function searchMovements(ctx: Ctx, filter: MovementFilter, page: Page) {
  tooLong('sku', filter.sku);
  if (filter.from && filter.to && filter.from > filter.to)
    throw AppError.validation([{ field: 'to', detail: 'must not be before from' }]);
  return movementPage(ctx, page, { ...filter, sku: filter.sku?.trim() || undefined });
}

/**
 * One warehouse's stock entries a page at a time, optionally those whose product or variant SKU or product name
 * holds `search` (case-insensitive): the admin's stock levels, which must not read a big warehouse whole.
 */
export async function listStockLevels(ctx: Ctx, warehouseId: string, search: string | undefined, page: Page) {
  // `search` is bounded as every search argument is (shared/validation/search.ts): it also matches product names.
  await getWarehouse(ctx, warehouseId);
  return stockLevelPage(ctx, page, warehouseId, search?.trim() || undefined);
}
