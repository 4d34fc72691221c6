import type { Ctx } from '../../context/ctx';
import { isLocaleTag } from '../mail';

/**
 * The requester's preferred language from `Accept-Language` (the highest `q`, ties in the header's order): what a
 * registration or a checkout stores as the customer's or the order's locale when the request names none, and an
 * account email's locale when the account has none stored. Null when the header names none (the shop's default
 * applies); `*` names none, nor does anything that is not a language tag a template may be named by.
 */
export function requestLocale(ctx: Pick<Ctx, 'acceptLanguage'>): string | null {
  const header = ctx.acceptLanguage;
  if (!header) return null;
  let best: { tag: string; q: number } | undefined;
  // Bounded: a header of hundreds of entries is read only as far as its first 20.
  for (const part of header.split(',').slice(0, 20)) {
    const [raw, ...params] = part.trim().split(';');
    const tag = raw.trim();
    if (!isLocaleTag(tag)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best?.tag ?? null;
}
