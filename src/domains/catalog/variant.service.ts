import type { Ctx } from '../../context/ctx';
import { lockRow } from '../../context/row-lock';
import { inTransaction } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { rejectNulls } from '../../shared/updates';
import { LIST_LIMITS } from '../../shared/validation/limits';
import { refreshStockTotals } from '../inventory';
import { setDefaultWarehouseStock } from '../inventory';
import { ALL_DETAILS } from './details-shape';
import { assertAllFound } from './input-checks';
import type { VariantInput } from './product.inputs';
import type { Variant } from './product.type';
import { conflictOf } from './unique-conflicts';
import { generatedSkus } from './variant-skus';

async function assertProduct(ctx: Ctx, productId: string): Promise<void> {
  if (!(await ctx.db.product.findUnique({ where: { id: productId }, select: { id: true } })))
    throw AppError.notFound('product');
}

async function assertVariant(ctx: Ctx, productId: string, variantId: string): Promise<void> {
  await assertProduct(ctx, productId);
  const v = await ctx.db.productVariant.findUnique({ where: { id: variantId }, select: { productId: true } });
  if (!v || v.productId !== productId) throw AppError.notFound('variant');
}

async function assertOptions(ctx: Ctx, ids: string[], field: string): Promise<void> {
  if (!ids.length) return;
  const found = await ctx.db.propertyOption.findMany({ where: { id: { in: ids } }, select: { id: true } });
  assertAllFound(ids, found, 'property option', field);
}

/** The options' names in the default locale (else their first translation), after checking they all exist. */
async function optionNames(ctx: Ctx, ids: string[], field: string): Promise<Map<string, string>> {
  const found = await ctx.db.$queryRaw<Array<{ id: string; name: string | null }>>(Prisma.sql`
    SELECT po.id, (SELECT ot.name FROM property_option_translations ot WHERE ot.property_option_id = po.id
      ORDER BY ot.locale = ${ctx.config['i18n.default_locale']} DESC, ot.locale LIMIT 1) AS name
    FROM property_options po WHERE po.id = ANY(${ids}::uuid[])`);
  assertAllFound(ids, found, 'property option', field);
  return new Map(found.map((o) => [o.id, o.name ?? '']));
}

/** Every combination of one option per axis: [[a,b],[x,y]] → [a,x],[a,y],[b,x],[b,y]. */
export function cartesian(groups: string[][]): string[][] {
  return groups.reduce<string[][]>(
    (acc, group) => acc.flatMap((combo) => group.map((option) => [...combo, option])),
    [[]],
  );
}

/** The variants of a product as the API shows them (effective prices, options), read after commit. */
export async function variantsById(ctx: Ctx, productId: string, ids: string[]): Promise<Variant[]> {
  const all = (await ctx.loaders.productDetails.load({ id: productId, details: ALL_DETAILS })).variants!;
  return ids.map((id) => all.find((v) => v.id === id)).filter((v): v is Variant => Boolean(v));
}

/**
 * Creates one variant, or with `optionGroups` one per combination (the cartesian product of the groups;
 * a given `sku` then gets the combination's option names, `TEE-NAVY-XL`: variant-skus.ts). Stock goes to
 * inventory like a product's.
 */
export async function createVariants(
  ctx: Ctx,
  productId: string,
  input: VariantInput,
): Promise<{ variant: Variant | null; variants: Variant[] }> {
  if (input.optionGroups && (input.optionGroups.length === 0 || input.optionGroups.some((g) => g.length === 0))) {
    throw AppError.validation([{ field: 'option_groups', detail: 'required' }]);
  }
  // Counted before the combinations are built: 50 axes of 50 options would not fit in memory.
  const count = (input.optionGroups ?? []).reduce((n, g) => n * g.length, 1);
  if (count > LIST_LIMITS.variantCombinations)
    throw AppError.validation([
      { field: 'option_groups', detail: `max_items (at most ${LIST_LIMITS.variantCombinations} combinations)` },
    ]);
  const combos = input.optionGroups ? cartesian(input.optionGroups) : [input.optionIds ?? []];
  const ids = await inTransaction(ctx, async (tx) => {
    await assertProduct(tx, productId);
    const allOptionIds = [...new Set(combos.flat())];
    let skus: Array<string | null> = combos.map(() => input.sku ?? null);
    if (input.optionGroups) {
      const names = await optionNames(tx, allOptionIds, 'option_groups');
      if (input.sku) {
        const existing = await tx.db.productVariant.findMany({ where: { productId }, select: { sku: true } });
        const taken = existing.flatMap((v) => (v.sku ? [v.sku] : []));
        skus = generatedSkus(input.sku, combos, (id) => names.get(id) ?? '', taken);
      }
    } else await assertOptions(tx, allOptionIds, 'option_ids');
    const last = await tx.db.productVariant.aggregate({ where: { productId }, _max: { position: true } });
    let position = input.position ?? (last._max.position ?? -1) + 1;
    const created: string[] = [];
    for (const [i, optionIds] of combos.entries()) {
      const sku = skus[i];
      let variant;
      try {
        variant = await tx.db.productVariant.create({
          data: {
            productId,
            sku,
            priceGross: input.priceGross ?? null,
            priceNet: input.priceNet ?? null,
            active: input.active ?? true,
            position: position++,
            options: { create: [...new Set(optionIds)].map((optionId) => ({ optionId })) },
          },
          select: { id: true },
        });
      } catch (err) {
        throw conflictOf(err, 'duplicate_sku');
      }
      if (input.stock) await setDefaultWarehouseStock(tx, productId, variant.id, input.stock);
      created.push(variant.id);
    }
    await tx.db.product.update({ where: { id: productId }, data: { updatedAt: new Date() } });
    return created;
  });
  const variants = await variantsById(ctx, productId, ids);
  return { variant: input.optionGroups ? null : variants[0], variants };
}

/** Changes the given fields of a variant; `option_ids` replaces its options, `stock` goes to inventory. */
export async function updateVariant(
  ctx: Ctx,
  productId: string,
  variantId: string,
  input: VariantInput,
): Promise<Variant> {
  rejectNulls(input, ['active', 'stock']);
  if (input.optionGroups) throw AppError.validation([{ field: 'option_groups', detail: 'not allowed on update' }]);
  await inTransaction(ctx, async (tx) => {
    await assertVariant(tx, productId, variantId);
    // Stock first, then the variant row: the lock order of checkouts and product updates (stock entries before
    // variant and product rows), so an update never deadlocks with a checkout of this variant.
    if (input.stock !== undefined && input.stock !== null)
      await setDefaultWarehouseStock(tx, productId, variantId, input.stock);
    // `option_ids` replaces the variant's options: concurrent updates of one variant take turns (see lockRow).
    await lockRow(tx, 'product_variants', variantId);
    const data: Record<string, unknown> = {};
    for (const key of ['sku', 'priceGross', 'priceNet', 'active', 'position'] as const)
      if (input[key] !== undefined) data[key] = input[key];
    try {
      await tx.db.productVariant.update({ where: { id: variantId }, data });
    } catch (err) {
      throw conflictOf(err, 'duplicate_sku');
    }
    if (input.optionIds) {
      await assertOptions(tx, input.optionIds, 'option_ids');
      await tx.db.variantOption.deleteMany({ where: { variantId } });
      await tx.db.variantOption.createMany({
        data: [...new Set(input.optionIds)].map((optionId) => ({ variantId, optionId })),
      });
    }
  });
  return (await variantsById(ctx, productId, [variantId]))[0];
}

/** Deletes a variant (its stock entries cascade; the product's denormalized stock is refreshed). */
export async function deleteVariant(ctx: Ctx, productId: string, variantId: string): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    await assertVariant(tx, productId, variantId);
    await tx.db.productVariant.delete({ where: { id: variantId } });
    await refreshStockTotals(tx, { productIds: [productId] });
    return true;
  });
}
