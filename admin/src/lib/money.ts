/**
 * Money in the API is an integer count of minor units (cents); people type and read whole units. Parsing goes
 * through the digits, not through floating point, so "19.90" is 1990 and never 1989.
 */

/** What a money field accepts: "19", "19.9", "19,90" (a comma is a decimal separator too). */
export const MONEY_PATTERN = /^\d+([.,]\d{1,2})?$/;

/**
 * Whole units with up to two decimals, as typed ("19.90", "19,9", "-3") → hundredths (1990, 1990, -300).
 * Empty → null; anything else → NaN (a form's schema refuses it before this runs).
 */
export function toHundredths(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const m = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/.exec(t);
  if (!m) return Number.NaN;
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -value : value;
}

/** Hundredths → the text a field shows: 1990 → "19.90"; null → "". */
export function fromHundredths(value: number | null | undefined, decimals: 'always' | 'needed' = 'always'): string {
  if (value === null || value === undefined) return '';
  const fixed = (value / 100).toFixed(2);
  return decimals === 'always' ? fixed : String(Number(fixed));
}

/** An amount as typed → minor units; empty → null. */
export const toMinor = toHundredths;
/** Minor units → the amount a field shows ("19.90"); null → "". */
export const fromMinor = (minor: number | null | undefined): string => fromHundredths(minor);

/** Minor units for reading: `money(1990, 'EUR')` → "€19.90"; none → "—". */
export function money(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '—';
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(minor / 100);
}

/** Basis points (tax rates, percentage discounts) for reading: 1900 → "19 %", 750 → "7.5 %". */
export const percent = (basisPoints: number): string => `${fromHundredths(basisPoints, 'needed')} %`;
