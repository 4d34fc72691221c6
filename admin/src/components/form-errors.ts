import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

import { ApiError } from '../api/errors';

/** How a save went: saved, or failed with the field errors placed and what no field claims. */
export type SaveOutcome = { saved: true } | { saved: false; unclaimed?: unknown };

/**
 * Puts each of the service's field errors next to the form field it concerns: the last segment of the error's
 * path (`translations.0.name` → `name`, `color_hex` → `colorHex`) looked up in `fields`. What no field claims is
 * returned to be said above the Save button.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<FieldPath<T>>,
): SaveOutcome {
  if (!(error instanceof ApiError) || error.kind !== 'api') return { saved: false, unclaimed: error };
  let unclaimed = false;
  for (const entry of error.entries) {
    const last = (entry.field ?? '')
      .split(/[.[\]]/)
      .filter(Boolean)
      .pop()
      ?.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    const field = fields.find((f) => f === last);
    if (field) setError(field, { type: entry.code, message: `${entry.detail} (${entry.code})` }, { shouldFocus: true });
    else unclaimed = true;
  }
  return { saved: false, unclaimed: unclaimed || error.entries.length === 0 ? error : undefined };
}

/** The name shown for a translated thing: English, else the first translation. */
export function translatedName(translations: ReadonlyArray<{ locale: string; name: string }>, fallback = ''): string {
  return (translations.find((t) => t.locale === 'en') ?? translations[0])?.name ?? fallback;
}

/** Upserts the English name into a translation list, keeping the other locales (inputs replace the whole list). */
export function withEnglish(translations: ReadonlyArray<{ locale: string; name: string }>, name: string) {
  return [
    ...translations.filter((t) => t.locale !== 'en').map(({ locale, name }) => ({ locale, name })),
    { locale: 'en', name },
  ];
}
