import { ArgsType, type ClassType, Field, Int, ObjectType, registerEnumType } from 'type-graphql';

import { AppError } from './errors';
import { Rules } from './validation/rules';

@ObjectType({ description: 'Pagination of a list: `pages` = ceil(total / limit), 0 when empty.' })
export class PageMeta {
  @Field(() => Int, {
    description:
      'The matches. Lists that can grow large count up to 10,000 and say 10,000 beyond. Over GraphQL the ' +
      'product, order and customer lists count only when `total` or `pages` is selected (REST always shows them).',
  })
  total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int, { description: 'The page size applied (requests above the maximum are clamped).' }) limit!: number;
  @Field(() => Int, { description: 'The pages of `limit` that `total` fills.' }) pages!: number;
}

/** Direction of a sorted list (products, orders). */
export enum SortOrder {
  ASC = 'asc',
  DESC = 'desc',
}
registerEnumType(SortOrder, { name: 'SortOrder' });

/** `page` and `limit` of every paginated list (validated and clamped by {@link resolvePage}). */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: 'Page number, from 1 (default 1).' })
  @Rules({ min: 1 })
  page?: number;
  @Field(() => Int, {
    nullable: true,
    description:
      "Page size, at least 1. Above the list's maximum it is clamped, not refused (`meta.limit` says which).",
  })
  @Rules({ min: 1 })
  limit?: number;
}

export interface Page {
  page: number;
  limit: number;
  skip: number;
}

/** Validates page/limit (≥ 1, else 400) and clamps limit to the list's maximum (contract §2). */
export function resolvePage(
  page: number | null | undefined,
  limit: number | null | undefined,
  defaults: { limit: number; max: number },
): Page {
  const p = page ?? 1;
  const l = limit ?? defaults.limit;
  const problems: Array<{ field: string; detail: string }> = [];
  if (p < 1) problems.push({ field: 'page', detail: 'min' });
  if (l < 1) problems.push({ field: 'limit', detail: 'min' });
  if (problems.length) throw AppError.validation(problems);
  const applied = Math.min(l, defaults.max);
  return { page: p, limit: applied, skip: (p - 1) * applied };
}

/**
 * The most matches the large lists (products, orders, customers) count exactly: past it `meta.total` reports
 * this number (a capped count, docs/decisions.md), so a page never counts a 100,000-row table.
 */
export const COUNT_CAP = 10_000;

/** A count that stops at {@link COUNT_CAP} (the caller counts at most `COUNT_CAP + 1` rows). */
export const capCount = (n: number | bigint) => Math.min(Number(n), COUNT_CAP);

export function pageMeta(total: number, page: Page): PageMeta {
  return { total, page: page.page, limit: page.limit, pages: total === 0 ? 0 : Math.ceil(total / page.limit) };
}

/** Runs a page query and its count together and returns the contract's `{ items, meta }`. */
export async function findPage<T>(
  page: Page,
  find: (window: { skip: number; take: number }) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ items: T[]; meta: PageMeta }> {
  const [items, total] = await Promise.all([find({ skip: page.skip, take: page.limit }), count()]);
  return { items, meta: pageMeta(total, page) };
}

/**
 * The GraphQL list type of an entity: `{ items: [T!]!, meta: PageMeta! }`, named e.g. `WarehouseList`. One
 * factory, so every paginated list has the same shape (contract §3).
 */
export function PaginatedList<T extends object>(item: ClassType<T>, name: string) {
  @ObjectType(name)
  class List {
    @Field(() => [item]) items!: T[];
    @Field(() => PageMeta) meta!: PageMeta;
  }
  return List;
}
