import type { Ctx } from '../../context/ctx';
import { flagIs, modelColumns, readPage, relationJson } from '../../context/page-statement';
import { lockRow } from '../../context/row-lock';
import { emitAfter, inTransaction } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import { provided } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { asInstance, asInstances } from '../../shared/instances';
import { containing } from '../../shared/like';
import { type Page, pageMeta } from '../../shared/pagination';
import { diffEntities, rejectNulls, snakeKeys } from '../../shared/updates';
import {
  Category,
  type CategoryCreateInput,
  type CategoryTranslation,
  type CategoryUpdateInput,
} from './category.type';
import { checkTranslations } from './input-checks';
import { localized } from './localized';
import { preferredLocales } from './product-query';
import { conflictOf } from './unique-conflicts';

const ORDER: Prisma.CategoryOrderByWithRelationInput[] = [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }];

/** The category as the admin API shows it, for hook payloads. */
async function categoryEntity(ctx: Ctx, id: string): Promise<Record<string, unknown>> {
  const c = await ctx.db.category.findUnique({
    where: { id },
    include: { translations: { orderBy: { locale: 'asc' } } },
  });
  if (!c) throw AppError.notFound('category');
  const { translations, metadata: _m, ...row } = c;
  return snakeKeys({ ...row, translations: translations.map(({ id: _i, categoryId: _c, ...t }) => t) }) as Record<
    string,
    unknown
  >;
}

const CATEGORY_COLUMNS = modelColumns(Prisma.CategoryScalarFieldEnum, 'c');

/** A category's translations in their loader's order. */
const TRANSLATIONS_JSON = relationJson({
  fields: Prisma.CategoryTranslationScalarFieldEnum,
  table: 'category_translations',
  alias: 't',
  where: 't.category_id = c.id',
  order: 't.locale',
});

/** The list's order as SQL over `c` (the same as {@link ORDER}). */
const ORDER_SQL = Prisma.raw('c.position ASC, c.created_at ASC, c.id ASC');

/**
 * The admin category list in one statement (context/page-statement.ts, D-298): the page, its count and, when
 * `translations` is true (the selection shows a name, slug, description or the translations), the translations
 * primed into their loader. `search` matches a translation's name or slug, literally.
 */
export async function listCategories(
  ctx: Ctx,
  page: Page,
  filter: { parentId?: string | null; active?: boolean | null; roots?: boolean | null; search?: string | null },
  translations = false,
) {
  const where: Prisma.Sql[] = [];
  if (filter.search)
    where.push(Prisma.sql`c.id IN (SELECT t.category_id FROM category_translations t
      WHERE t.name ILIKE ${containing(filter.search)} OR t.slug LIKE ${containing(filter.search.toLowerCase())})`);
  if (filter.parentId) where.push(Prisma.sql`c.parent_id = ${filter.parentId}::uuid`);
  else if (filter.roots) where.push(Prisma.sql`c.parent_id IS NULL`);
  if (filter.active !== undefined && filter.active !== null) where.push(flagIs('c.active', filter.active));
  const { rows, total } = await readPage<Category>(ctx, page, {
    table: 'categories',
    alias: 'c',
    columns: CATEGORY_COLUMNS,
    where,
    order: ORDER_SQL,
    extras: translations ? `, ${TRANSLATIONS_JSON} AS "__translations"` : '',
  });
  const items = rows.map(({ row, extras }) => {
    if (extras.translations)
      ctx.loaders.categoryTranslations.prime(row.id, extras.translations as CategoryTranslation[]);
    return row;
  });
  // Instances, so type-graphql hands them to the five field resolvers as they are (src/shared/instances.ts).
  return { items: asInstances(Category, items), meta: pageMeta(total, page) };
}

export async function getCategory(ctx: Ctx, id: string): Promise<Category> {
  const c = await ctx.db.category.findUnique({ where: { id } });
  if (!c) throw AppError.notFound('category');
  return asInstance(Category, c);
}

/** Fails with 422 `invalid_parent` when `parentId` is the category itself or one of its descendants. */
async function assertParent(ctx: Ctx, id: string | null, parentId: string): Promise<void> {
  if (!(await ctx.db.category.findUnique({ where: { id: parentId }, select: { id: true } })))
    throw new AppError('not_found', 'parent category not found', { field: 'parent_id' });
  if (!id) return;
  const [row] = await ctx.db.$queryRaw<Array<{ cyclic: boolean }>>(Prisma.sql`
    WITH RECURSIVE up AS (SELECT id, parent_id FROM categories WHERE id = ${parentId}::uuid
      UNION SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id)
    SELECT EXISTS (SELECT 1 FROM up WHERE id = ${id}::uuid) AS cyclic`);
  if (row.cyclic) throw new AppError('invalid_parent', 'a category cannot be its own ancestor', { field: 'parent_id' });
}

/** Creates a category; `category.before_create` can cancel, `category.after_create` runs after commit. */
export async function createCategory(ctx: Ctx, input: CategoryCreateInput): Promise<Category> {
  checkTranslations(input.translations, true);
  await ctx.hooks.runBefore('category.before_create', {
    entity: snakeKeys(input) as Record<string, unknown>,
    changes: {},
    metadata: {},
  });
  return inTransaction(ctx, async (tx) => {
    if (input.parentId) await assertParent(tx, null, input.parentId);
    let created;
    try {
      created = await tx.db.category.create({
        data: {
          parentId: input.parentId ?? null,
          position: input.position ?? 0,
          active: input.active ?? true,
          customFields: (input.customFields ?? {}) as object,
          translations: {
            create: input.translations.map((t) => ({
              locale: t.locale,
              name: t.name,
              slug: t.slug,
              description: t.description ?? null,
            })),
          },
        },
      });
    } catch (err) {
      throw conflictOf(err, 'duplicate_slug');
    }
    await emitAfter(tx, 'category.after_create', {
      entity: await categoryEntity(tx, created.id),
      changes: {},
      metadata: {},
    });
    return created;
  });
}

/** Changes the given fields; a move under itself or a descendant is 422 `invalid_parent`. */
export async function updateCategory(ctx: Ctx, id: string, input: CategoryUpdateInput): Promise<Category> {
  rejectNulls(input, ['position', 'active']);
  checkTranslations(input.translations, false);
  return inTransaction(ctx, async (tx) => {
    // Translations are upserted by locale: concurrent updates of one category take turns, so the last one's
    // translations win whole instead of interleaving with another's (see lockRow).
    await lockRow(tx, 'categories', id);
    const before = await categoryEntity(tx, id);
    await tx.hooks.runBefore('category.before_update', {
      entity: before,
      changes: snakeKeys(provided(input)) as Record<string, unknown>,
      metadata: {},
    });
    if (input.parentId) await assertParent(tx, id, input.parentId);
    const { translations, customFields, ...scalars } = provided(input);
    let updated;
    try {
      updated = await tx.db.category.update({
        where: { id },
        data: {
          ...(scalars as Record<string, unknown>),
          ...(customFields !== undefined ? { customFields: customFields as object } : {}),
        },
      });
      for (const t of translations ?? []) {
        const data = { name: t.name, slug: t.slug, description: t.description ?? null };
        await tx.db.categoryTranslation.upsert({
          where: { categoryId_locale: { categoryId: id, locale: t.locale } },
          create: { categoryId: id, locale: t.locale, ...data },
          update: data,
        });
      }
    } catch (err) {
      throw conflictOf(err, 'duplicate_slug');
    }
    const after = await categoryEntity(tx, id);
    await emitAfter(tx, 'category.after_update', { entity: after, changes: diffEntities(before, after), metadata: {} });
    return updated;
  });
}

/** Deletes a category; 409 `has_children` while it has children (products only lose the link). */
export async function deleteCategory(ctx: Ctx, id: string): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const entity = await categoryEntity(tx, id);
    if (await tx.db.category.count({ where: { parentId: id } }))
      throw new AppError('has_children', 'category has children');
    await tx.hooks.runBefore('category.before_delete', { entity, changes: {}, metadata: {} });
    await tx.db.category.delete({ where: { id } });
    await emitAfter(tx, 'category.after_delete', { entity, changes: {}, metadata: {} });
    return true;
  });
}

/** The active tree, built in memory from two statements. A child of an inactive category is hidden with it. */
export async function storeCategoryTree(ctx: Ctx): Promise<Category[]> {
  const all: Category[] = await ctx.db.category.findMany({ where: { active: true }, orderBy: ORDER });
  const byId = new Map(all.map((c) => [c.id, { ...c, children: [] as Category[] }]));
  const roots: Category[] = [];
  for (const c of byId.values()) {
    // Instances, so type-graphql hands them to the five field resolvers as they are (src/shared/instances.ts).
    asInstance(Category, c);
    if (!c.parentId) roots.push(c);
    else byId.get(c.parentId)?.children.push(c);
  }
  return roots;
}

/** An active category by slug in the caller's locales, with its active subtree. */
export async function storeCategoryBySlug(ctx: Ctx, slug: string): Promise<Category> {
  const locales = preferredLocales(ctx.acceptLanguage, ctx.config['i18n.default_locale']);
  const matches = await ctx.db.categoryTranslation.findMany({
    where: { slug, locale: { in: locales }, category: { active: true } },
    select: { categoryId: true, locale: true },
  });
  if (!matches.length) throw AppError.notFound('category');
  const best = localized(ctx, matches);
  const find = (nodes: Category[]): Category | undefined => {
    for (const n of nodes) {
      if (n.id === best!.categoryId) return n;
      const hit = find(n.children ?? []);
      if (hit) return hit;
    }
    return undefined;
  };
  const node = find(await storeCategoryTree(ctx));
  if (!node) throw AppError.notFound('category');
  return node;
}
