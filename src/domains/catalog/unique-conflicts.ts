import { isUniqueViolation } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';

/** Unique violations of catalog tables, named by what the client sent: SKU, slug or identifier. */
export function conflictOf(
  err: unknown,
  fallback: 'duplicate_sku' | 'duplicate_slug' | 'duplicate_identifier',
): unknown {
  if (!isUniqueViolation(err)) return err;
  const text = JSON.stringify(err) + String((err as Error).message);
  if (/slug/.test(text)) return new AppError('duplicate_slug', 'slug already exists in this locale', { field: 'slug' });
  if (/sku/.test(text)) return new AppError('duplicate_sku', 'sku already exists', { field: 'sku' });
  if (/identifier/.test(text))
    return new AppError('duplicate_identifier', 'identifier already exists', { field: 'identifier' });
  return new AppError(fallback);
}
