/**
 * Surrogate keys: what a cached answer shows, so a write retires only the answers it changes. The database's
 * triggers announce the same keys when they change (migration `cache_surrogate_keys`):
 *
 * - `p:<product id>`: the product and everything embedded in it (translations, variants, prices, stock, media,
 *   tags, attribute values, category ids);
 * - `l`: every product list (a product was created, deleted, (de)activated: any page's membership may change);
 * - `l:<column>`: lists sorted by that column (`created_at`, `updated_at`, `price_gross`, `price_net`, `sku`,
 *   `stock`, `name`), filtered by search (`l:search`) or by category (`l:category`); `l:in_stock` (a product's
 *   stock crossed zero) and `l:facets` (a variant, its options, attribute values, price, activity or in-stock
 *   state changed) for faceted lists, which a sale that leaves stock above zero does not retire;
 * - `*`: everything (bulk writes; the rarely written tables many answers embed: categories, attributes,
 *   properties, tags, media, tax rules, warehouses, shipping and payment methods).
 *
 * Operations declare the keys of what they read through the `Surrogate-Key` response header (the name CDNs
 * use), which the response cache reads and strips; an answer that declares none is retired by `*` only.
 */
export const SURROGATE_KEY_HEADER = 'surrogate-key';

/** What this module needs of a request context (kept structural: the cache layer does not know `Ctx`). */
interface KeyedContext {
  actor: { kind: string };
  effects: { header(name: string, value: string): void };
}

const declared = new WeakMap<object, Set<string>>();

/**
 * Adds `keys` to the request's declared surrogate keys. Only anonymous callers' answers are ever cached, so
 * others skip the work (and their answers carry no header).
 */
export function declareCacheKeys(ctx: KeyedContext, keys: Iterable<string>): void {
  if (ctx.actor.kind !== 'anonymous') return;
  let set = declared.get(ctx.effects);
  if (!set) declared.set(ctx.effects, (set = new Set()));
  for (const key of keys) set.add(key);
  ctx.effects.header(SURROGATE_KEY_HEADER, [...set].join(' '));
}

export const productKey = (id: string) => `p:${id}`;

/** The keys of a product list: membership (`l`), its order, and the filters whose inputs may change. */
export function listKeys(filter: { sort?: string | null; search?: string | null; categoryId?: string | null }) {
  const keys = ['l', `l:${filter.sort ?? 'created_at'}`];
  if (filter.search) keys.push('l:search');
  if (filter.categoryId) keys.push('l:category');
  return keys;
}
