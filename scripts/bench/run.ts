/**
 * `npm run bench`: the store catalog under load, against a floor.
 *
 * 1. Creates a throwaway database on BENCH_SERVER_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
 *    migrates it by starting the real server once, and seeds BENCH_PRODUCTS (1000) products × 10 variants.
 * 2. Probe phase (server at log level info): one request of each kind; the request log line carries the number
 *    of SQL statements the request ran (`sql`), read here from the server's stdout. Also a page of 100.
 * 3. Load phase (server at log level warn, a fresh process): autocannon, 10 connections, BENCH_SECONDS (10)
 *    per scenario after a 2 s warm-up, for the store list over REST and GraphQL and product by slug; the floor
 *    (floor.ts, one hand-written query, bare node:http) answers the same list and slug.
 * Prints requests/s, p50/p99 latency, statements per request, server RSS, and each figure against the floor.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { print } from 'graphql';
import pg from 'pg';
import { StoreProductsDocument } from '../../src/generated/graphql';
import { seedCatalog } from './seed';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<any>;

const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROOT = join(__dirname, '..', '..');

interface Proc {
  child: ChildProcess;
  lines: string[];
  port: number;
}

function start(script: string, args: string[], env: Record<string, string>, port: number): Proc {
  const lines: string[] = [];
  const child = fork(join(ROOT, script), args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    execArgv: ['-r', '@swc-node/register'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return { child, lines, port };
}

async function waitReady(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready: ${url}`);
}

async function stop(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((r) => proc.child.once('exit', r));
  proc.child.kill('SIGTERM');
  await exited;
}

function rssMiB(pid: number | undefined): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

function serverEnv(databaseUrl: string, port: number, level: string): Record<string, string> {
  return {
    SVC_DATABASE_URL: databaseUrl,
    SVC_DATABASE_TLS: 'disable',
    SVC_SERVER_PORT: String(port),
    SVC_SERVER_HOST: '127.0.0.1',
    // NODE_ENV=production as a deployment sets it (graphql-js skips its development-only checks).
    NODE_ENV: 'production',
    SVC_LOG_LEVEL: level,
    SVC_ENV: 'production',
    SVC_AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
    SVC_DATA_DIR: join(ROOT, '.bench-data'),
    // One load generator on one address: the per-IP global limit would answer most requests 429.
    SVC_SECURITY_RATE_LIMIT_REQUESTS_PER_MINUTE: '100000000',
    SVC_SECURITY_RATE_LIMIT_BURST: '100000000',
  };
}

const gqlBody = (limit: number) => JSON.stringify({ query: print(StoreProductsDocument), variables: { limit } });

async function main() {
  const dbName = `svc_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const procs: Proc[] = [];
  try {
    // Probe phase: migrate, seed, count statements per request.
    const probe = start('src/main.ts', ['serve'], serverEnv(databaseUrl, port, 'info'), port);
    procs.push(probe);
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/api/v1/health`);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const seeded = Date.now();
    const { slug } = await seedCatalog(db, PRODUCTS);
    await db.end();
    console.log(`seeded ${PRODUCTS} products × 10 variants in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    const probes: Record<string, { path: string; init?: RequestInit }> = {
      'REST list (25)': { path: '/api/v1/store/products?limit=25' },
      'REST list (100)': { path: '/api/v1/store/products?limit=100' },
      'GraphQL list (25)': {
        path: '/graphql',
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: gqlBody(25) },
      },
      'GraphQL list (100)': {
        path: '/graphql',
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: gqlBody(100) },
      },
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
      const line = probe.lines
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
    await stop(probe);

    // Load phase: a fresh server at warn level, and the floor.
    const server = start('src/main.ts', ['serve'], serverEnv(databaseUrl, port, 'warn'), port);
    procs.push(server);
    await waitReady(`${base}/api/v1/health`);
    const floor = start('scripts/bench/floor.ts', [databaseUrl, String(port + 1)], {}, port + 1);
    procs.push(floor);
    const floorBase = `http://127.0.0.1:${port + 1}`;
    await waitReady(`${floorBase}/slug/${slug}`);
    bytes['floor list'] = (await (await fetch(`${floorBase}/list`)).text()).length;

    const scenarios = [
      { name: 'floor list', url: `${floorBase}/list`, proc: floor },
      {
        name: 'REST list',
        url: `${base}/api/v1/store/products?limit=25`,
        proc: server,
        floor: 'floor list',
        probe: 'REST list (25)',
      },
      {
        name: 'GraphQL list',
        url: `${base}/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: gqlBody(25),
        proc: server,
        floor: 'floor list',
        probe: 'GraphQL list (25)',
      },
      { name: 'floor by slug', url: `${floorBase}/slug/${slug}`, proc: floor },
      {
        name: 'REST by slug',
        url: `${base}/api/v1/store/products/${slug}`,
        proc: server,
        floor: 'floor by slug',
        probe: 'REST by slug',
      },
    ];
    const results: Record<
      string,
      { rps: number; p50: number; p99: number; errors: number; rss: number; peak: number }
    > = {};
    for (const s of scenarios) {
      const opts = { url: s.url, method: s.method ?? 'GET', headers: s.headers, body: s.body, connections: 10 };
      await autocannon({ ...opts, duration: 2 });
      const r = await autocannon({ ...opts, duration: SECONDS });
      const mem = rssMiB(s.proc.child.pid);
      results[s.name] = {
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx,
        ...mem,
      };
    }

    const pct = (a: number, b: number) => `${Math.round((a / b) * 100)}%`;
    console.log(
      `\n${PRODUCTS} products × 10 variants, page of 25 with variants; autocannon 10 connections, ${SECONDS} s per scenario\n`,
    );
    console.log('scenario        req/s   p50 ms  p99 ms  SQL/req  RSS MiB (peak)  errors  vs floor (req/s, p50)');
    for (const s of scenarios) {
      const r = results[s.name];
      const sql = s.probe ? String(statements[s.probe]) : '1';
      const vs = s.floor ? `${pct(r.rps, results[s.floor].rps)}, ${pct(r.p50, results[s.floor].p50)}` : '-';
      console.log(
        `${s.name.padEnd(14)} ${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${sql.padStart(8)}  ${`${r.rss} (${r.peak})`.padStart(14)} ${String(r.errors).padStart(7)}  ${vs}`,
      );
    }
    console.log(
      `\nREST list vs GraphQL list: ${pct(results['REST list'].rps, results['GraphQL list'].rps)} of the GraphQL throughput`,
    );
    console.log('SQL statements per request:', statements);
    console.log('response bytes:', bytes);
  } finally {
    for (const p of procs) await stop(p).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
