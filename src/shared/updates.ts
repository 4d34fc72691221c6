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

/** `{field: {from, to}}` for every top-level field that differs (timestamps of the change itself excluded). */
export function diffEntities(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (key === 'updated_at') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}

/** Free-form JSON fields: their keys are the client's own and are never renamed. */
const JSON_FIELDS = new Set(['customFields', 'metadata', 'billingAddress', 'shippingAddress']);

/** Snake-cases keys (recursing into arrays and objects, not into JSON fields) for hook payloads that mirror the REST shape. */
export function snakeKeys(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [toSnake(k), JSON_FIELDS.has(k) ? v : snakeKeys(v)]),
    );
  }
  return value;
}
