/**
 * A category's filters in its URL, so a filtered page can be shared, bookmarked and crawled: `o` (variant option ids,
 * repeated), `a` (attribute option ids), `price` (`min-max` in minor units, either side optional) and `stock=1`.
 * Anything malformed is ignored rather than refused: a hand-edited URL still shows the category.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The service's bound on each id list. */
const MAX_IDS = 100;

export interface Filters {
  options: string[];
  attributes: string[];
  priceMin?: number;
  priceMax?: number;
  inStock?: boolean;
}

const ids = (values: string[]) => [...new Set(values.filter((v) => UUID.test(v)))].slice(0, MAX_IDS);

const amount = (s: string | undefined) => {
  if (!s) return undefined;
  const n = Number(s);
  return Number.isInteger(n) && n >= 0 && n <= 1e11 ? n : undefined;
};

export function filtersOf(url: URL): Filters {
  const [low, high] = (url.searchParams.get('price') ?? '').split('-');
  let priceMin = amount(low);
  let priceMax = amount(high);
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  return {
    options: ids(url.searchParams.getAll('o')),
    attributes: ids(url.searchParams.getAll('a')),
    priceMin,
    priceMax,
    inStock: url.searchParams.get('stock') === '1' ? true : undefined,
  };
}

/** Whether any filter is on (the sidebar then offers to clear them). */
export const anyFilter = (f: Filters) =>
  f.options.length > 0 ||
  f.attributes.length > 0 ||
  f.priceMin !== undefined ||
  f.priceMax !== undefined ||
  Boolean(f.inStock);
