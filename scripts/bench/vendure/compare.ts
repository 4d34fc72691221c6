/**
 * Vendure 3.5 beside the service in the bench's read rounds (issue 28 asks for "× Vendure" measured in one run).
 * Vendure is not a dependency: `scripts/bench/vendure/setup.sh DIR` installs it from the npm registry into DIR
 * and imports the bench catalog's shape (1,000 products × 10 variants); `BENCH_VENDURE_DIR=DIR` then makes
 * `npm run bench` start it and measure it in the same alternation as the service and the floor.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import type { Proc } from '../procs';

/**
 * The product page over Vendure's shop API: what the service's `StoreProduct` document asks for, in Vendure's
 * names (the product, its translations, facet values, option groups, and each variant's SKU, prices, stock and
 * options with their translations).
 */
const SLUG_QUERY = `query P($slug: String!) {
  product(slug: $slug) {
    id createdAt updatedAt languageCode name slug description enabled
    translations { id languageCode name slug description }
    facetValues { id code name facet { id code name } }
    optionGroups { id code name options { id code name } }
    variants {
      id createdAt updatedAt sku name price priceWithTax currencyCode stockLevel
      options { id code name groupId translations { languageCode name } }
    }
  }
}`;

/** The Vendure-shaped list page (vendure-shaped.ts) in Vendure's own names. */
const LIST_QUERY = `query L($take: Int) {
  products(options: { take: $take }) {
    items { id translations { languageCode name slug description } variants { id sku price priceWithTax stockLevel } }
    totalItems
  }
}`;

export const vendureSlugBody = (slug = 'product-1') => JSON.stringify({ query: SLUG_QUERY, variables: { slug } });
export const vendureListBody = (take: number) => JSON.stringify({ query: LIST_QUERY, variables: { take } });

/** Starts `serve.js` of a Vendure installed by setup.sh; resolves once its shop API answers the product page. */
export async function startVendure(dir: string, port: number): Promise<{ base: string; proc: Proc }> {
  const child = spawn(process.execPath, [join(dir, 'serve.js')], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', VENDURE_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d: Buffer) => lines.push(d.toString()));
  const proc: Proc = { child, lines, memory: { peak: 0 }, stopSampling: () => undefined };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Vendure exited: ${lines.join('').slice(-2000)}`);
    const answer = await fetch(`${base}/shop-api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: vendureSlugBody(),
    })
      .then((r) => r.text())
      .catch(() => '');
    if (answer.includes('"product":{')) return { base, proc };
    if (answer.includes('"product":null'))
      throw new Error('Vendure has no product-1: run scripts/bench/vendure/setup.sh');
    if (Date.now() > deadline) throw new Error(`Vendure did not answer: ${lines.join('').slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
