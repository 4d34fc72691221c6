/** The content codings the service sends, in its order of preference (brotli is smaller at the same cost). */
export type Encoding = 'br' | 'gzip';
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** How many `Accept-Encoding` entries are read: browsers send 3–5; the rest of a longer header is ignored. */
const MAX_ENTRIES = 32;

/** An entry's weight: `q=` from 0 to 1 (RFC 9110 §12.4.2); a malformed weight makes the entry count as absent. */
function weightOf(params: string[]): number | undefined {
  for (const param of params) {
    const [name, value] = param.split('=').map((s) => s.trim());
    if (name.toLowerCase() !== 'q') continue;
    if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? '')) return undefined;
    return Number(value);
  }
  return 1;
}

/**
 * The coding to answer in, from the request's `Accept-Encoding` (RFC 9110 §12.5.3): the offered coding of the
 * highest weight above 0, brotli first on a tie; `*` stands for every coding not named; `x-gzip` is gzip; an
 * identity weighed higher than every offered coding wins.
 * Without the header, or when nothing offered is acceptable, `identity` — also when the client refused identity
 * (`identity;q=0`): the RFC lets the server answer unencoded rather than 406, and an answer it can read is worth
 * more to a client than a refusal.
 */
export function negotiateEncoding(
  header: string | undefined,
  offered: readonly Encoding[] = ENCODINGS,
): Encoding | 'identity' {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const entry of header.split(',').slice(0, MAX_ENTRIES)) {
    const [token, ...params] = entry.split(';');
    let name = token.trim().toLowerCase();
    if (!name) continue;
    if (name === 'x-gzip') name = 'gzip';
    const weight = weightOf(params);
    if (weight !== undefined && !weights.has(name)) weights.set(name, weight);
  }
  const star = weights.get('*');
  let best: Encoding | 'identity' = 'identity';
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weights.get(coding) ?? star ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  // A client that weighs identity above every coding (`gzip;q=0.1, identity`) gets what it prefers.
  const identity = weights.get('identity');
  return identity !== undefined && identity > bestWeight ? 'identity' : best;
}
