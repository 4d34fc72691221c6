/** Prisma reports a unique-constraint violation as P2002; services turn it into their 409 code. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === 'P2002';
}

/**
 * What a unique violation names (constraint, columns), as text to search: Prisma's `meta` differs between the
 * PostgreSQL and embedded drivers, so look at all of it.
 */
export function violatedUnique(err: unknown): string {
  if (!isUniqueViolation(err)) return '';
  return JSON.stringify((err as { meta?: unknown }).meta ?? {}) + String((err as Error).message);
}

/** P2025: the record an update or delete targeted does not exist. */
export function isRecordMissing(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === 'P2025';
}

/** Drops keys whose value is `undefined`, so an update touches only the fields the caller gave. */
export function provided<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
