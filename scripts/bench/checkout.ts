/**
 * Checkout scenarios (PostgreSQL): guest checkouts of distinct carts over the whole catalog, then checkouts that
 * all want the same variant (row-lock contention, selling out), each followed by the stock ledger's invariants
 * checked in SQL: no negative stock, every entry equals the sum of its movements, every product's and variant's
 * denormalized stock equals its entries, every order's sale movements equal its items, and (hot product) exactly
 * the stock that was there was sold.
 */
import type pg from 'pg';

import { load, type LoadResult } from './load';
import { cpuSeconds, type Proc } from './procs';

export interface CheckoutResult extends LoadResult {
  /** PostgreSQL's CPU per checkout, ms (distinct carts only). */
  dbCpuMs?: number;
  created: number;
  refused: number;
  violations: string[];
}

const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street: 'Main St 1',
  city: 'Berlin',
  zip: '10115',
  country_code: 'DE',
};

interface Seeded {
  shippingMethodId: string;
  paymentMethodId: string;
}

function body(seed: Seeded, items: Array<{ product_id: string; variant_id: string; quantity: number }>) {
  return JSON.stringify({
    items,
    email: 'bench@example.com',
    shipping_address: ADDRESS,
    shipping_method_id: seed.shippingMethodId,
    payment_method_id: seed.paymentMethodId,
  });
}

/**
 * Distinct carts: 1–3 random variants of random products, quantity 1 each, sent to every instance in `targets` at
 * once (10 connections each): with two instances on one database the combined figure. `cpuMs` is the instances'
 * CPU per checkout, `dbCpuMs` PostgreSQL's (its backends for this database): on a machine that runs both, their
 * sum bounds the checkouts per second.
 */
export async function distinctCheckouts(
  db: pg.Client,
  targets: Array<{ base: string; server: Proc }>,
  seed: Seeded,
  seconds: number,
): Promise<CheckoutResult> {
  const { rows: variants } = await db.query<{ id: string; product_id: string }>(
    'SELECT id, product_id FROM product_variants',
  );
  const pick = () => variants[Math.floor(Math.random() * variants.length)];
  const cartBody = () => {
    const lines = new Map<string, { product_id: string; variant_id: string; quantity: number }>();
    for (let n = 1 + Math.floor(Math.random() * 3); n > 0; n--) {
      const v = pick();
      lines.set(v.id, { product_id: v.product_id, variant_id: v.id, quantity: 1 });
    }
    return body(seed, [...lines.values()]);
  };
  // The loads' own 2 s warm-up (checkouts too, counted before `before`): the read scenarios warmed V8 on the
  // read path only, and a cold checkout path moved this figure by a quarter between runs. Each load waits for
  // every warm-up to end before it measures, so the instances are measured over the same seconds.
  const before = { count: 0, dbCpu: 0, backends: [] as number[] };
  let warm = 0;
  let allWarm!: () => void;
  const warmed = new Promise<void>((resolve) => (allWarm = resolve));
  const results = await Promise.all(
    targets.map(({ base, server }) =>
      load({
        url: `${base}/api/v1/store/checkout`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        seconds,
        proc: server,
        beforeMeasuring: async () => {
          if (++warm === targets.length) {
            before.count = await settled(db);
            before.backends = await backendsOf(db);
            before.dbCpu = cpuOf(before.backends);
            allWarm();
          }
          await warmed;
        },
        body: cartBody,
      }),
    ),
  );
  const dbCpu = cpuOf(before.backends) - before.dbCpu;
  const created = (await settled(db)) - before.count;
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const non2xx = results.reduce((n, r) => n + r.non2xx, 0);
  return {
    rps: results.reduce((n, r) => n + r.rps, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    requests,
    non2xx,
    serverErrors: results.reduce((n, r) => n + r.serverErrors, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    cpuMs: results.reduce((n, r) => n + r.cpuMs * r.requests, 0) / requests,
    dbCpuMs: requests ? (dbCpu * 1000) / requests : NaN,
    created,
    refused: non2xx,
    violations: await ledgerViolations(db),
  };
}

/** PostgreSQL's backend processes serving this database (the machine's, read through /proc). */
async function backendsOf(db: pg.Client): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return rows.map((r) => r.pid);
}

/** CPU seconds of the processes that still exist (a backend that ended took its figure with it). */
function cpuOf(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += cpuSeconds(pid);
    } catch {
      /* gone */
    }
  }
  return total;
}

/** Every checkout wants one unit of the same variant, which has `stock` units: exactly `stock` may sell. */
export async function hotCheckouts(
  db: pg.Client,
  base: string,
  server: Proc,
  seed: Seeded,
  seconds: number,
  stock: number,
): Promise<CheckoutResult> {
  const { rows } = await db.query<{ id: string; product_id: string; quantity: number; warehouse_id: string }>(
    `SELECT v.id, v.product_id, e.quantity, e.warehouse_id FROM product_variants v
     JOIN stock_entries e ON e.variant_id = v.id ORDER BY v.sku DESC LIMIT 1`,
  );
  const hot = rows[0];
  // Top the variant up to `stock` through the ledger (an adjustment movement), as an admin's stock set would.
  const delta = stock - hot.quantity;
  await db.query('BEGIN');
  await db.query('UPDATE stock_entries SET quantity = quantity + $1 WHERE variant_id = $2', [delta, hot.id]);
  await db.query(
    `INSERT INTO stock_movements (id, warehouse_id, product_id, variant_id, type, quantity, reference)
     VALUES (gen_random_uuid(), $1, $2, $3, 'adjustment', $4, 'bench')`,
    [hot.warehouse_id, hot.product_id, hot.id, delta],
  );
  await db.query('UPDATE product_variants SET stock = stock + $1 WHERE id = $2', [delta, hot.id]);
  await db.query('UPDATE products SET stock = stock + $1 WHERE id = $2', [delta, hot.product_id]);
  await db.query('COMMIT');
  const soldBefore = await soldOf(db, hot.id);
  const result = await load({
    url: `${base}/api/v1/store/checkout`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    seconds,
    proc: server,
    warmup: false,
    body: () => body(seed, [{ product_id: hot.product_id, variant_id: hot.id, quantity: 1 }]),
  });
  await settled(db);
  const sold = (await soldOf(db, hot.id)) - soldBefore;
  const violations = await ledgerViolations(db);
  const { rows: left } = await db.query<{ quantity: number }>(
    'SELECT quantity FROM stock_entries WHERE variant_id = $1',
    [hot.id],
  );
  if (sold > stock) violations.push(`hot variant oversold: ${sold} sold of ${stock}`);
  if (left[0].quantity !== stock - sold)
    violations.push(`hot variant: ${left[0].quantity} left after selling ${sold} of ${stock}`);
  return { ...result, created: sold, refused: result.non2xx, violations };
}

/**
 * The order count once requests still in flight when the load generator stopped have finished (it stops
 * counting at the deadline; the server completes them): unchanged for a second.
 */
async function settled(db: pg.Client): Promise<number> {
  let last = await orderCount(db);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await orderCount(db);
    if (now === last) return now;
    last = now;
  }
}

async function orderCount(db: pg.Client): Promise<number> {
  return Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM orders')).rows[0].n);
}

async function soldOf(db: pg.Client, variantId: string): Promise<number> {
  const { rows } = await db.query<{ n: string | null }>(
    "SELECT -sum(quantity) AS n FROM stock_movements WHERE variant_id = $1 AND type = 'sale'",
    [variantId],
  );
  return Number(rows[0].n ?? 0);
}

/** The invariants, as counts of offending rows (named when non-zero). */
async function ledgerViolations(db: pg.Client): Promise<string[]> {
  const checks: Record<string, string> = {
    'negative stock entries': 'SELECT count(*) FROM stock_entries WHERE quantity < 0',
    'entries differing from their movements': `SELECT count(*) FROM stock_entries e WHERE e.quantity <> (SELECT COALESCE(sum(m.quantity), 0)
       FROM stock_movements m WHERE m.warehouse_id = e.warehouse_id AND m.product_id = e.product_id AND m.variant_id IS NOT DISTINCT FROM e.variant_id)`,
    'variants whose stock differs from their entries': `SELECT count(*) FROM product_variants v
       WHERE v.stock <> (SELECT COALESCE(sum(quantity), 0) FROM stock_entries e WHERE e.variant_id = v.id)`,
    'products whose stock differs from their entries': `SELECT count(*) FROM products p
       WHERE p.stock <> (SELECT COALESCE(sum(quantity), 0) FROM stock_entries e WHERE e.product_id = p.id)`,
    'orders whose sale movements differ from their items': `SELECT count(*) FROM orders o
       WHERE (SELECT COALESCE(sum(quantity), 0) FROM order_items i WHERE i.order_id = o.id)
          <> (SELECT COALESCE(-sum(quantity), 0) FROM stock_movements m WHERE m.order_id = o.id AND m.type = 'sale')`,
  };
  const found: string[] = [];
  for (const [name, sql] of Object.entries(checks)) {
    const n = Number((await db.query<{ count: string }>(sql)).rows[0].count);
    if (n) found.push(`${n} ${name}`);
  }
  return found;
}
