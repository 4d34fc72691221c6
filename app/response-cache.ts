import { Kind, type OperationDefinitionNode } from 'graphql';
import pg from 'pg';

import type { ResponseCache } from '../src/http/response-cache/middleware';
import { ResponseStore } from '../src/http/response-cache/store';
import {
  DisabledRetirementFeed,
  EmbeddedRetirementFeed,
  PostgresRetirementFeed,
  type RetirementFeed,
} from '../src/platform/cache/retirements';
import type { Config } from '../src/platform/config/keys';
import { type Database, tlsOptions } from '../src/platform/db/database';
import type { Logger } from '../src/platform/logger';
import type { CompiledRoute } from '../src/routing/compile';

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

/**
 * Where this instance hears of retired surrogate keys: the database's own NOTIFY channel (its triggers announce
 * every committed store write, whoever made it). PostgreSQL: a dedicated listening connection (not from the
 * pool, which would hand it to requests). Embedded: PGlite's listener. Nothing when neither the cache nor the facet
 * index is on.
 */
async function openRetirements(config: Config, database: Database, log: Logger): Promise<RetirementFeed> {
  // The facet index (catalog/facet-index) hears of changes the same way, with or without the response cache.
  if (!config['cache.enabled'] && !config['cache.facet_index']) return new DisabledRetirementFeed();
  if (database.pglite) {
    const feed = new EmbeddedRetirementFeed(database.pglite);
    await feed.start();
    return feed;
  }
  const url = config['database.url'];
  const { ssl } = tlsOptions({ url, tls: config['database.tls'], log: { warn: () => undefined } as unknown as Logger });
  const feed = new PostgresRetirementFeed(
    () => new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, ssl, application_name: 'svc cache' }),
    log,
  );
  await feed.start();
  return feed;
}

/** The instance's response cache, bounded by `cache.*`, its entries retired by surrogate key as writes commit. */
export async function openResponseCache(
  config: Config,
  database: Database,
  log: Logger,
): Promise<ResponseCache & { close(): Promise<void> }> {
  const store = new ResponseStore({
    maxEntries: config['cache.max_entries'],
    maxBytes: config['cache.max_bytes'],
    ttlMs: config['cache.ttl_seconds'] * 1000,
  });
  const retirements = await openRetirements(config, database, log);
  retirements.onRetire((keys) => store.retire(keys));
  return {
    enabled: config['cache.enabled'],
    retirements,
    store,
    maxAge: config['cache.http.max_age_seconds'],
    staleWhileRevalidate: config['cache.http.stale_while_revalidate_seconds'],
    close: () => retirements.close(),
  };
}
