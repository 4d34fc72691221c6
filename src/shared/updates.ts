import { toSnake } from './case';
import { AppError } from './errors';

/**
 * An update may clear optional columns with `null`, but not required ones: an explicit `null` for any of
 * `keys` is a `validation_error` / `required` naming each such field.
 */
export function rejectNulls<T extends object>(input: T, keys: ReadonlyArray<keyof T & string>): void {
  const nulls = keys.filter((key) => input[key] === null).map((key) => ({ field: toSnake(key), detail: 'required' }));
  if (nulls.length) throw AppError.validation(nulls);
}

/**
 * The `changes` of an update hook: `{ field: { from, to } }` for every field whose value differs between two
 * projections of the same entity (timestamps of the change itself left out).
 */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const changed = Object.keys(after).filter((key) => key !== 'updated_at' && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return Object.fromEntries(changed.map((key) => [key, { from: before[key], to: after[key] }]));
}
