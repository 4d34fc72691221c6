/**
 * Two Node runtimes side by side (issue 51): the same compiled build started as `npm start` starts it (its heap and
 * malloc flags) on each runtime, over the same database, measured in alternation (ROUNDS slices each, rotated, so
 * both see the same machine). Each server first takes a bulk import of BENCH_RUNTIME_IMPORT products (10 variants
 * each) through the admin API, the heaviest single request a shop sends, then the store list, the product page
 * (GraphQL) and checkouts of distinct carts; peak RSS is sampled over all of it. The second runtime is reported
 * against the first.
 *
 * BENCH_RUNTIMES=`label=/path/to/node [flags],…` picks them (flags after `npm start`'s, to try a setting: `node 24
 * semi 4=/path/node --max-semi-space-size=4`); by default the runtime running the benchmark (the pinned one, first on
 * npm's PATH) and the machine's own `node` when its major version differs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import type pg from 'pg';

import { adminToken } from './big';
import { distinctCheckouts } from './checkout';
import { combineSlices as combine, type GroupOptions, load, type LoadResult, rotate } from './load';
import { memoryOf, type Proc, SERVER, start, stop, waitReady } from './procs';

export interface Runtime {
  label: string;
  path: string;
  version: string;
  /** Node flags after `npm start`'s (a later flag wins): to try a setting on one runtime. */
  flags?: string[];
}

export interface RuntimeMemory {
  version: string;
  boot: number;
  afterImport: number;
  peak: number;
  /** The phase in which the peak was reached (VmHWM read after each: the import, the warm-up, a scenario's round). */
  peakAt: string;
  importMs: number;
}

const versionOf = (path: string) => execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
const major = (version: string) => version.replace(/^v/, '').split('.')[0];

/** The runtimes to compare, first the reference (the pinned one), then the others. */
export function runtimes(): Runtime[] {
  const listed = process.env.BENCH_RUNTIMES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (listed)
    return listed.map((entry) => {
      const at = entry.indexOf('=');
      const [label, spec] = at > 0 ? [entry.slice(0, at), entry.slice(at + 1)] : [entry, entry];
      const [path, ...flags] = spec.trim().split(/\s+/);
      return { label, path, flags, version: versionOf(path) };
    });
  const own = { label: `node ${major(process.version)}`, path: process.execPath, version: process.version };
  const found: Runtime[] = [own];
  for (const path of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(path)) continue;
    const version = versionOf(path);
    if (found.some((r) => major(r.version) === major(version))) continue;
    found.push({ label: `node ${major(version)}`, path, version });
  }
  return found;
}

/** One bulk request's products: 10 variants each (5 sizes × 2 colours), stock in the default warehouse. */
function bulkBody(prefix: string, from: number, count: number): string {
  const products = Array.from({ length: count }, (_, i) => {
    const n = `${prefix}-${from + i}`;
    return {
      sku: `RT-${n}`,
      active: true,
      currency: 'EUR',
      price_gross: 1999,
      translations: [
        { locale: 'en', name: `Runtime product ${n}`, slug: `runtime-product-${n}`, description: 'Imported.' },
      ],
      variants: Array.from({ length: 10 }, (_, v) => ({
        sku: `RT-${n}-${v}`,
        stock: 1000,
        options: [
          { group_name: 'Size', option_name: `S${v % 5}` },
          { group_name: 'Color', option_name: v < 5 ? 'Black' : 'White' },
        ],
      })),
    };
  });
  return JSON.stringify({ products });
}

/**
 * An admin API key for the imports, made by a short-lived server on the pinned runtime: the measured servers start
 * without the bootstrap admin and never sign in, so none of them loads argon2. Its native addon crashes Node 20 on
 * this machine as soon as it loads (a segmentation fault), and a sign-in's 64 MiB hash would sit in every peak.
 */
async function importKey(env: Record<string, string>): Promise<string> {
  const port = Number(env.SVC_SERVER_PORT);
  const proc = start(SERVER, ['serve'], env);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/api/v1/health`);
    const res = await fetch(`${base}/api/v1/admin/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(base)}` },
      body: JSON.stringify({ name: `runtime bench ${Date.now()}`, permissions: ['products.*'] }),
    });
    if (res.status !== 201) throw new Error(`runtime bench: api key answered ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { key: string } }).data.key;
  } finally {
    await stop(proc);
  }
}

/** The environment of a measured server: no bootstrap admin (see {@link importKey}). */
function withoutAdmin(env: Record<string, string>): Record<string, string> {
  const { SVC_BOOTSTRAP_ADMIN_EMAIL: _email, SVC_BOOTSTRAP_ADMIN_PASSWORD: _password, ...rest } = env;
  return rest;
}

/** Imports `total` products through POST /admin/products/bulk (250 per request, the spec's bound). */
async function bulkImport(base: string, key: string, prefix: string, total: number): Promise<number> {
  const started = Date.now();
  for (let from = 0; from < total; from += 250) {
    const res = await fetch(`${base}/api/v1/admin/products/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `ApiKey ${key}` },
      body: bulkBody(prefix, from, Math.min(250, total - from)),
    });
    const body = (await res.json()) as { data?: { failed: number } };
    if (res.status !== 207 || body.data?.failed)
      throw new Error(`runtime bench: bulk import answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  return Date.now() - started;
}

export interface RuntimeOptions extends GroupOptions {
  db: pg.Client;
  graphqlProductBody: string;
  seed: { shippingMethodId: string; paymentMethodId: string };
  importProducts: number;
}

/**
 * Runs the comparison. Results are keyed `runtime <label>: <scenario>`, each later runtime's `floor` naming the first
 * one's, so the report prints the ratio; memory per runtime is returned beside them.
 */
export async function runtimeComparison(o: RuntimeOptions): Promise<{
  scenarios: Record<string, LoadResult & { floor?: string; violations?: string[] }>;
  memory: Record<string, RuntimeMemory>;
}> {
  const list = runtimes();
  const servers: Array<Runtime & { base: string; proc: Proc }> = [];
  const memory: Record<string, RuntimeMemory> = {};
  try {
    const key = await importKey(o.env(o.port));
    for (const [i, runtime] of list.entries()) {
      const port = o.port + i;
      const proc = start(SERVER, ['serve'], withoutAdmin(o.env(port)), runtime);
      const base = `http://127.0.0.1:${port}`;
      await waitReady(`${base}/api/v1/health`);
      servers.push({ ...runtime, base, proc });
      const boot = memoryOf(proc.child.pid)?.rss ?? NaN;
      const importMs = await bulkImport(base, key, `${i}${Date.now().toString(36)}`, o.importProducts);
      const imported = memoryOf(proc.child.pid);
      memory[runtime.label] = {
        version: runtime.version,
        boot,
        afterImport: imported?.rss ?? NaN,
        peak: imported?.peak ?? 0,
        peakAt: 'import',
        importMs,
      };
      console.error(`runtime ${runtime.label} (${runtime.version}): RSS ${boot} MiB after boot, import ${importMs} ms`);
    }
    // The imports changed a third of the catalog: fresh statistics, as autovacuum would give it soon after.
    await o.db.query('ANALYZE');
    const gql = { method: 'POST', headers: { 'content-type': 'application/json' } };
    const reads = (base: string) => ({
      'REST list': { url: `${base}/api/v1/store/products?limit=25` },
      'GraphQL product page': { url: `${base}/graphql`, ...gql, body: o.graphqlProductBody },
    });
    /** Notes the phase just run when it raised the server's high-water mark. */
    const phaseDone = (s: (typeof servers)[number], phase: string) => {
      const m = memory[s.label];
      const hwm = memoryOf(s.proc.child.pid)?.peak ?? 0;
      if (hwm > m.peak) Object.assign(m, { peak: hwm, peakAt: phase });
    };
    for (const s of servers) {
      for (const scenario of Object.values(reads(s.base)))
        await load({ ...scenario, seconds: o.warmupSeconds, proc: s.proc, warmup: false });
      phaseDone(s, 'warm-up');
    }
    const slices: Record<string, LoadResult[]> = {};
    const slice = o.seconds / o.rounds;
    for (let round = 0; round < o.rounds; round++) {
      for (const scenario of Object.keys(reads('')) as Array<keyof ReturnType<typeof reads>>)
        for (const s of rotate(servers, round)) {
          (slices[`${s.label}: ${scenario}`] ??= []).push(
            await load({ ...reads(s.base)[scenario], seconds: slice, proc: s.proc, warmup: false }),
          );
          phaseDone(s, `${scenario}, round ${round + 1}`);
        }
      for (const s of rotate(servers, round)) {
        (slices[`${s.label}: checkout (distinct carts)`] ??= []).push(
          await distinctCheckouts(o.db, [{ base: s.base, server: s.proc }], o.seed, slice),
        );
        phaseDone(s, `checkout, round ${round + 1}`);
      }
    }
    const reference = servers[0].label;
    const scenarios: Record<string, LoadResult & { floor?: string; violations?: string[] }> = {};
    for (const [key, parts] of Object.entries(slices)) {
      const scenario = key.slice(key.indexOf(': ') + 2);
      const violations = parts.flatMap((p) => (p as { violations?: string[] }).violations ?? []);
      scenarios[`runtime ${key}`] = {
        ...combine(parts),
        ...(scenario.startsWith('checkout') ? { violations } : {}),
        ...(key.startsWith(`${reference}:`) ? {} : { floor: `runtime ${reference}: ${scenario}` }),
      };
    }
    // VmHWM, read after every phase, bounds the 100 ms samples; they stay a floor should /proc have failed a read.
    for (const s of servers) memory[s.label].peak = Math.max(memory[s.label].peak, s.proc.memory.peak);
    return { scenarios, memory };
  } finally {
    for (const s of servers) await stop(s.proc).catch(() => undefined);
  }
}
