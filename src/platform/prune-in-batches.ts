/**
 * Deletes in batches: runs `deleteBatch` (one statement that deletes at most `batchSize` rows, e.g. a
 * `DELETE … WHERE id IN (SELECT id … LIMIT n FOR UPDATE SKIP LOCKED)`) until a batch comes back short or
 * `maxBatches` ran. Short statements keep locks and WAL bursts small, and SKIP LOCKED lets several instances
 * prune the same table at once without waiting on each other; a backlog left over goes with the next pass.
 * Returns how many rows went.
 */
export async function pruneInBatches(
  deleteBatch: () => Promise<number>,
  batchSize: number,
  maxBatches = 20,
): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}
