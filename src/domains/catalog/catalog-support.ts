import type { Ctx } from '../../context/ctx';
import { isUniqueViolation } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { setWarehouseStock } from '../inventory/stock.service';

/**
 * Product stock is owned by inventory. A `stock` given to the catalog is written as the product-level (or
 * variant) entry of the first active warehouse by priority, through the inventory service, so the adjustment
 * movement and the denormalized totals stay right. Without an active warehouse a non-zero quantity is 422.
 */
export async function writeCatalogStock(ctx: Ctx, productId: string, variantId: string | null, quantity: number): Promise<void> {
  const warehouse = await ctx.db.warehouse.findFirst({ where: { active: true }, orderBy: [{ priority: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }], select: { id: true } });
  if (!warehouse) {
    if (quantity === 0) return;
    throw new AppError('no_active_warehouse', 'stock needs an active warehouse', { field: 'stock' });
  }
  await setWarehouseStock(ctx, warehouse.id, [{ productId, variantId, quantity, reference: 'set through the catalog' }]);
}

/** Unique violations of catalog tables, named by what the client sent: SKU, slug or identifier. */
export function conflictOf(err: unknown, fallback: 'duplicate_sku' | 'duplicate_slug' | 'duplicate_identifier'): unknown {
  if (!isUniqueViolation(err)) return err;
  const text = JSON.stringify(err) + String((err as Error).message);
  if (/slug/.test(text)) return new AppError('duplicate_slug', 'slug already exists in this locale', { field: 'slug' });
  if (/sku/.test(text)) return new AppError('duplicate_sku', 'sku already exists', { field: 'sku' });
  if (/identifier/.test(text)) return new AppError('duplicate_identifier', 'identifier already exists', { field: 'identifier' });
  return new AppError(fallback);
}

/** Every id in `ids` must exist among `found`, else 404 naming the field. */
export function assertAllFound(ids: string[] | undefined | null, found: Array<{ id: string }>, what: string, field: string): void {
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
