import type { Ctx } from '../../context/ctx';

/** A language tag as a template name may hold it (`de`, `de-AT`, `pt-BR`): anything else is not a locale. */
const TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/**
 * The requester's preferred language from `Accept-Language` (the highest `q`, ties in the header's order), for
 * the account email's template: accounts carry no locale, so the browser that asked is the best guess of the
 * person's language. Null when the header names none (the shop's default applies); `*` names none.
 */
export function requestLocale(ctx: Pick<Ctx, 'acceptLanguage'>): string | null {
  const header = ctx.acceptLanguage;
  if (!header) return null;
  let best: { tag: string; q: number } | undefined;
  // Bounded: a header of hundreds of entries is read only as far as its first 20.
  for (const part of header.split(',').slice(0, 20)) {
    const [raw, ...params] = part.trim().split(';');
    const tag = raw.trim();
    if (!TAG.test(tag)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best?.tag ?? null;
}
