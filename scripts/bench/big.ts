/**
 * The big-catalog reads (issue 28, group `big`): on the measured server, uncached, 10 connections, the store
 * list's heavier variants (full-text search matching every product, the recursive category filter from a root
 * category, sort by price) and the admin product and order lists (as a super admin, bootstrapped at start).
 * With BENCH_PRODUCTS=100000 these are the p99 ≤ 50 ms figures; the order table is filled up to as many orders as
 * products (seedOrders) before the admin order lists are read.
 */
import type pg from 'pg';

import { load, type LoadResult } from './load';
import type { Proc } from './procs';

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1234' };

export async function bigCatalogReads(opts: {
  db: pg.Client;
  base: string;
  proc: Proc;
  seconds: number;
  /** The catalog's size: the order table is filled up to as many orders. */
  products: number;
}): Promise<Record<string, LoadResult>> {
  const { rows } = await opts.db.query<{ id: string }>('SELECT id FROM categories WHERE parent_id IS NULL LIMIT 1');
  const login = await fetch(`${opts.base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (login.status !== 200) throw new Error(`bench admin login: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const admin = { authorization: `Bearer ${token}` };
  const orders = await seedOrders(opts.db, opts.products);
  const store = `${opts.base}/api/v1/store/products?limit=25`;
  const rare = encodeURIComponent(`catalog product ${Math.max(1, opts.products - 1)}`);
  const scenarios: Record<string, { url: string; headers?: Record<string, string> }> = {
    'store list, search (every product)': { url: `${store}&search=catalog` },
    'store list, search (one product)': { url: `${store}&search=${rare}` },
    'store list, category (root, recursive)': { url: `${store}&category_id=${rows[0]?.id}` },
    'store list, by price': { url: `${store}&sort=price_gross&order=asc` },
    'admin product list': { url: `${opts.base}/api/v1/admin/products?limit=25`, headers: admin },
    [`admin order list (${orders} orders)`]: { url: `${opts.base}/api/v1/admin/orders?limit=25`, headers: admin },
    'admin order list, by status': { url: `${opts.base}/api/v1/admin/orders?limit=25&status=shipped`, headers: admin },
  };
  const results: Record<string, LoadResult> = {};
  for (const [name, s] of Object.entries(scenarios)) {
    const probe = await fetch(s.url, { headers: s.headers });
    if (probe.status !== 200) throw new Error(`${name}: ${probe.status} ${(await probe.text()).slice(0, 200)}`);
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
  await db.query('ANALYZE orders');
  return Math.max(count, Number(rows[0].n));
}
