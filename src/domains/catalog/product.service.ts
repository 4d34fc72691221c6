import type { Ctx } from '../../context/ctx';
import { lockRow } from '../../context/row-lock';
import { emitAfter, inTransaction, readTogether } from '../../context/transaction';
import { provided } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { diffEntities, rejectNulls, snakeKeys } from '../../shared/updates';
import { setDefaultWarehouseStock } from '../inventory';
import { assertAllFound, checkTranslations } from './input-checks';
import type { ProductCreateInput, ProductTranslationInput, ProductUpdateInput } from './product.inputs';
import type { Product } from './product.type';
import { conflictOf } from './unique-conflicts';

/**
 * The product as the admin API shows it (snake_case, relations as id lists), for hook payloads. Read inside
 * the caller's transaction so before/after pictures are consistent.
 */
export async function productEntity(ctx: Ctx, id: string): Promise<Record<string, unknown>> {
  const p = await ctx.db.product.findUnique({
    where: { id },
    include: {
      translations: { orderBy: { locale: 'asc' } },
      categories: { orderBy: [{ position: 'asc' }, { categoryId: 'asc' }] },
      tags: { orderBy: { tagId: 'asc' } },
      media: {
        orderBy: [{ position: 'asc' }, { mediaId: 'asc' }],
        include: { media: { select: { storageKey: true } } },
      },
      variants: { orderBy: [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }], include: { options: true } },
    },
  });
  if (!p) throw AppError.notFound('product');
  const { translations, categories, tags, media, variants, ...row } = p;
  return snakeKeys({
    ...row,
    hasVariants: variants.length > 0,
    translations: translations.map(({ id: _id, productId: _p, ...t }) => t),
    categories: categories.map((c) => c.categoryId),
    tags: tags.map((t) => t.tagId),
    media: media.map((m) => ({
      mediaId: m.mediaId,
      position: m.position,
      url: ctx.mediaStorage.url(m.media.storageKey),
    })),
    variants: variants.map(({ options, productId: _p, ...v }) => ({ ...v, optionIds: options.map((o) => o.optionId) })),
  }) as Record<string, unknown>;
}

async function assertRefs(
  ctx: Ctx,
  input: {
    categoryIds?: string[] | null;
    tagIds?: string[] | null;
    mediaIds?: string[] | null;
    taxRuleId?: string | null;
  },
) {
  const [categories, tags, media, taxRule] = await readTogether(ctx, [
    async () =>
      input.categoryIds?.length
        ? ctx.db.category.findMany({ where: { id: { in: input.categoryIds } }, select: { id: true } })
        : [],
    async () =>
      input.tagIds?.length ? ctx.db.tag.findMany({ where: { id: { in: input.tagIds } }, select: { id: true } }) : [],
    async () =>
      input.mediaIds?.length
        ? ctx.db.media.findMany({ where: { id: { in: input.mediaIds } }, select: { id: true } })
        : [],
    async () =>
      input.taxRuleId ? ctx.db.taxRule.findUnique({ where: { id: input.taxRuleId }, select: { id: true } }) : null,
  ] as const);
  assertAllFound(input.categoryIds, categories, 'category', 'category_ids');
  assertAllFound(input.tagIds, tags, 'tag', 'tag_ids');
  assertAllFound(input.mediaIds, media, 'media', 'media_ids');
  if (input.taxRuleId && !taxRule) throw new AppError('not_found', 'tax rule not found', { field: 'tax_rule_id' });
}

const uniq = (ids: string[]) => [...new Set(ids)];

/** Fields of the product inputs written apart from the product row: its lists, translations and stock. */
type ProductRelations = 'translations' | 'categoryIds' | 'tagIds' | 'mediaIds' | 'stock';

/**
 * The product row's own columns, one mapping for create and update: every other field of either input is listed
 * here or among {@link ProductRelations}, so a new input field the row does not write fails type-checking instead
 * of being dropped on create (the DB defaults fill what a create leaves out).
 */
const PRODUCT_COLUMNS = {
  sku: true,
  active: true,
  priceNet: true,
  priceGross: true,
  currency: true,
  taxRuleId: true,
  weight: true,
  customFields: true,
  metadata: true,
} as const satisfies Record<
  Exclude<keyof ProductCreateInput, ProductRelations> | Exclude<keyof ProductUpdateInput, ProductRelations>,
  true
>;

/** The row columns `input` gives (absent fields left out, so an update changes only those given). */
function productColumns(input: ProductCreateInput | ProductUpdateInput): Record<string, unknown> {
  const given = input as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(PRODUCT_COLUMNS)
      .filter((key) => given[key] !== undefined)
      .map((key) => [key, given[key]]),
  );
}

function translationData(t: ProductTranslationInput) {
  return {
    locale: t.locale,
    name: t.name,
    slug: t.slug,
    description: t.description ?? null,
    metaTitle: t.metaTitle ?? null,
    metaDescription: t.metaDescription ?? null,
  };
}

/**
 * Creates a product with its translations, categories and tags; `stock` goes to inventory (see
 * {@link writeCatalogStock}). `product.before_create` sees the request (snake_case) and can cancel;
 * `product.after_create` gets the stored product after commit.
 */
export async function createProduct(
  ctx: Ctx,
  input: ProductCreateInput,
  metadata: Record<string, unknown> = {},
): Promise<Product> {
  checkTranslations(input.translations, true);
  await ctx.hooks.runBefore('product.before_create', {
    entity: snakeKeys(input) as Record<string, unknown>,
    changes: {},
    metadata,
  });
  const id = await inTransaction(ctx, async (tx) => {
    await assertRefs(tx, input);
    let created;
    try {
      created = await tx.db.product.create({
        data: {
          ...productColumns(input),
          currency: input.currency,
          translations: { create: input.translations.map(translationData) },
          categories: {
            create: uniq(input.categoryIds ?? []).map((categoryId, position) => ({ categoryId, position })),
          },
          tags: { create: uniq(input.tagIds ?? []).map((tagId) => ({ tagId })) },
          media: { create: uniq(input.mediaIds ?? []).map((mediaId, position) => ({ mediaId, position })) },
        },
        select: { id: true },
      });
    } catch (err) {
      throw conflictOf(err, 'duplicate_sku');
    }
    if (input.stock) await setDefaultWarehouseStock(tx, created.id, null, input.stock);
    await emitAfter(tx, 'product.after_create', { entity: await productEntity(tx, created.id), changes: {}, metadata });
    return created.id;
  });
  return (await ctx.db.product.findUniqueOrThrow({ where: { id } })) as Product;
}

/**
 * Changes only the given fields. Translations are upserted by locale; `category_ids`, `tag_ids` and
 * `media_ids` replace their lists (media in the given order). Hooks see `{field: {from, to}}`.
 */
export async function updateProduct(ctx: Ctx, id: string, input: ProductUpdateInput): Promise<Product> {
  rejectNulls(input, ['active', 'currency', 'stock']);
  checkTranslations(input.translations, false);
  await inTransaction(ctx, async (tx) => {
    const before = await productEntity(tx, id);
    await tx.hooks.runBefore('product.before_update', {
      entity: before,
      changes: snakeKeys(provided(input)) as Record<string, unknown>,
      metadata: {},
    });
    await assertRefs(tx, input);
    const { translations, categoryIds, tagIds, mediaIds, stock } = provided(input);
    // Stock first: entries are locked before product rows in every use case (checkouts do the same), so a
    // product update never deadlocks with a checkout of that product.
    if (stock !== undefined && stock !== null) await setDefaultWarehouseStock(tx, id, null, stock);
    // Then the product row, before any of its children: translations are upserted and the category, tag and
    // media links replaced, so concurrent updates of one product take turns and the last one wins whole.
    await lockRow(tx, 'products', id);
    try {
      await tx.db.product.update({
        where: { id },
        data: productColumns(input),
      });
      for (const t of translations ?? []) {
        const data = translationData(t);
        await tx.db.productTranslation.upsert({
          where: { productId_locale: { productId: id, locale: t.locale } },
          create: { productId: id, ...data },
          update: data,
        });
      }
    } catch (err) {
      throw conflictOf(err, 'duplicate_sku');
    }
    if (categoryIds) {
      await tx.db.productCategory.deleteMany({ where: { productId: id } });
      await tx.db.productCategory.createMany({
        data: uniq(categoryIds).map((categoryId, position) => ({ productId: id, categoryId, position })),
      });
    }
    if (tagIds) {
      await tx.db.productTag.deleteMany({ where: { productId: id } });
      await tx.db.productTag.createMany({ data: uniq(tagIds).map((tagId) => ({ productId: id, tagId })) });
    }
    if (mediaIds) {
      await tx.db.productMedia.deleteMany({ where: { productId: id } });
      await tx.db.productMedia.createMany({
        data: uniq(mediaIds).map((mediaId, position) => ({ productId: id, mediaId, position })),
      });
    }
    const after = await productEntity(tx, id);
    await emitAfter(tx, 'product.after_update', { entity: after, changes: diffEntities(before, after), metadata: {} });
  });
  return (await ctx.db.product.findUniqueOrThrow({ where: { id } })) as Product;
}

/** Deletes a product (variants, translations and links cascade; stock movements keep a null product id). */
export async function deleteProduct(ctx: Ctx, id: string): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const entity = await productEntity(tx, id);
    await tx.hooks.runBefore('product.before_delete', { entity, changes: {}, metadata: {} });
    await tx.db.product.delete({ where: { id } });
    await emitAfter(tx, 'product.after_delete', { entity, changes: {}, metadata: {} });
    return true;
  });
}
