/** URL parameters and running text. Money is in ./money.ts, dates in ./dates.ts. */

/** A page number from the URL: a positive integer, else 1. */
export function pageParam(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

export function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

/** A GraphQL enum value in running text: `PARTIALLY_PAID` → "partially paid". */
export const enumText = (value: string) => value.toLowerCase().replace(/_/g, ' ');
