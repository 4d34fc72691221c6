import type { PrismaClient } from '../../src/generated/prisma/client';

/** Tables outside the comparison: the migration log. */
const MAY_CHANGE_ON_REFUSAL = new Set(['_prisma_migrations']);

/**
 * A digest of every row of every table (small test databases only): two equal fingerprints mean nothing was
 * written in between. Fuzz tests take one before and after each refused request: a 4xx must leave no trace.
 */
export async function dbFingerprint(db: PrismaClient): Promise<Record<string, string>> {
  const tables = (
    await db.$queryRawUnsafe<Array<{ name: string }>>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
    )
  )
    .map((t) => t.name)
    .filter((name) => !MAY_CHANGE_ON_REFUSAL.has(name));
  const digests = tables.map(
    (name) => `(SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) FROM "${name}" r) AS "${name}"`,
  );
  const [row] = await db.$queryRawUnsafe<Array<Record<string, string>>>(`SELECT ${digests.join(', ')}`);
  return row;
}

/** The tables whose contents differ between two fingerprints. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}

/**
 * Fingerprints for a sequence of requests that should leave no trace: the digest taken after one refused request
 * is the one before the next, so each refused request costs one fingerprint, not two. `wrote()` forgets it (after
 * a request that was allowed to write).
 */
export class FingerprintChain {
  private last: Record<string, string> | null = null;
  constructor(private readonly db: PrismaClient) {}

  async before(): Promise<Record<string, string>> {
    return (this.last ??= await dbFingerprint(this.db));
  }

  /** The tables written since {@link before}; the digest becomes the next request's `before`. */
  async changedSince(before: Record<string, string>): Promise<string[]> {
    this.last = await dbFingerprint(this.db);
    return changedTables(before, this.last);
  }

  wrote(): void {
    this.last = null;
  }
}
