/**
 * Timestamps the service accepts: years 0001 to 9999. The contract's format (`2026-01-31T12:00:00.000Z`) has
 * four-digit years, and a date beyond them would come back as `+010000-…`, which no client parses; PostgreSQL
 * would store it, so the bound is ours, enforced on input (400 `out_of_range`).
 */
const MIN = Date.parse('0001-01-01T00:00:00.000Z');
const MAX = Date.parse('9999-12-31T23:59:59.999Z');

export function isStorableDate(date: Date): boolean {
  const t = date.getTime();
  return Number.isFinite(t) && t >= MIN && t <= MAX;
}
