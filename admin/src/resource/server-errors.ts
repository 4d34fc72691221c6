import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { ApiError } from '../api/errors';
import { errorText } from '../lib/error-text';

/**
 * The one way a service error reaches its field. The service names the input field an error concerns
 * (`translations.0.name`, `price_gross`, `input.allowNegativeStock`); its last named segment, in camelCase, is
 * looked up among the form's field names and each field's `serverNames`. A matched error is set on the field
 * (shown under it, `aria-invalid`, focused); what no field claims is returned, to be said above Save.
 */

/** `allow_negative_stock`, `input.allowNegativeStock`, `translations.0.name` → the form's field name. */
export function fieldOfPath(path: string | undefined): string | undefined {
  const last = path
    ?.split(/[.[\]]/)
    .filter((s) => s && !/^\d+$/.test(s))
    .pop();
  return last?.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A form field and the other names the service may use for it (`priceGross` for "price"). */
export interface ClaimedField<V> {
  name: Path<V>;
  serverNames?: readonly string[];
}

/**
 * Places `error`'s field errors on `fields` through `setError`; returns what is left for the form's alert (the
 * error itself when any entry found no field, or when it is not a field error at all), else undefined.
 */
export function placeServerErrors<V extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<V>,
  fields: ReadonlyArray<Path<V> | ClaimedField<V>>,
): unknown {
  if (!(error instanceof ApiError) || error.kind !== 'api') return error;
  const claims = fields.map((f) => (typeof f === 'string' ? { name: f } : f) as ClaimedField<V>);
  let unclaimed = error.entries.length === 0;
  let first = true;
  for (const entry of error.entries) {
    const name = fieldOfPath(entry.field);
    const field = name && claims.find((f) => f.name === name || f.serverNames?.includes(name));
    if (!field) {
      unclaimed = true;
      continue;
    }
    setError(field.name, { type: entry.code, message: errorText(entry.code, entry.detail) }, { shouldFocus: first });
    first = false;
  }
  return unclaimed ? error : undefined;
}
