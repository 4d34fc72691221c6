import { Prisma } from '../generated/prisma/client';
import type { Ctx } from './ctx';

/**
 * Parent tables whose child rows (translations, option links, category/tag/media links) are rewritten as a
 * whole by an update. A closed list, so only these literal names ever reach the SQL text.
 */
export type LockableTable =
  | 'products'
  | 'product_variants'
  | 'categories'
  | 'property_groups'
  | 'property_options'
  | 'attributes'
  | 'attribute_options'
  | 'shipping_methods'
  | 'payment_methods';

/**
 * Locks one parent row (`SELECT … FOR NO KEY UPDATE`) for the rest of the caller's transaction, so that writes which
 * replace its children (delete then insert, or upserts by locale) run one after another. Without it two
 * concurrent replaces both delete the old rows, both insert the new ones, and the second insert hits the
 * unique key the first one just committed (a 500); or each leaves half of its rows (a mixed result).
 * Call it first in the transaction, before touching any child row, and always on the parent only: one lock,
 * one order. Returns whether the row exists (no row: nothing is locked; the caller answers its 404).
 * Must run inside a transaction (`inTransaction`): outside one the lock ends with the statement.
 *
 * `NO KEY UPDATE`, not `UPDATE`: it excludes the other updaters just the same, but not the `KEY SHARE` locks
 * that inserting rows which reference the parent take (a checkout's order items, a cart's items). `FOR UPDATE`
 * made a product update wait for a checkout holding such a lock while the checkout waited for the product's
 * stock total: a deadlock cycle that the race test turned into a 503.
 */
export async function lockRow(tx: Ctx, table: LockableTable, id: string): Promise<boolean> {
  const rows = await tx.db.$queryRaw<Array<{ one: number }>>(
    Prisma.sql`SELECT 1 AS one FROM ${Prisma.raw(table)} WHERE id = ${id}::uuid FOR NO KEY UPDATE`,
  );
  return rows.length > 0;
}
