import type { PrismaClient } from '../../generated/prisma/client';
import { Prisma } from '../../generated/prisma/client';
import { pruneInBatches } from '../../platform/prune-in-batches';

/**
 * Rows per delete statement: short statements keep locks and WAL bursts small, so a backlog of a million
 * abandoned carts goes in many small transactions (20 a pass) instead of one huge one.
 */
const BATCH = 1000;

/**
 * Deletes anonymous carts past their expiry (contract §6: 30 days after their last change, `expires_at`), with
 * their lines (`ON DELETE CASCADE`). An expired anonymous cart already answers 404 to its token, so nothing can
 * reach it any more; customers' carts have no expiry and stay. Batches of 1,000, at most 20 per pass, with
 * `FOR UPDATE SKIP LOCKED` so instances sharing the database prune side by side (and a cart being changed
 * right now is left for the next pass). Returns how many carts went.
 */
export function pruneExpiredCarts(db: PrismaClient): Promise<number> {
  return pruneInBatches(
    () =>
      db.$executeRaw(Prisma.sql`
        DELETE FROM carts WHERE id IN (
          SELECT id FROM carts
          WHERE customer_id IS NULL AND expires_at < now()
          LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`),
    BATCH,
  );
}
