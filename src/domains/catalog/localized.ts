import type { Ctx } from '../../context/ctx';
import { preferredLocales } from './product-query';

/** Parsed Accept-Language values by header text: a page resolves hundreds of names under one header. */
const parsed = new Map<string, string[]>();
const PARSED_MAX = 256;

/**
 * The locales to show a name in, best first: `locale` when the field's argument gives one, else the request's
 * Accept-Language tags, then `en` and `i18n.default_locale` (the contract's fallback).
 */
function localesFor(ctx: Ctx, locale: string | null | undefined): string[] {
  const header = `${locale ?? ctx.acceptLanguage ?? ''}\n${ctx.config['i18n.default_locale']}`;
  let locales = parsed.get(header);
  if (!locales) {
    locales = preferredLocales(locale ?? ctx.acceptLanguage, ctx.config['i18n.default_locale']);
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(header, locales);
  }
  return locales;
}

/** The locales a field without a `locale` argument shows, best first (compiled lists write names in them). */
export const requestLocales = (ctx: Ctx) => localesFor(ctx, null);

/**
 * The translation to show from those already loaded with the entity (no statement of its own): the first
 * preferred locale present, else the first translation there is (a name in some language beats none).
 */
export function localized<T extends { locale: string }>(
  ctx: Ctx,
  translations: readonly T[],
  locale?: string | null,
): T | undefined {
  if (translations.length <= 1) return translations[0];
  const locales = localesFor(ctx, locale);
  let best: T | undefined;
  let bestRank = Infinity;
  for (const t of translations) {
    const rank = locales.indexOf(t.locale);
    const r = rank === -1 ? locales.length : rank;
    if (r < bestRank) [best, bestRank] = [t, r];
  }
  return best;
}

/** The `locale` argument of every localized field. */
export const LOCALE_ARG = {
  nullable: true,
  description:
    'The locale to show (e.g. `de`); when absent, the request’s Accept-Language, then `en` and `i18n.default_locale`. A locale without a translation falls back the same way.',
} as const;
