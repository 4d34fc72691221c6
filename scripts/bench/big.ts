/**
 * The big-catalog reads (issue 28, group `big`): on the measured server, uncached, 10 connections, the store
 * list's heavier variants (full-text search matching every product, the recursive category filter from a root
 * category, sort by price) and the admin product and order lists (as a super admin, bootstrapped at start; over
 * REST and through the admin dashboard's own operations).
 * With BENCH_PRODUCTS=100000 these are the p99 ≤ 50 ms figures; the order table is filled up to as many orders as
 * products (seedOrders) before the admin order lists are read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { type DefinitionNode, Kind, parse, print, visit } from 'graphql';
import type pg from 'pg';

import { load, type LoadResult } from './load';
import type { Proc } from './procs';
import { VENDURE_SHAPED_SELECTION } from './vendure-shaped';

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1234' };

/** An access token of the benchmark's super admin (created at the server's start). */
export async function adminToken(base: string): Promise<string> {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (login.status !== 200) throw new Error(`bench admin login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { data: { access_token: string } }).data.access_token;
}

/** The Vendure-shaped list selection (vendure-shaped.ts) with the big group's filters in place of `ARGS`. */
const BIG_LIST = `query BigList VARS {
  storeProducts(limit: 25, ARGS) {
    ${VENDURE_SHAPED_SELECTION}
  }
}`;

/**
 * The costliest search the input bounds let through on the seeded catalog (src/shared/validation/search.ts): the
 * most words allowed (32, in 195 of the 200 characters), the words every product's name holds typed over and over,
 * the last a one-letter prefix. Before repeated words were dropped from the query it cost ~6x the two-word search.
 */
const LONGEST_SEARCH = [...Array<string>(11).fill('catalog product'), ...Array<string>(10).fill('p')].join(' ');

/**
 * The admin dashboard's operation `name` from admin/operations/`file`, with the fragments it spreads (directly or
 * through other fragments): the admin lists as staff read them.
 */
function dashboardOperation(file: string, name: string): string {
  const doc = parse(readFileSync(join(__dirname, '../../admin/operations', file), 'utf8'));
  const fragments = new Map<string, DefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const operation = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name);
  if (!operation) throw new Error(`admin/operations/${file}: no operation ${name}`);
  const used: DefinitionNode[] = [operation];
  for (let i = 0; i < used.length; i++)
    visit(used[i], {
      FragmentSpread(node) {
        const fragment = fragments.get(node.name.value);
        if (fragment && !used.includes(fragment)) used.push(fragment);
      },
    });
  return used.map((d) => print(d)).join('\n');
}

export async function bigCatalogReads(opts: {
  db: pg.Client;
  base: string;
  proc: Proc;
  seconds: number;
  /** The catalog's size: the order table is filled up to as many orders. */
  products: number;
}): Promise<Record<string, LoadResult>> {
  const { rows } = await opts.db.query<{ id: string }>('SELECT id FROM categories WHERE parent_id IS NULL LIMIT 1');
  const admin = { authorization: `Bearer ${await adminToken(opts.base)}` };
  const orders = await seedOrders(opts.db, opts.products);
  // The catalog too, as autovacuum leaves it: straight after the seed, reads set the hint bits of a million fresh
  // rows and index-only scans visit the heap while autovacuum works beside the load (one product's search: 64
  // requests/s here against 173-177 on a vacuumed copy of the same catalog, 2026-11-27).
  await opts.db.query('VACUUM ANALYZE products, product_translations, product_categories, product_variants');
  const store = `${opts.base}/api/v1/store/products?limit=25`;
  const rare = encodeURIComponent(`catalog product ${Math.max(1, opts.products - 1)}`);
  const scenarios: Record<string, { url: string; method?: string; headers?: Record<string, string>; body?: string }> = {
    'store list, search (every product)': { url: `${store}&search=catalog` },
    'store list, search (one product)': { url: `${store}&search=${rare}` },
    'store list, search at the maximum length': { url: `${store}&search=${encodeURIComponent(LONGEST_SEARCH)}` },
    'store list, category (root, recursive)': { url: `${store}&category_id=${rows[0]?.id}` },
    'store list, by price': { url: `${store}&sort=price_gross&order=asc` },
    'admin product list': { url: `${opts.base}/api/v1/admin/products?limit=25`, headers: admin },
    [`admin order list (${orders} orders)`]: { url: `${opts.base}/api/v1/admin/orders?limit=25`, headers: admin },
    'admin order list, by status': { url: `${opts.base}/api/v1/admin/orders?limit=25&status=shipped`, headers: admin },
  };
  // The same lists as a storefront asks for them over GraphQL (the Vendure-shaped selection, compiled).
  const graphql = (name: string, vars: string, args: string, variables: Record<string, unknown>) => ({
    [`${name} (GraphQL)`]: {
      url: `${opts.base}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: BIG_LIST.replace('VARS', vars).replace('ARGS', args), variables }),
    },
  });
  Object.assign(
    scenarios,
    graphql('store list, search (every product)', '($search: String)', 'search: $search', { search: 'catalog' }),
    graphql('store list, category (root, recursive)', '($categoryId: UUID)', 'categoryId: $categoryId', {
      categoryId: rows[0]?.id,
    }),
    graphql('store list, by price', '', 'sort: PRICE_GROSS, order: ASC', {}),
  );
  // The admin lists as the dashboard asks for them (its own operations, first page of 25).
  const dashboard = (name: string, file: string, operation: string) => ({
    [`${name} (GraphQL, the dashboard's query)`]: {
      url: `${opts.base}/graphql`,
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ query: dashboardOperation(file, operation), variables: { page: 1, limit: 25 } }),
    },
  });
  Object.assign(
    scenarios,
    dashboard('admin product list', 'products.graphql', 'AdminProducts'),
    dashboard(`admin order list (${orders} orders)`, 'orders.graphql', 'AdminOrders'),
  );
  const results: Record<string, LoadResult> = {};
  for (const [name, s] of Object.entries(scenarios)) {
    const probe = await fetch(s.url, { method: s.method, headers: s.headers, body: s.body });
    const text = await probe.text();
    if (probe.status !== 200 || text.startsWith('{"errors"'))
      throw new Error(`${name}: ${probe.status} ${text.slice(0, 200)}`);
    results[name] = await load({ ...s, seconds: opts.seconds, proc: opts.proc });
  }
  return results;
}

/**
 * Fills the order table up to `count` orders in one statement (the checkout path would take hours at 100,000):
 * realistic list rows (numbers, e-mails, statuses, totals, dates over a year), no items. Returns the order count.
 */
async function seedOrders(db: pg.Client, count: number): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM orders');
  const missing = count - Number(rows[0].n);
  if (missing > 0)
    await db.query(
      `INSERT INTO orders (id, order_number, email, status, currency, subtotal_gross, subtotal_net, tax_total, total,
                           billing_address, shipping_address, created_at, updated_at)
         SELECT gen_random_uuid(), 'BENCH-' || lpad(i::text, 7, '0'), 'bench-' || i || '@example.com',
                (ARRAY['pending','confirmed','shipped','delivered','cancelled'])[1 + i % 5]::order_status, 'EUR',
                1000 + i % 9000, 840 + i % 7560, 160, 1490 + i % 9000, '{}', '{}',
                now() - make_interval(mins => i * 5), now()
         FROM generate_series(1, $1::int) i`,
      [missing],
    );
  // Vacuumed as autovacuum would leave a shop's table: without it the lists' index-only scans visit the heap for
  // every row just inserted, which measured the fill more than the list (by status: 157-183 req/s against 356-503
  // on a vacuumed copy, docs/performance.md).
  await db.query('VACUUM ANALYZE orders');
  return Math.max(count, Number(rows[0].n));
}
