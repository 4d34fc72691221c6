/**
 * `npm run bench`: the service under load against a floor, on PostgreSQL and on the embedded database.
 *
 * Per database (BENCH_DATABASES, default `postgres,embedded`), on a throwaway database or data folder:
 * 1. `svc migrate`, then `svc seed --catalog BENCH_PRODUCTS` (1000 products × 10 variants: the CLI's bulk path,
 *    timed) through the compiled CLI.
 * 2. PostgreSQL only, probe phase (server at log level info): one request of each kind; the request log line
 *    carries the number of SQL statements the request ran (`sql`). Also a page of 100.
 * 3. Load phase (a fresh server at log level warn, compiled as `npm start` runs it): start-up time to the first
 *    200 on health and RSS after boot; autocannon (10 connections, BENCH_SECONDS per scenario after a 2 s
 *    warm-up) on the store list over REST and GraphQL and on product by slug, and the floor (floor.ts: one
 *    hand-written query, bare node:http) answering the same list and slug; on PostgreSQL also the list from a
 *    second server with the response cache on (`… , cached`), then checkouts of distinct carts and of one hot
 *    variant (BENCH_HOT_STOCK units), each followed by the stock ledger's invariants. BENCH_SCENARIOS
 *    (`reads,checkout`) picks the PostgreSQL groups.
 *    RSS at the end and the peak (VmRSS sampled every 100 ms, and VmHWM).
 * 4. Embedded only: `npm start` as a first-time user runs it (empty data folder: demo shop), restarted, RSS
 *    after boot and after 100 light requests.
 * Every figure is also compared with the floor of the same run: on a shared machine only ratios are stable.
 * With BENCH_VENDURE_DIR (scripts/bench/vendure/setup.sh), Vendure 3.5 is measured in the same read rounds.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { print } from 'graphql';
import pg from 'pg';

import { StoreProductDocument, StoreProductsDocument } from '../../src/generated/graphql';
import { BENCH_ADMIN, bigCatalogReads } from './big';
import { distinctCheckouts, hotCheckouts } from './checkout';
import { compressionComparison } from './compression';
import { facetReads } from './facets';
import { combineSlices as combine, load, type LoadResult } from './load';
import { mixedReadsAndCheckouts } from './mixed';
import { observabilityComparison } from './observability';
import { cli, memoryOf, type Proc, SERVER, start, stop, waitReady } from './procs';
import { report, type Run } from './report';
import { runtimeComparison } from './runtime';
import { storefrontReads } from './storefront';
import { startVendure, vendureListBody, vendureSlugBody } from './vendure/compare';
import { assertCompiledMatchesResolvers, assertSameAnswer, vendureShapedBody } from './vendure-shaped';

const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const HOT_STOCK = Number(process.env.BENCH_HOT_STOCK ?? 500);
/** A Vendure installed by scripts/bench/vendure/setup.sh: measured beside the read scenarios when set. */
const VENDURE_DIR = process.env.BENCH_VENDURE_DIR;
/**
 * Checkouts per second of random products during the `mixed` scenario group (store reads from a server with
 * the response cache on while orders come in: scripts/bench/mixed.ts).
 */
const MIXED_CHECKOUTS = Number(process.env.BENCH_MIXED_CHECKOUTS ?? 20);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,embedded').split(',');
/**
 * Which scenario groups run on PostgreSQL: `reads`, `mixed` (cached reads while checkouts arrive, mixed.ts),
 * `checkout`, `facets` (the store list plain and with facets, facets.ts), `storefront` (the reference storefront's
 * category page beside the API's answer for the same data, storefront.ts; skipped when not built), `big` (search, category, price sort and the
 * admin lists, big.ts), `observability` (telemetry off vs
 * traces at 100 % and 10 % vs metrics, scripts/bench/observability.ts), `compression` (JSON compression off vs on, a
 * small and a large answer, uncached and cached, scripts/bench/compression.ts), all by default; and `runtime` (the
 * pinned Node against the machine's own, scripts/bench/runtime.ts) only when named: the other runtime must load the
 * native modules `npm ci` built for the pinned one, and on a clean install Node 20 crashes in argon2's. The embedded
 * run is reads only.
 */
const SCENARIOS = (
  process.env.BENCH_SCENARIOS ?? 'reads,mixed,checkout,facets,storefront,big,observability,compression'
).split(',');
/** Products each runtime's server imports through the admin API before the runtime group's reads. */
const RUNTIME_IMPORT = Number(process.env.BENCH_RUNTIME_IMPORT ?? PRODUCTS);

function serverEnv(port: number, level: string, db: { url?: string; dataDir: string }): Record<string, string> {
  return {
    ...(db.url ? { SVC_DATABASE_URL: db.url } : {}),
    SVC_DATABASE_TLS: 'disable',
    SVC_SERVER_PORT: String(port),
    SVC_SERVER_HOST: '127.0.0.1',
    // NODE_ENV=production as a deployment sets it (graphql-js skips its development-only checks).
    NODE_ENV: 'production',
    SVC_LOG_LEVEL: level,
    SVC_ENV: 'production',
    SVC_AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
    SVC_DATA_DIR: db.dataDir,
    // The `big` group reads the admin lists as this super admin (created at start when absent).
    SVC_BOOTSTRAP_ADMIN_EMAIL: BENCH_ADMIN.email,
    SVC_BOOTSTRAP_ADMIN_PASSWORD: BENCH_ADMIN.password,
    // One load generator on one address: the per-IP limits would answer most requests 429.
    SVC_SECURITY_RATE_LIMIT_REQUESTS_PER_MINUTE: '100000000',
    SVC_SECURITY_RATE_LIMIT_BURST: '100000000',
    SVC_SECURITY_RATE_LIMIT_CHECKOUT_REQUESTS_PER_MINUTE: '100000000',
    // The read scenarios compare the service's own work with the floor: the response cache would answer them
    // without running anything (README, "Response cache", has its figures; BENCH_CACHE=1 measures it instead).
    SVC_CACHE_ENABLED: process.env.BENCH_CACHE === '1' ? 'true' : 'false',
  };
}

const gqlBody = (limit: number) => JSON.stringify({ query: print(StoreProductsDocument), variables: { limit } });
const GQL = { method: 'POST', headers: { 'content-type': 'application/json' } };

/** Migrates and seeds through the compiled CLI; returns the seed's summary. */
async function prepare(env: Record<string, string>) {
  await cli(['migrate'], env);
  const seeded = await cli(['seed', '--catalog', String(PRODUCTS), '--json'], env);
  const summary = JSON.parse(seeded.stdout.trim().split('\n').pop()!) as {
    ms: number;
    shippingMethodId: string;
    paymentMethodId: string;
    firstSlug: string;
  };
  console.error(`seeded ${PRODUCTS} products × 10 variants in ${(summary.ms / 1000).toFixed(1)} s`);
  return { summary, cliMs: seeded.ms };
}

/** Starts the compiled server and waits for its first 200 on health. */
async function boot(env: Record<string, string>, port: number): Promise<{ proc: Proc; ms: number; rss: number }> {
  const proc = start(SERVER, ['serve'], env);
  const ms = await waitReady(`http://127.0.0.1:${port}/api/v1/health`);
  return { proc, ms, rss: memoryOf(proc.child.pid)?.rss ?? NaN };
}

/** Statements per request, read from the request log (level info). */
async function probeStatements(proc: Proc, base: string, slug: string) {
  const probes: Record<string, { path: string; init?: RequestInit }> = {
    'REST list (25)': { path: '/api/v1/store/products?limit=25' },
    'REST list (100)': { path: '/api/v1/store/products?limit=100' },
    'REST list with facets (25)': { path: '/api/v1/store/products?limit=25&facets=true' },
    'GraphQL list (25)': { path: '/graphql', init: { ...GQL, body: gqlBody(25) } },
    'GraphQL list (100)': { path: '/graphql', init: { ...GQL, body: gqlBody(100) } },
    'GraphQL Vendure-shaped list (25)': { path: '/graphql', init: { ...GQL, body: vendureShapedBody(25) } },
    'REST by slug': { path: `/api/v1/store/products/${slug}` },
  };
  const statements: Record<string, number> = {};
  const bytes: Record<string, number> = {};
  for (const [name, { path, init }] of Object.entries(probes)) {
    const res = await fetch(base + path, init);
    const text = await res.text();
    if (res.status !== 200 || text.includes('"errors"'))
      throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
    bytes[name] = text.length;
    const id = res.headers.get('x-request-id');
    await new Promise((r) => setTimeout(r, 100));
    const line = proc.lines
      .map((l) => {
        try {
          return JSON.parse(l);
        } catch {
          return null;
        }
      })
      .find((l) => l?.requestId === id && l.msg === 'request');
    statements[name] = line?.sql ?? NaN;
  }
  return { statements, bytes };
}

/**
 * The read scenarios. With a floor running beside the server (PostgreSQL), each scenario and its floor are
 * measured in alternation, ROUNDS slices each, so both see the same machine: on a shared machine the load of
 * others moves throughput by 2× within minutes, which a floor measured once, minutes earlier, would not share.
 */
async function readScenarios(
  base: string,
  proc: Proc,
  slug: string,
  run: Run,
  floor?: { base: string; proc: Proc },
  cached?: { base: string; proc: Proc },
  vendure?: { base: string; proc: Proc },
) {
  const scenarios: Record<
    string,
    { url: string; floor: string; proc?: Proc } & Partial<typeof GQL & { body: string }>
  > = {
    'REST list': { url: `${base}/api/v1/store/products?limit=25`, floor: 'floor list' },
    'GraphQL list': { url: `${base}/graphql`, ...GQL, body: gqlBody(25), floor: 'floor list' },
    'GraphQL list, Vendure-shaped': {
      url: `${base}/graphql`,
      ...GQL,
      body: vendureShapedBody(25),
      floor: 'floor Vendure-shaped list',
    },
    'REST by slug': { url: `${base}/api/v1/store/products/${slug}`, floor: 'floor by slug' },
    // The storefront's product page over GraphQL (the codegen'd document: every field of the page).
    'GraphQL by slug': {
      url: `${base}/graphql`,
      ...GQL,
      body: JSON.stringify({ query: print(StoreProductDocument), variables: { slug } }),
      floor: 'floor by slug',
    },
    // A second server with the response cache on, over the same database (its RSS is not the one reported).
    ...(cached && {
      'REST list, cached': {
        url: `${cached.base}/api/v1/store/products?limit=25`,
        floor: 'floor list',
        proc: cached.proc,
      },
      'GraphQL list, cached': {
        url: `${cached.base}/graphql`,
        ...GQL,
        body: gqlBody(25),
        floor: 'floor list',
        proc: cached.proc,
      },
    }),
  };
  // Vendure (BENCH_VENDURE_DIR), measured once per round after the service's scenarios: its product page and
  // list (vendure/compare.ts), compared with the service's by slug and Vendure-shaped list in the report.
  const vendures = vendure && {
    'Vendure by slug': { url: `${vendure.base}/shop-api`, ...GQL, body: vendureSlugBody(), proc: vendure.proc },
    'Vendure list': { url: `${vendure.base}/shop-api`, ...GQL, body: vendureListBody(25), proc: vendure.proc },
  };
  const floors = floor && {
    'floor list': { url: `${floor.base}/list`, proc: floor.proc },
    'floor Vendure-shaped list': { url: `${floor.base}/vendure-list`, proc: floor.proc },
    'floor by slug': { url: `${floor.base}/slug/${slug}`, proc: floor.proc },
  };
  // Warm every scenario before measuring any: the first one measured would otherwise also pay for V8 warming
  // up the shared code paths (about a third more CPU per request in the first few dozen requests).
  for (const s of Object.values(scenarios)) await load({ ...s, seconds: WARMUP, proc: s.proc ?? proc, warmup: false });
  for (const s of Object.values(floors ?? {})) await load({ ...s, seconds: WARMUP, warmup: false });
  for (const s of Object.values(vendures ?? {})) await load({ ...s, seconds: WARMUP, warmup: false });
  const slices: Record<string, LoadResult[]> = {};
  const slice = SECONDS / (floors ? ROUNDS : 1);
  for (let round = 0; round < (floors ? ROUNDS : 1); round++) {
    for (const [name, s] of Object.entries(scenarios)) {
      (slices[name] ??= []).push(await load({ ...s, seconds: slice, proc: s.proc ?? proc, warmup: false }));
      const f = floors?.[s.floor as keyof typeof floors];
      if (f) (slices[s.floor] ??= []).push(await load({ ...f, seconds: slice, warmup: false }));
    }
    for (const [name, v] of Object.entries(vendures ?? {}))
      (slices[name] ??= []).push(await load({ ...v, seconds: slice, warmup: false }));
  }
  for (const [name, parts] of Object.entries(slices)) {
    const s = scenarios[name];
    run.scenarios[name] = { ...combine(parts), ...(s ? { floor: s.floor } : {}) };
  }
}

async function floorScenarios(target: string, port: number, slug: string, run: Run) {
  const floor = start('scripts/bench/floor.ts', [target, String(port)], {});
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/slug/${slug}`);
    run.bytes['floor list'] = (await (await fetch(`${base}/list`)).text()).length;
    run.scenarios['floor list'] = await load({ url: `${base}/list`, seconds: SECONDS, proc: floor });
    run.scenarios['floor Vendure-shaped list'] = await load({
      url: `${base}/vendure-list`,
      seconds: SECONDS,
      proc: floor,
    });
    run.scenarios['floor by slug'] = await load({ url: `${base}/slug/${slug}`, seconds: SECONDS, proc: floor });
  } finally {
    await stop(floor);
  }
}

async function benchPostgres(port: number): Promise<Run> {
  const dbName = `svc_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  const db = { url: url.toString(), dataDir: join(tmpdir(), 'svc-bench-pg') };
  const procs: Proc[] = [];
  const client = new pg.Client({ connectionString: db.url });
  try {
    const { summary, cliMs } = await prepare(serverEnv(port, 'warn', db));
    const slug = summary.firstSlug;
    const base = `http://127.0.0.1:${port}`;
    // The probe's own server counts statements (`log.sql_counts` is off in production, as the measured one runs).
    const probe = await boot({ ...serverEnv(port, 'info', db), SVC_LOG_SQL_COUNTS: 'on' }, port);
    procs.push(probe.proc);
    const { statements, bytes } = await probeStatements(probe.proc, base, slug);
    await stop(probe.proc);

    const server = await boot(serverEnv(port, 'warn', db), port);
    procs.push(server.proc);
    const run: Run = {
      database: 'PostgreSQL',
      seed: { ms: summary.ms, cliMs },
      startupMs: server.ms,
      memory: { boot: server.rss, end: 0, peak: 0 },
      statements,
      bytes,
      scenarios: {},
    };
    if (SCENARIOS.includes('reads')) {
      const floor = start('scripts/bench/floor.ts', [db.url, String(port + 1)], {});
      procs.push(floor);
      const floorBase = `http://127.0.0.1:${port + 1}`;
      await waitReady(`${floorBase}/slug/${slug}`);
      run.bytes['floor list'] = (await (await fetch(`${floorBase}/list`)).text()).length;
      // The same answer, or the ratio would compare different work.
      run.bytes['Vendure-shaped list'] = await assertSameAnswer(`${base}/graphql`, `${floorBase}/vendure-list`);
      // And the compiled path writes the resolvers' very bytes on this catalog.
      await assertCompiledMatchesResolvers(`${base}/graphql`);
      const cached = await boot({ ...serverEnv(port + 2, 'warn', db), SVC_CACHE_ENABLED: 'true' }, port + 2);
      procs.push(cached.proc);
      const cachedBase = `http://127.0.0.1:${port + 2}`;
      const vendure = VENDURE_DIR ? await startVendure(VENDURE_DIR, port + 9) : undefined;
      if (vendure) procs.push(vendure.proc);
      await readScenarios(
        base,
        server.proc,
        slug,
        run,
        { base: floorBase, proc: floor },
        { base: cachedBase, proc: cached.proc },
        vendure,
      );
      if (vendure) await stop(vendure.proc);
      await stop(cached.proc);
      await stop(floor);
    }
    if (SCENARIOS.includes('observability'))
      Object.assign(
        run.scenarios,
        await observabilityComparison({
          env: (p) => serverEnv(p, 'warn', db),
          port: port + 3,
          slug,
          seconds: SECONDS,
          warmupSeconds: WARMUP,
          rounds: ROUNDS,
          body: gqlBody(25),
        }),
      );
    if (SCENARIOS.includes('compression')) {
      const compression = await compressionComparison({
        env: (p) => serverEnv(p, 'warn', db),
        port: port + 10,
        slug,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        rounds: ROUNDS,
      });
      Object.assign(run.scenarios, compression.results);
      for (const [name, size] of Object.entries(compression.bytes)) run.bytes[`compression ${name}`] = size;
    }
    await client.connect();
    if (SCENARIOS.includes('mixed')) {
      // Its own server: cache on, log level info (the hit rate is counted from its request lines).
      const mixed = await boot({ ...serverEnv(port + 4, 'info', db), SVC_CACHE_ENABLED: 'true' }, port + 4);
      procs.push(mixed.proc);
      const mixedBase = `http://127.0.0.1:${port + 4}`;
      run.scenarios[`Vendure-shaped list, cached, ${MIXED_CHECKOUTS} checkouts/s`] = {
        ...(await mixedReadsAndCheckouts({
          db: client,
          base: mixedBase,
          proc: mixed.proc,
          seed: summary,
          read: { url: `${mixedBase}/graphql`, ...GQL, body: vendureShapedBody(25) },
          seconds: SECONDS,
          checkoutsPerSecond: MIXED_CHECKOUTS,
        })),
        floor: 'floor Vendure-shaped list',
      };
      await stop(mixed.proc);
    }
    if (SCENARIOS.includes('checkout')) {
      run.scenarios['checkout (distinct carts)'] = await distinctCheckouts(
        client,
        [{ base, server: server.proc }],
        summary,
        SECONDS,
      );
      // Two instances on the same database, each loaded as the one above: the combined figure (issue 29).
      const second = await boot(serverEnv(port + 5, 'warn', db), port + 5);
      procs.push(second.proc);
      run.scenarios['checkout (distinct carts, 2 instances)'] = await distinctCheckouts(
        client,
        [
          { base, server: server.proc },
          { base: `http://127.0.0.1:${port + 5}`, server: second.proc },
        ],
        summary,
        SECONDS,
      );
      await stop(second.proc);
      run.scenarios[`checkout (one hot variant, ${HOT_STOCK} in stock)`] = await hotCheckouts(
        client,
        base,
        server.proc,
        summary,
        SECONDS,
        HOT_STOCK,
      );
    }
    if (SCENARIOS.includes('runtime')) {
      const compared = await runtimeComparison({
        db: client,
        env: (p) => serverEnv(p, 'warn', db),
        port: port + 6,
        slug,
        graphqlProductBody: JSON.stringify({ query: print(StoreProductDocument), variables: { slug } }),
        seed: summary,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        rounds: ROUNDS,
        importProducts: RUNTIME_IMPORT,
      });
      Object.assign(run.scenarios, compared.scenarios);
      run.runtimes = compared.memory;
    }
    // The faceted store list beside the plain one (facets.ts), on the same catalog.
    if (SCENARIOS.includes('facets')) {
      // And from a second server with the response cache on: a storefront's repeated sidebars (no writes meanwhile).
      const cached = await boot({ ...serverEnv(port + 2, 'warn', db), SVC_CACHE_ENABLED: 'true' }, port + 2);
      procs.push(cached.proc);
      const cachedRun = { base: `http://127.0.0.1:${port + 2}`, proc: cached.proc };
      Object.assign(
        run.scenarios,
        await facetReads({ db: client, base, proc: server.proc, seconds: SECONDS, cached: cachedRun }),
      );
      await stop(cached.proc);
    }
    if (SCENARIOS.includes('storefront'))
      Object.assign(
        run.scenarios,
        await storefrontReads({ db: client, base, proc: server.proc, seconds: SECONDS, port: port + 7 }),
      );
    // After the checkouts: the admin order list reads the orders they made.
    if (SCENARIOS.includes('big'))
      Object.assign(
        run.scenarios,
        await bigCatalogReads({ db: client, base, proc: server.proc, seconds: SECONDS, products: PRODUCTS }),
      );
    return finish(run, server.proc);
  } finally {
    await client.end().catch(() => undefined);
    for (const p of procs) await stop(p).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

/** Records the server's RSS at the end of its scenarios and its peak. */
function finish(run: Run, proc: Proc): Run {
  const mem = memoryOf(proc.child.pid);
  run.memory.end = mem?.rss ?? NaN;
  run.memory.peak = Math.max(proc.memory.peak, mem?.peak ?? 0);
  return run;
}

async function benchEmbedded(port: number): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-embedded-'));
  const defaultDir = mkdtempSync(join(tmpdir(), 'svc-bench-default-'));
  const procs: Proc[] = [];
  try {
    const env = serverEnv(port, 'warn', { dataDir });
    const { summary, cliMs } = await prepare(env);
    const slug = summary.firstSlug;
    const base = `http://127.0.0.1:${port}`;
    const server = await boot(env, port);
    procs.push(server.proc);
    const run: Run = {
      database: 'embedded (PGlite)',
      seed: { ms: summary.ms, cliMs },
      startupMs: server.ms,
      memory: { boot: server.rss, end: 0, peak: 0 },
      statements: {},
      bytes: {},
      scenarios: {},
    };
    await readScenarios(base, server.proc, slug, run);
    finish(run, server.proc);
    // PGlite is one process's database: the floor opens the folder once the server has let go of it.
    await stop(server.proc);
    await floorScenarios(`pglite:${dataDir}`, port + 1, slug, run);

    // `npm start` as shipped: the default embedded database, first start (demo shop), then a restart.
    const { NODE_ENV: _n, SVC_ENV: _e, ...defaults } = serverEnv(port, 'warn', { dataDir: defaultDir });
    const first = await boot(defaults, port);
    await stop(first.proc);
    const again = await boot(defaults, port);
    procs.push(again.proc);
    for (let i = 0; i < 100; i++) await (await fetch(`${base}/api/v1/store/products?limit=25`)).text();
    run.defaultStart = { boot: again.rss, light: memoryOf(again.proc.child.pid)?.rss ?? NaN, startupMs: again.ms };
    return run;
  } finally {
    for (const p of procs) await stop(p).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(defaultDir, { recursive: true, force: true });
  }
}

async function main() {
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const runs: Run[] = [];
  if (DATABASES.includes('postgres')) runs.push(await benchPostgres(port));
  if (DATABASES.includes('embedded')) runs.push(await benchEmbedded(port));
  const failed = report(runs, { products: PRODUCTS, seconds: SECONDS });
  if (failed.length) {
    console.error(`\nFAILED: ${failed.join('; ')}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
