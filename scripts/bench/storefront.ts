/**
 * The reference storefront's category page beside the API's own answer for the same data (issue 50, group
 * `storefront`): a category's first page of 24 products with its facet sidebar, asked of the service as one GraphQL
 * request, and as the storefront's server-rendered HTML (its production build, its own process), which asks the
 * service for the same data and renders the page. Latency ratios (storefront ÷ API) are the figure to read; the
 * storefront's CPU per page is its own process's. Skipped when the storefront is not built (`npm run
 * storefront:build`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type pg from 'pg';

import { StorefrontCategoryDocument } from '../../storefront/app/generated/graphql';
import { facetIndexBuilt } from './facets';
import { load, type LoadResult } from './load';
import { type Proc, ROOT, start, stop, waitReady } from './procs';

const BUILD = join(ROOT, 'storefront', 'build', 'server', 'index.js');

/** The storefront's own category-page document (its one request per page), as the storefront sends it. */
const CATEGORY_PAGE = StorefrontCategoryDocument.toString();

export async function storefrontReads(opts: {
  db: pg.Client;
  base: string;
  proc: Proc;
  seconds: number;
  /** The storefront's port: one of run.ts's `port + n`, like every other server the bench starts. */
  port: number;
}): Promise<Record<string, LoadResult>> {
  if (!existsSync(BUILD)) {
    console.warn('storefront: not built (npm run storefront:build), its scenarios are skipped');
    return {};
  }
  const { rows } = await opts.db.query<{ id: string; slug: string }>(
    `SELECT c.id, t.slug FROM categories c JOIN category_translations t ON t.category_id = c.id
      WHERE c.parent_id IS NULL ORDER BY t.locale = 'en' DESC LIMIT 1`,
  );
  const category = rows[0];
  if (!category) throw new Error('storefront: the catalog has no category');
  // Run alone (without the facets group before it), the server's facet index is not built yet: the SQL count at
  // 100,000 products answers nothing within the load's timeout.
  const list = `/api/v1/store/products?limit=24&category_id=${category.id}`;
  const waited = await facetIndexBuilt(opts.base, `${list}&facets=true`, list);
  if (waited) console.error(`storefront: the facet index answered after ${(waited / 1000).toFixed(1)} s`);
  const { port } = opts;
  const shop = start('storefront/server.mjs', [], {
    NODE_ENV: 'production',
    STOREFRONT_PORT: String(port),
    STOREFRONT_HOST: '127.0.0.1',
    STOREFRONT_API_URL: opts.base,
    STOREFRONT_SESSION_SECRET: 'bench-storefront-session-secret-0123456789',
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitReady(`${url}/healthz`);
    const api = {
      url: `${opts.base}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({
        query: CATEGORY_PAGE,
        variables: { slug: category.slug, page: 1, limit: 24, sort: 'CREATED_AT', order: 'DESC' },
      }),
    };
    const probe = (await (await fetch(api.url, api)).json()) as { data?: { storeProducts?: { facets?: unknown } } };
    if (!probe.data?.storeProducts?.facets)
      throw new Error(`storefront: API probe ${JSON.stringify(probe).slice(0, 200)}`);
    const page = await fetch(`${url}/c/${category.slug}`);
    if (page.status !== 200) throw new Error(`storefront: the category page answered ${page.status}`);
    await page.text();
    return {
      'category page, 24 with facets: the API (GraphQL, one request)': await load({
        ...api,
        seconds: opts.seconds,
        proc: opts.proc,
      }),
      'category page, 24 with facets: the storefront (HTML, its CPU)': await load({
        url: `${url}/c/${category.slug}`,
        seconds: opts.seconds,
        proc: shop,
      }),
    };
  } finally {
    await stop(shop);
  }
}
