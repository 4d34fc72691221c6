import type { SearchSchemaInput } from '@tanstack/react-router';

import { pageParam, stringParam } from '../lib/format';

/**
 * The one search validator of every list route: the search text and the page, read leniently from the URL (a
 * bad page is 1, an empty text is none). Lists with filters or sorting extend it (`listSearchWith`); lists the
 * API does not search simply never set `q`.
 */
export interface ListSearch {
  q?: string;
  page: number;
}

/**
 * What a link to a list may pass: nothing at all (page 1, no search) or any of the list's parameters. TanStack
 * Router takes a validator's parameter type (marked `SearchSchemaInput`) as what links must give, so typing it
 * optional-only keeps `<Link to="/tags">` valid while the screen always reads a page.
 */
export type ListSearchInput = { q?: string; page?: number } & SearchSchemaInput;

export const listSearch = (search: ListSearchInput): ListSearch => ({
  q: stringParam(search.q),
  page: pageParam(search.page),
});
/** What the URL really holds: anything. */
type Raw = Record<string, unknown>;

/** `listSearch` plus a list's own parameters (filters, sort), each read by its own small reader. */
export const listSearchWith =
  <E extends object>(extra: (search: Raw) => E) =>
  (search: ListSearchInput & Partial<E>): ListSearch & E => ({ ...listSearch(search), ...extra(search as Raw) });
