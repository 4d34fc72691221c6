/** Small collection helpers shared by loaders and services. */

/** `rows` grouped by `key`, one group per id in the order of `ids` (an empty group for an id without rows). */
export function groupByKey<T>(ids: readonly string[], rows: readonly T[], key: (row: T) => string): T[][] {
  const groups = new Map<string, T[]>(ids.map((id) => [id, []]));
  for (const row of rows) groups.get(key(row))?.push(row);
  return ids.map((id) => groups.get(id) ?? []);
}

/** The distinct values of `values`, in first-seen order. */
export function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}
