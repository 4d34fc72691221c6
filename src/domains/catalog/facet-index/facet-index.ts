import { AsyncResource } from 'node:async_hooks';

import type { PrismaClient } from '../../../generated/prisma/client';
import { ALL_KEYS, type RetirementFeed } from '../../../platform/cache/retirements';
import type { Logger } from '../../../platform/logger';
import type { ResolvedFacetFilter } from '../facet-filter';
import { FacetCatalog } from './facet-catalog';
import { type CountBase, countFacets, type FacetCounts, MAX_GROUPS } from './facet-count';
import { nextProductFacets, readOptionGroups, readProductFacets } from './facet-rows';

/**
 * The shared tables a write to which announces `*` with its name (migration `cache_shared_table_names`) and which
 * feed nothing the catalog holds: names, descriptions, methods, tax rules (prices are stored gross on the products
 * and variants, whose own triggers announce a recalculation), the category tree (a list's categories are resolved
 * per request; a product's category rows announce the product). Any other `*` rebuilds the catalog: options and
 * attributes (an option's group, which attributes are filterable), bulk writes, a lost listener.
 */
const OUTSIDE_FACETS = new Set(
  [
    'tax_rules',
    'property_group_translations',
    'property_option_translations',
    'attribute_translations',
    'attribute_option_translations',
    'categories',
    'category_translations',
    'tags',
    'media',
    'warehouses',
    'shipping_methods',
    'shipping_method_translations',
    'payment_methods',
    'payment_method_translations',
  ].map((table) => `t:${table}`),
);

/** More changed products than this at once are read by a full rebuild instead. */
const MAX_DIRTY = 5_000;
/** Rounds of catching up with changes a count waits for before it lets the SQL count answer instead. */
const MAX_CATCH_UP = 3;

/**
 * The store's facet counts from memory (issue 50: the SQL count reads every variant of the list, seconds at
 * 100,000 products). The catalog (facet-catalog.ts) is built on the first faceted read, in the background (the
 * SQL count answers meanwhile), then kept current by the response cache's retirement feed: the database's
 * triggers announce `p:<id>` for every committed change to a product, its variants, options, prices, stock,
 * categories or attribute values, and `*` for bulk writes and the shared tables (categories, options,
 * attributes), which rebuild it. Before counting, a read waits for the feed's barrier (every change committed
 * before the read has been announced) and reads the announced products again, so a count never shows data older
 * than a write that was acknowledged before the read began: the response cache's guarantee.
 */
export class FacetIndex {
  private catalog: FacetCatalog | null = null;
  private building: Promise<void> | null = null;
  /** A `*` arrived (or the dirty set overflowed): the catalog must be rebuilt before it is used again. */
  private stale = true;
  /** Products announced since they were last read. */
  private dirty = new Set<string>();
  private refreshing: Promise<void> | null = null;
  /** Counts answered from memory (the tests and the bench tell the index's answers from the SQL count's). */
  answered = 0;
  /**
   * Runs a function in the context the index was created in (the process's start), not the request's that
   * happened to start a build: the build's statements are nobody's request (its SQL count, its log fields).
   */
  private readonly detached = AsyncResource.bind((run: () => void) => run());

  constructor(
    private readonly db: PrismaClient,
    private readonly feed: RetirementFeed,
    private readonly log: Logger,
  ) {
    feed.onRetire((keys) => this.retire(keys));
  }

  /**
   * The list's facet counts, or null when the catalog cannot answer now (still building, rebuilding, the feed
   * cannot vouch for freshness): the caller counts in SQL then. `totalOnly`: the list's total alone (no facets).
   */
  async count(
    base: CountBase,
    r: ResolvedFacetFilter,
    options: { totalOnly?: boolean } = {},
  ): Promise<FacetCounts | null> {
    if (r.optionGroups.length > MAX_GROUPS || r.attributeGroups.length > MAX_GROUPS) return null;
    if (!(await this.feed.sync().catch(() => false))) return null;
    if (this.stale) {
      this.detached(() => this.rebuild());
      return null;
    }
    if (!this.catalog) return null;
    try {
      for (let round = 0; this.dirty.size && round < MAX_CATCH_UP; round++) await this.refresh();
    } catch (err) {
      this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'facet index refresh failed');
      return null;
    }
    if (this.stale || this.dirty.size || !this.catalog) return null;
    this.answered++;
    return countFacets(this.catalog, base, r, options);
  }

  private retire(keys: string[]): void {
    if (keys.length === 2 && keys[0] === ALL_KEYS && OUTSIDE_FACETS.has(keys[1])) return;
    for (const key of keys) {
      if (key === ALL_KEYS) {
        this.stale = true;
        this.dirty.clear();
        return;
      }
      if (key.startsWith('p:')) this.dirty.add(key.slice(2));
    }
    if (this.dirty.size > MAX_DIRTY) {
      this.stale = true;
      this.dirty.clear();
    }
  }

  /** Reads the announced products again (one read at a time; a caller arriving meanwhile waits for the next). */
  private async refresh(): Promise<void> {
    if (this.refreshing) {
      await this.refreshing;
      return;
    }
    const ids = [...this.dirty];
    this.dirty.clear();
    const run = (async () => {
      const known = this.catalog?.optionGroups;
      if (!known) return;
      const rows = await readProductFacets(this.db, ids, (option) => known.get(option));
      const catalog = this.catalog;
      if (!catalog || this.stale) return;
      if (!rows) {
        this.stale = true;
        return;
      }
      const found = new Set<string>();
      for (const row of rows) {
        catalog.put(row);
        found.add(row.id);
      }
      for (const id of ids) if (!found.has(id)) catalog.remove(id);
      if (catalog.wasteful) this.stale = true;
    })();
    this.refreshing = run;
    try {
      await run;
    } catch (err) {
      // Unread changes: they are announced again by nobody, so read them all again later.
      for (const id of ids) this.dirty.add(id);
      throw err;
    } finally {
      this.refreshing = null;
    }
  }

  /** Starts a full build unless one is running; changes announced meanwhile are read after it. */
  private rebuild(): void {
    if (this.building) return;
    this.building = (async () => {
      const started = Date.now();
      // The old catalog misses what made it stale: nothing counts from it meanwhile.
      this.catalog = null;
      this.stale = false;
      this.dirty.clear();
      const catalog = new FacetCatalog(await readOptionGroups(this.db));
      const groupOf = (option: string) => catalog.optionGroups.get(option);
      let after: string | null = null;
      for (;;) {
        const rows = await nextProductFacets(this.db, after, groupOf);
        // An option the build did not know: it was created meanwhile, and its `*` makes the build stale below.
        if (!rows) this.stale = true;
        // A `*` during the build: what was read may be older than it; start again on the next read.
        if (this.stale) return;
        if (!rows!.length) break;
        for (const row of rows!) catalog.put(row);
        after = rows![rows!.length - 1].id;
      }
      const { bytes } = catalog.trim();
      this.catalog = catalog;
      this.log.info(
        {
          products: catalog.products.size,
          units: catalog.unitPrice.length,
          columnsMiB: Math.round(bytes / 2 ** 20),
          ms: Date.now() - started,
        },
        'facet index built',
      );
    })()
      .catch((err: unknown) => {
        this.stale = true;
        this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'facet index build failed');
      })
      .finally(() => {
        this.building = null;
      });
  }

  /** Waits for a build in flight (tests, the bench's warm-up). */
  async settled(): Promise<void> {
    await this.building;
  }
}
