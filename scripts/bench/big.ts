/**
 * The big-catalog reads (issue 28, group `big`): on the measured server, uncached, 10 connections, the store
 * list's heavier variants (full-text search matching every product, the recursive category filter from a root
 * category, sort by price) and the admin product and order lists (as a super admin, bootstrapped at start).
 * With BENCH_PRODUCTS=100000 these are the p99 ≤ 50 ms figures; the admin order list covers the orders the
 * checkout scenarios made (run `checkout` before `big`).
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
  const store = `${opts.base}/api/v1/store/products?limit=25`;
  const scenarios: Record<string, { url: string; headers?: Record<string, string> }> = {
    'store list, search (every product)': { url: `${store}&search=catalog` },
    'store list, category (root, recursive)': { url: `${store}&category_id=${rows[0]?.id}` },
    'store list, by price': { url: `${store}&sort=price_gross&order=asc` },
    'admin product list': { url: `${opts.base}/api/v1/admin/products?limit=25`, headers: admin },
    'admin order list': { url: `${opts.base}/api/v1/admin/orders?limit=25`, headers: admin },
  };
  const results: Record<string, LoadResult> = {};
  for (const [name, s] of Object.entries(scenarios)) {
    const probe = await fetch(s.url, { headers: s.headers });
    if (probe.status !== 200) throw new Error(`${name}: ${probe.status} ${(await probe.text()).slice(0, 200)}`);
    results[name] = await load({ ...s, seconds: opts.seconds, proc: opts.proc });
  }
  return results;
}
