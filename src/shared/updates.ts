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
