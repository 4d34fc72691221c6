/**
 * Translated things (products, option values, shipping and payment methods) carry a list of per-locale texts. The
 * admin edits the English one; an update replaces the whole list, so the other locales are sent back unchanged.
 */

export interface Translation {
  locale: string;
  name: string;
  [field: string]: unknown;
}

/** The English translation, else the first. */
export const englishOf = <T extends Translation>(translations: readonly T[]): T | undefined =>
  translations.find((t) => t.locale === 'en') ?? translations[0];

/** The name shown for a translated thing: the English one, else the first, else `fallback`. */
export const translatedName = (translations: readonly Translation[], fallback = ''): string =>
  englishOf(translations)?.name ?? fallback;

/**
 * The translation list with the English entry replaced by `english` (its empty or null fields left out) and
 * every other locale kept with the same fields (empty ones left out): what an update's input takes.
 */
export function withEnglish<E extends { name: string }>(
  existing: readonly Translation[],
  english: E,
): Array<{ locale: string } & Partial<E> & { name: string }> {
  const keys = Object.keys(english);
  const pick = (t: Record<string, unknown>, locale: string) => {
    const out: Record<string, unknown> = { locale };
    for (const key of keys) if (t[key] !== null && t[key] !== undefined && t[key] !== '') out[key] = t[key];
    return out as { locale: string } & Partial<E> & { name: string };
  };
  return [pick(english, 'en'), ...existing.filter((t) => t.locale !== 'en').map((t) => pick(t, t.locale))];
}
