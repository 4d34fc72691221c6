import type { Ctx } from '../../context/ctx';
import { provided } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { likeLiteral } from '../../shared/like';
import { type Page, pageMeta } from '../../shared/pagination';
import { rejectNulls } from '../../shared/updates';
import type { TagCreateInput, TagUpdateInput } from './category.type';
import { conflictOf } from './unique-conflicts';

/** `Summer Sale!` → `summer-sale`. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'tag'
  );
}

const duplicate = (err: unknown) => conflictOf(err, 'duplicate_slug');

export async function listTags(ctx: Ctx, page: Page, search?: string | null) {
  const where = search
    ? {
        OR: [
          { name: { contains: likeLiteral(search), mode: 'insensitive' as const } },
          { slug: { contains: likeLiteral(search.toLowerCase()) } },
        ],
      }
    : {};
  const [items, total] = await Promise.all([
    ctx.db.tag.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], skip: page.skip, take: page.limit }),
    ctx.db.tag.count({ where }),
  ]);
  return { items, meta: pageMeta(total, page) };
}

export async function getTag(ctx: Ctx, id: string) {
  const tag = await ctx.db.tag.findUnique({ where: { id } });
  if (!tag) throw AppError.notFound('tag');
  return tag;
}

/** Creates a tag; the slug (given or derived from the name) is unique: 409 `duplicate_slug`. */
export async function createTag(ctx: Ctx, input: TagCreateInput) {
  try {
    return await ctx.db.tag.create({ data: { name: input.name, slug: input.slug ?? slugify(input.name) } });
  } catch (err) {
    throw duplicate(err);
  }
}

export async function updateTag(ctx: Ctx, id: string, input: TagUpdateInput) {
  rejectNulls(input, ['name', 'slug']);
  await getTag(ctx, id);
  try {
    return await ctx.db.tag.update({ where: { id }, data: provided(input) as Record<string, string> });
  } catch (err) {
    throw duplicate(err);
  }
}

export async function deleteTag(ctx: Ctx, id: string): Promise<boolean> {
  await getTag(ctx, id);
  await ctx.db.tag.delete({ where: { id } });
  return true;
}
