/** The URL state of the inventory lists (shared by the routes file and the screens). */

export const MOVEMENT_TYPES = ['ADJUSTMENT', 'SALE', 'REVERSAL', 'RETURN'] as const;

export interface MovementsSearch {
  page: number;
  warehouse?: string;
  sku?: string;
  type?: (typeof MOVEMENT_TYPES)[number];
  /** Local dates (`YYYY-MM-DD`): from the start of `from` to the end of `to`. */
  from?: string;
  to?: string;
}

export interface StockSearch {
  page: number;
  q?: string;
}

export const dateParam = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value) ? value : undefined;
