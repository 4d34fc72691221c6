import { Kind, type OperationDefinitionNode } from 'graphql';
import type { CompiledRoute } from '../../rest/compile';
import type { Config } from '../platform/config/keys';
import type { CatalogGeneration } from '../platform/cache/catalog-generation';
import type { ResponseCache } from '../http/response-cache/middleware';
import { ResponseStore } from '../http/response-cache/store';

/**
 * Root query fields whose answer depends only on store data (catalog, prices, stock, categories, shipping and
 * payment methods), the arguments and `Accept-Language`: never on who asks, a cart or order token, or the time.
 * Only these are cached; a new store query is uncached until it is listed here.
 */
export const CACHEABLE_QUERY_FIELDS: ReadonlySet<string> = new Set([
  'storeProducts',
  'storeProduct',
  'storeProductById',
  'storeCategories',
  'storeCategory',
  'storeShippingMethods',
  'storePaymentMethods',
]);

/** The REST GET routes whose operation asks for cacheable fields only. */
export function cacheableRestPaths(routes: CompiledRoute[]): RegExp[] {
  return routes
    .filter((route) => {
      if (route.spec.method !== 'GET') return false;
      const op = route.document.definitions.find(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
      return (
        op?.operation === 'query' &&
        op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && CACHEABLE_QUERY_FIELDS.has(s.name.value))
      );
    })
    .map((route) => route.pattern);
}

/** The instance's response cache, bounded by `cache.*`, its entries retired as soon as a newer generation is heard of. */
export function createResponseCache(config: Config, generation: CatalogGeneration): ResponseCache {
  const store = new ResponseStore({
    maxEntries: config['cache.max_entries'],
    maxBytes: config['cache.max_bytes'],
    ttlMs: config['cache.ttl_seconds'] * 1000,
  });
  generation.onChange((g) => store.retireBefore(g));
  return {
    enabled: config['cache.enabled'],
    generation,
    store,
    maxAge: config['cache.http.max_age_seconds'],
    staleWhileRevalidate: config['cache.http.stale_while_revalidate_seconds'],
  };
}
