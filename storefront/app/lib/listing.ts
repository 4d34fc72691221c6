import type { ProductSort, SortOrder } from '../generated/graphql';
import type { Messages } from './messages';

/** The sort choices of a product list, as they appear in the URL (`?sort=price-asc`). */
export const SORTS = {
  newest: { sort: 'CREATED_AT', order: 'DESC' },
  'price-asc': { sort: 'PRICE_GROSS', order: 'ASC' },
  'price-desc': { sort: 'PRICE_GROSS', order: 'DESC' },
  name: { sort: 'NAME', order: 'ASC' },
} as const satisfies Record<string, { sort: ProductSort; order: SortOrder }>;

export type SortKey = keyof typeof SORTS;

export const sortLabels = (t: Messages): Record<SortKey, string> => ({
  newest: t.sortNewest,
  'price-asc': t.sortPriceAsc,
  'price-desc': t.sortPriceDesc,
  name: t.sortName,
});

export const sortKeyOf = (value: string | null): SortKey =>
  value && Object.hasOwn(SORTS, value) ? (value as SortKey) : 'newest';

/** Products per page of a category or search. */
export const PAGE_SIZE = 24;

/** The page number in the URL: a positive integer, else 1 (a bad `?page=` is the first page, not an error). */
export function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** The same URL with some query parameters changed (null removes one); paging links keep filters and sort. */
export function withQuery(url: URL, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(url.searchParams);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  const query = next.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
