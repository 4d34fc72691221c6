/** One load scenario: autocannon, 10 connections, a warm-up, then the measured run and the server's CPU per request. */
import { cpuSeconds, type Proc } from './procs';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<any>;

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers other than 2xx (checkouts refused for stock are 409: counted here, judged by the caller). */
  non2xx: number;
  serverErrors: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** CPU the measured process spent per request (user + system), ms: robust to a busy machine, unlike req/s. */
  cpuMs: number;
}

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | (() => string);
  seconds: number;
  /** The process whose CPU is measured (optional for warm-ups). */
  proc?: Proc;
  /** 2 s at the same load first (default), so the JIT and the caches are warm. */
  warmup?: boolean;
  /** Runs between the warm-up and the measurement (a checkout scenario counts its orders there). */
  beforeMeasuring?: () => Promise<void>;
  connections?: number;
}

/** What every alternated group (observability, compression, runtime) is given by run.ts. */
export interface GroupOptions {
  /** The benchmark's server environment for a port (database, limits, production settings). */
  env: (port: number) => Record<string, string>;
  /** First of consecutive free ports, one per server of the group. */
  port: number;
  slug: string;
  seconds: number;
  warmupSeconds: number;
  rounds: number;
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  const makeBody = typeof o.body === 'function' ? o.body : undefined;
  const opts = {
    url: o.url,
    method: o.method ?? 'GET',
    headers: o.headers,
    connections: o.connections ?? 10,
    ...(makeBody
      ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: makeBody() }) }] }
      : { body: o.body }),
  };
  if (o.warmup !== false) await autocannon({ ...opts, duration: 2 });
  await o.beforeMeasuring?.();
  const pid = o.proc?.child.pid;
  const cpu = pid ? cpuSeconds(pid) : 0;
  const r = await autocannon({ ...opts, duration: o.seconds });
  const used = pid ? cpuSeconds(pid) - cpu : NaN;
  const requests = r.requests.total as number;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests,
    non2xx: r.non2xx,
    serverErrors: r['5xx'] ?? 0,
    errors: r.errors + r.timeouts,
    cpuMs: requests ? (used * 1000) / requests : NaN,
  };
}

/** The list starting at its `by`-th element (wrapping). */
export const rotate = <T>(list: T[], by: number): T[] => [
  ...list.slice(by % list.length),
  ...list.slice(0, by % list.length),
];

/** Slices of one scenario as one result: totals summed, latencies the median slice's. */
export function combineSlices(parts: LoadResult[]): LoadResult {
  const sum = (k: keyof LoadResult) => parts.reduce((n, p) => n + p[k], 0);
  const median = (k: keyof LoadResult) => [...parts].map((p) => p[k]).sort((a, b) => a - b)[parts.length >> 1];
  const requests = sum('requests');
  return {
    rps: sum('rps') / parts.length,
    p50: median('p50'),
    p99: median('p99'),
    requests,
    non2xx: sum('non2xx'),
    serverErrors: sum('serverErrors'),
    errors: sum('errors'),
    // A slice that completed no request (Vendure's list takes seconds) has no CPU per request: it counts as none,
    // which flatters the slow server, not the fast one.
    cpuMs: parts.reduce((n, p) => n + (p.requests ? p.cpuMs * p.requests : 0), 0) / requests,
  };
}
