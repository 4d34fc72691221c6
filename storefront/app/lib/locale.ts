/**
 * The storefront's locales: English at the root (`/c/shirts`), German under `/de` (`/de/c/shirts`). The URL names
 * the locale, so every page has one address per language (canonical and hreflang links) and a crawler sees both.
 */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The locale of a route's `lang` parameter; `null` for a segment that is not one of ours (the page is a 404). */
export function localeOf(lang: string | undefined): Locale | null {
  if (lang === undefined) return DEFAULT_LOCALE;
  return lang === 'de' ? 'de' : null;
}

/** A path within the storefront in `locale`: `/c/shirts` → `/de/c/shirts`. */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** Money in minor units, formatted for the locale (`€12.50`, `12,50 €`). */
export function formatMoney(minor: number | null | undefined, currency: string, locale: Locale): string {
  if (minor === null || minor === undefined) return '';
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency }).format(
    minor / 100,
  );
}
