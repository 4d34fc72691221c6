import { AppError } from './errors';

/**
 * The largest amount or quantity the service stores and answers: money columns and quantities are PostgreSQL
 * `integer` and GraphQL `Int`, both signed 32-bit (2,147,483,647 minor units: 21,474,836.47 EUR). A product
 * price, a quantity and a line count each fit on their own, yet their products and sums need not.
 */
export const MAX_STORED_AMOUNT = 2_147_483_647;

/**
 * Refuses figures that would not fit the integer range, before anything is written: 422
 * `amount_out_of_range` naming the first one (by its snake_case name, as the REST answer spells it). A figure
 * past the range would otherwise be saved and then fail every read (GraphQL cannot serialize it), or fail the
 * write half-way with a database error. Negative figures are checked too (a discount never takes one below 0,
 * but the bound is symmetric in storage).
 */
export function assertAmountsInRange(figures: Record<string, number>, field?: string): void {
  for (const [name, value] of Object.entries(figures)) {
    if (Number.isSafeInteger(value) && Math.abs(value) <= MAX_STORED_AMOUNT) continue;
    throw new AppError(
      'amount_out_of_range',
      `${name} would be ${value}, beyond the largest amount the shop stores (${MAX_STORED_AMOUNT}); order fewer`,
      field === undefined ? {} : { field },
    );
  }
}
