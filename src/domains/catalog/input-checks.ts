import { AppError } from '../../shared/errors';

/** Every id in `ids` must exist among `found`, else 404 naming the field. */
export function assertAllFound(
  ids: string[] | undefined | null,
  found: Array<{ id: string }>,
  what: string,
  field: string,
): void {
  const known = new Set(found.map((f) => f.id));
  const missing = (ids ?? []).find((id) => !known.has(id));
  if (missing) throw new AppError('not_found', `${what} not found`, { field });
}

/** `translations` needs at least one entry and one per locale. */
export function checkTranslations(translations: Array<{ locale: string }> | undefined | null, required: boolean): void {
  if (!translations) return;
  if (required && translations.length === 0) throw AppError.validation([{ field: 'translations', detail: 'required' }]);
  const seen = new Set<string>();
  translations.forEach((t, i) => {
    if (seen.has(t.locale)) throw AppError.validation([{ field: `translations[${i}].locale`, detail: 'unique' }]);
    seen.add(t.locale);
  });
}
