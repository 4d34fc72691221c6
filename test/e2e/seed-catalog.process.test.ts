/**
 * `svc seed --catalog`: the bulk fast path through the real CLI on a fresh embedded database. Checks the
 * progress lines, the result, that a second run refuses a non-empty catalog, usage errors, and the rows
 * written: counts, every variant's options and prices, and the stock ledger (each entry equals its
 * movements, each product's stock the sum of its entries). With SVC_TEST_DATABASE_URL, also on PostgreSQL as a
 * superuser (the batches skip the row-by-row foreign-key checks) and as a role that may not (they run them).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { packageRoot } from '../../src/platform/paths';
import { scratchDir } from '../harness/scratch-dir';
import { createPostgresDatabase } from '../harness/server';

const root = packageRoot();
const run = promisify(execFile);
const SVC = ['-r', '@swc-node/register', join(root, 'app/main.ts')];

function env(dataDir: string): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('SVC_') && k !== 'DATABASE_URL' && k !== 'NODE_OPTIONS'),
  );
  return { ...clean, SVC_DATA_DIR: dataDir, SVC_LOG_LEVEL: 'warn' };
}

/** The rows of a seeded catalog of `products` products with 10 variants each; `first` reads a query's first row. */
async function expectSeeded(first: (sql: string) => Promise<Record<string, unknown> | undefined>, products: number) {
  const one = async (sql: string) => {
    const row = await first(sql);
    return row && Object.values(row)[0];
  };
  expect(await one('SELECT count(*)::int FROM products WHERE active')).toBe(products);
  expect(await one('SELECT count(*)::int FROM product_translations')).toBe(products * 2);
  expect(await one('SELECT count(*)::int FROM product_variants')).toBe(products * 10);
  expect(await one('SELECT count(*)::int FROM variant_options')).toBe(products * 20);
  expect(await one("SELECT count(*)::int FROM product_translations WHERE slug = 'catalog-product-1'")).toBe(1);
  // Every variant has one size and one colour, and the size × colour pairs of a product are distinct.
  expect(
    await one(`SELECT count(*)::int FROM (SELECT v.product_id, string_agg(vo.option_id::text, ',' ORDER BY vo.option_id) k
      FROM product_variants v JOIN variant_options vo ON vo.variant_id = v.id GROUP BY v.id, v.product_id) x
      GROUP BY product_id HAVING count(DISTINCT k) <> 10`),
  ).toBeUndefined();
  expect(
    await one(`SELECT count(*)::int FROM stock_entries e WHERE e.quantity <> (SELECT COALESCE(sum(m.quantity), 0)
      FROM stock_movements m WHERE m.warehouse_id = e.warehouse_id AND m.variant_id = e.variant_id)`),
  ).toBe(0);
  expect(
    await one(`SELECT count(*)::int FROM products p WHERE p.stock <> (SELECT sum(quantity) FROM stock_entries e WHERE e.product_id = p.id)
      OR p.stock <> (SELECT sum(stock) FROM product_variants v WHERE v.product_id = p.id)`),
  ).toBe(0);
}

describe('svc seed --catalog', () => {
  const dataDir = scratchDir('svc-seed');

  it('loads the catalog in batches with progress, refuses a second run, and keeps the ledger consistent', async () => {
    const seeded = await run(process.execPath, [...SVC, 'seed', '--catalog', '25', '--batch', '10', '--json'], {
      env: env(dataDir),
      cwd: root,
    });
    const progress = seeded.stderr
      .split('\n')
      .filter((l) => l.includes('"progress"'))
      .map((l) => JSON.parse(l).progress);
    expect(progress).toEqual([
      { done: 10, total: 25 },
      { done: 20, total: 25 },
      { done: 25, total: 25 },
    ]);
    expect(JSON.parse(seeded.stdout)).toMatchObject({
      ok: true,
      seeded: true,
      products: 25,
      variants: 250,
      rowChecksSkipped: true,
    });

    const again = await run(process.execPath, [...SVC, 'seed', '--catalog', '5'], { env: env(dataDir), cwd: root });
    expect(again.stdout).toMatch(/already has products: nothing seeded/);

    const db = await PGlite.create(join(dataDir, 'db'));
    try {
      await expectSeeded(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows[0], 25);
    } finally {
      await db.close();
    }
    // Bounds for a loaded machine: each CLI process starts through SWC (tens of seconds at a load average of 20).
  }, 300_000);

  it('refuses bad arguments with usage (exit 2)', async () => {
    for (const args of [['--catalog'], ['--catalog', '0'], ['--catalog', '5', '--variants', '11'], ['--bogus']]) {
      const failed = await run(process.execPath, [...SVC, 'seed', ...args], { env: env(dataDir), cwd: root }).catch(
        (err: { code: number; stderr: string }) => err,
      );
      expect(failed).toMatchObject({ code: 2, stderr: expect.stringMatching(/^seed: /) });
    }
  }, 240_000);
});

const serverUrl = process.env.SVC_TEST_DATABASE_URL;
// No SVC_AUTH_JWT_SECRET: the seed signs no token, so it runs without one on PostgreSQL too.
const PG_ENV = { SVC_DATABASE_TLS: 'disable' };
// At the top level: in a skipped describe the folder would be made but its afterAll would not run.
const pgDataDir = scratchDir('svc-seed-pg');
(serverUrl ? describe : describe.skip)('svc seed --catalog on PostgreSQL', () => {
  /** The CLI against the PostgreSQL database at `url`. */
  const svc = (args: string[], url: string) =>
    run(process.execPath, [...SVC, ...args], {
      env: { ...env(pgDataDir), ...PG_ENV, SVC_DATABASE_URL: url },
      cwd: root,
    });
  const seedAs = async (url: string) =>
    JSON.parse((await svc(['seed', '--catalog', '30', '--batch', '7', '--json'], url)).stdout) as {
      seeded: boolean;
      products: number;
      rowChecksSkipped: boolean;
    };
  const withDb = async (url: string, check: (c: pg.Client) => Promise<void>) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await check(c);
    } finally {
      await c.end();
    }
  };

  it('as a superuser skips the row checks, as a plain role runs them: the same catalog either way', async () => {
    const asOwner = await createPostgresDatabase(serverUrl!);
    const asRole = await createPostgresDatabase(serverUrl!);
    const role = `svc_seed_${Math.random().toString(36).slice(2, 10)}`;
    try {
      for (const db of [asOwner, asRole]) await svc(['migrate'], db.url);
      // A role that may read and write the tables but not set session_replication_role.
      await withDb(asRole.url, async (c) => {
        await c.query(`CREATE ROLE ${role} LOGIN`);
        await c.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
        await c.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
      });
      const roleUrl = new URL(asRole.url);
      roleUrl.username = role;

      expect(await seedAs(asOwner.url)).toMatchObject({ seeded: true, products: 30, rowChecksSkipped: true });
      expect(await seedAs(roleUrl.toString())).toMatchObject({ seeded: true, products: 30, rowChecksSkipped: false });
      for (const url of [asOwner.url, asRole.url])
        await withDb(url, async (c) => expectSeeded(async (sql) => (await c.query(sql)).rows[0], 30));
    } finally {
      await asOwner.drop();
      await asRole.drop();
      await withDb(serverUrl!, async (c) => {
        await c.query(`DROP ROLE IF EXISTS ${role}`);
      });
    }
  }, 300_000);
});
