import { type GraphQLInputType, GraphQLNonNull } from 'graphql';

import type { Ctx } from '../../context/ctx';
import { lockRow } from '../../context/row-lock';
import { inTransaction } from '../../context/transaction';
import { AppError } from '../../shared/errors';
import { type FieldProblem, readInput } from '../../shared/validation/input';
import { setDefaultWarehouseStock } from '../inventory';
import type {
  BulkOptionInput,
  BulkProductInput,
  BulkVariantInput,
  ProductCreateInput,
  ProductUpdateInput,
} from './product.inputs';
import { createProduct, updateProduct } from './product.service';
import type { BulkItemResult, BulkResult } from './product.type';
import { slugify } from './tag.service';
import { conflictOf } from './unique-conflicts';

export const BULK_LIMIT = 250;

/** Property options by `locale|group name|option name`, resolved once per request and created when missing. */
export type OptionCache = Map<string, string>;

async function resolveOption(ctx: Ctx, cache: OptionCache, o: BulkOptionInput): Promise<string> {
  const locale = o.locale ?? ctx.config['i18n.default_locale'];
  const key = `${locale}|${o.groupName.toLowerCase()}|${o.optionName.toLowerCase()}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const identifier = slugify(o.groupName);
  let group = await ctx.db.propertyGroup.findFirst({
    where: {
      OR: [{ identifier }, { translations: { some: { locale, name: { equals: o.groupName, mode: 'insensitive' } } } }],
    },
    select: { id: true },
  });
  group ??= await ctx.db.propertyGroup.create({
    data: { identifier, translations: { create: [{ locale, name: o.groupName }] } },
    select: { id: true },
  });
  let option = await ctx.db.propertyOption.findFirst({
    where: {
      propertyGroupId: group.id,
      translations: { some: { locale, name: { equals: o.optionName, mode: 'insensitive' } } },
    },
    select: { id: true },
  });
  if (!option) {
    const last = await ctx.db.propertyOption.aggregate({
      where: { propertyGroupId: group.id },
      _max: { position: true },
    });
    option = await ctx.db.propertyOption.create({
      data: {
        propertyGroupId: group.id,
        position: (last._max.position ?? -1) + 1,
        translations: { create: [{ locale, name: o.optionName }] },
      },
      select: { id: true },
    });
  }
  cache.set(key, option.id);
  return option.id;
}

/** Creates or (matched by SKU within the product) updates one inline variant. */
export async function upsertVariant(
  ctx: Ctx,
  cache: OptionCache,
  productId: string,
  v: BulkVariantInput,
  position: number,
): Promise<void> {
  let optionIds: string[];
  try {
    optionIds = [];
    for (const o of v.options ?? []) optionIds.push(await resolveOption(ctx, cache, o));
  } catch {
    throw new Error('failed to resolve options');
  }
  const existing = v.sku
    ? await ctx.db.productVariant.findUnique({ where: { sku: v.sku }, select: { id: true, productId: true } })
    : null;
  if (existing && existing.productId !== productId)
    throw new AppError('duplicate_sku', `variant sku ${v.sku} belongs to another product`);
  const data = {
    ...(v.active !== undefined ? { active: v.active } : {}),
    ...(v.priceNet !== undefined ? { priceNet: v.priceNet } : {}),
    ...(v.priceGross !== undefined ? { priceGross: v.priceGross } : {}),
  };
  let id: string;
  try {
    if (existing) {
      // Its options are replaced below: concurrent imports of the same variant take turns (see lockRow).
      await lockRow(ctx, 'product_variants', existing.id);
      id = (await ctx.db.productVariant.update({ where: { id: existing.id }, data, select: { id: true } })).id;
      if (optionIds.length) {
        await ctx.db.variantOption.deleteMany({ where: { variantId: id } });
        await ctx.db.variantOption.createMany({
          data: [...new Set(optionIds)].map((optionId) => ({ variantId: id, optionId })),
        });
      }
    } else {
      id = (
        await ctx.db.productVariant.create({
          data: {
            productId,
            sku: v.sku ?? null,
            position,
            ...data,
            options: { create: [...new Set(optionIds)].map((optionId) => ({ optionId })) },
          },
          select: { id: true },
        })
      ).id;
    }
  } catch (err) {
    throw conflictOf(err, 'duplicate_sku');
  }
  if (v.stock !== undefined && v.stock !== null) await setDefaultWarehouseStock(ctx, productId, id, v.stock);
}

/** What a failed item reports: the service's own message when it is one (safe by construction), else a generic one. */
export function itemError(err: unknown, generic: string): string {
  if (err instanceof AppError) return `${generic}: ${err.message}`;
  if (err instanceof Error && err.message === 'failed to resolve options') return err.message;
  return generic;
}

/**
 * Creates (or, with `upsert`, updates the product with the same SKU) one product and its inline variants in
 * one transaction, so a failing item leaves nothing behind and does not affect the others.
 */
export async function saveBulkProduct(
  ctx: Ctx,
  cache: OptionCache,
  item: BulkProductInput,
  upsert: boolean,
): Promise<string> {
  return inTransaction(ctx, async (tx) => {
    const { variants, ...product } = item;
    const existing =
      upsert && product.sku
        ? await tx.db.product.findUnique({ where: { sku: product.sku }, select: { id: true } })
        : null;
    const id = existing
      ? (await updateProduct(tx, existing.id, product as ProductUpdateInput)).id
      : (await createProduct(tx, product as ProductCreateInput, { source: upsert ? 'import' : 'bulk' })).id;
    const last = await tx.db.productVariant.aggregate({ where: { productId: id }, _max: { position: true } });
    let position = (last._max.position ?? -1) + 1;
    for (const v of variants ?? []) await upsertVariant(tx, cache, id, v, position++);
    return id;
  });
}

export function summarize(results: BulkItemResult[]): BulkResult {
  const succeeded = results.filter((r) => r.success).length;
  return { results, total: results.length, succeeded, failed: results.length - succeeded };
}

/**
 * Bulk create (spec: up to 250 products, 207 with one result per item). Each raw item is read against
 * `itemType` on its own: one that does not validate becomes a failed result naming its fields and rules.
 */
export async function bulkCreateProducts(
  ctx: Ctx,
  products: unknown[],
  itemType: GraphQLInputType,
): Promise<BulkResult> {
  if (products.length > BULK_LIMIT) throw AppError.validation([{ field: 'products', detail: 'max' }]);
  const cache: OptionCache = new Map();
  const results: BulkItemResult[] = [];
  for (const [index, raw] of products.entries()) {
    const problems: FieldProblem[] = [];
    const item = readInput(new GraphQLNonNull(itemType), raw, '', 'json', problems) as BulkProductInput;
    if (problems.length) {
      const sku =
        raw && typeof raw === 'object' && typeof (raw as { sku?: unknown }).sku === 'string'
          ? (raw as { sku: string }).sku
          : null;
      results.push({
        index,
        sku,
        success: false,
        id: null,
        errors: ['failed to create product', ...problems.map((p) => `${p.field || 'item'}: ${p.detail}`)],
      });
      continue;
    }
    try {
      const id = await saveBulkProduct(ctx, cache, item, false);
      results.push({ index, sku: item.sku ?? null, success: true, id, errors: [] });
    } catch (err) {
      cache.clear(); // options created in the rolled-back transaction are gone
      results.push({
        index,
        sku: item.sku ?? null,
        success: false,
        id: null,
        errors: [itemError(err, 'failed to create product')],
      });
    }
  }
  return summarize(results);
}
