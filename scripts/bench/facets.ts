/**
 * The faceted store list (issue 50, group `facets`) beside the plain one, on the measured server, uncached, 10
 * connections: the plain page of 25 first, then the same page with `facets=true` (the counts of a filter sidebar
 * over the whole catalog, from the facet index once it is built: one more statement, naming the counted values),
 * then filtered by one size with its facets (a shopper's first click). The plain list runs first: a faceted run that ends leaves statements still
 * running in PostgreSQL, which would weigh on whatever is measured next; a short wait lets them drain.
 *
 * The seeded catalog (`svc seed --catalog`) gives every product its 10 size × colour variants, so the counts are
 * uniform, but the statement reads every variant as a real catalog's would.
 */
import type pg from 'pg';

import { load, type LoadResult } from './load';
import type { Proc } from './procs';

/** The store list's REST paths with facets: unfiltered, and filtered by the second option of the first group. */
async function facetPaths(base: string): Promise<{ facets: string; bySize: string }> {
  const facets = '/api/v1/store/products?limit=25&facets=true';
  const res = await fetch(`${base}${facets}`);
  const body = (await res.json()) as { data?: { facets?: Array<{ kind: string; values: Array<{ id: string }> }> } };
  const group = body.data?.facets?.find((f) => f.kind === 'option');
  if (res.status !== 200 || !group)
    throw new Error(`facets probe: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  const option = group.values[1] ?? group.values[0];
  return { facets, bySize: `${facets}&options=${option.id}` };
}

/**
 * Waits until the faceted page answers within a few times the plain one: the server's facet index (built in the
 * background on the first faceted read, the SQL count answering meanwhile) is ready. Returns the wait in ms.
 */
export async function facetIndexBuilt(base: string, facets: string, plain: string): Promise<number> {
  // Each request another page: a server with the response cache on answers none of them from the cache.
  let page = 1;
  const time = async (path: string) => {
    const started = performance.now();
    await (await fetch(`${base}${path}&page=${page++}`)).text();
    return performance.now() - started;
  };
  const plainMs = Math.min(await time(plain), await time(plain), await time(plain));
  const started = Date.now();
  while (Date.now() - started < 300_000) {
    if ((await time(facets)) < 3 * plainMs + 20) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('facets: the facet index was not built within 5 minutes');
}

/** Waits until a plain page answers within `ms` again (the faceted statements left behind have finished). */
async function drained(base: string, ms = 2000): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const started = Date.now();
    await (await fetch(`${base}/api/v1/store/products?limit=1`)).text();
    if (Date.now() - started < ms) return;
  }
}

export async function facetReads(opts: {
  db: pg.Client;
  base: string;
  proc: Proc;
  seconds: number;
  /** A server over the same database with the response cache on. */
  cached?: { base: string; proc: Proc };
}): Promise<Record<string, LoadResult>> {
  // As autovacuum leaves a catalog (see big.ts): the facets read every variant and its options.
  await opts.db.query('VACUUM ANALYZE products, product_variants, variant_options');
  const paths = await facetPaths(opts.base);
  const waited = await facetIndexBuilt(opts.base, paths.facets, '/api/v1/store/products?limit=25');
  console.error(`facets: the facet index answered after ${(waited / 1000).toFixed(1)} s`);
  const scenarios: Record<string, string> = {
    'store list (facets group)': '/api/v1/store/products?limit=25',
    'store list, with facets': paths.facets,
    // The same filter without facets: what the filtered page costs by itself.
    'store list, one size': paths.bySize.replace('&facets=true', ''),
    'store list, one size, with facets': paths.bySize,
  };
  const results: Record<string, LoadResult> = {};
  for (const [name, path] of Object.entries(scenarios)) {
    results[name] = await load({ url: `${opts.base}${path}`, seconds: opts.seconds, proc: opts.proc });
    await drained(opts.base);
  }
  // Cached faceted answers are retired by the catalog's writes (`l:facets`: variants, options, prices, in stock).
  if (opts.cached) {
    const { base, proc } = opts.cached;
    // Its own facet index answers its misses once built (a first miss would otherwise count in SQL).
    await facetIndexBuilt(base, paths.facets, '/api/v1/store/products?limit=25');
    results['store list, with facets, cached'] = await load({
      url: `${base}${paths.facets}`,
      seconds: opts.seconds,
      proc,
    });
    results['store list, one size, with facets, cached'] = await load({
      url: `${base}${paths.bySize}`,
      seconds: opts.seconds,
      proc,
    });
  }
  return results;
}
