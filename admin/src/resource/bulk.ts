/** Bulk actions' pure parts: running a task over many ids a few at a time, and saying how it went. */

/** Runs `task` over `ids`, `parallel` at a time; resolves to the ids that failed with their errors. */
export async function forEachId(ids: readonly string[], task: (id: string) => Promise<unknown>, parallel = 5) {
  const failures: Array<{ id: string; error: unknown }> = [];
  for (let i = 0; i < ids.length; i += parallel) {
    const batch = ids.slice(i, i + parallel);
    const results = await Promise.allSettled(batch.map(task));
    results.forEach((r, j) => r.status === 'rejected' && failures.push({ id: batch[j], error: r.reason }));
  }
  return failures;
}

/** "Deactivate: 3 of 4 done, 1 failed." */
export const bulkSummary = (label: string, total: number, failed: number) =>
  `${label}: ${total - failed} of ${total} done${failed ? `, ${failed} failed.` : '.'}`;
