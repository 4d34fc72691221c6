/**
 * What observability costs (issue 30): the same read scenarios against six servers on the same database, measured
 * in alternation (ROUNDS slices each, so all six see the same machine): telemetry off (no OpenTelemetry module
 * loaded) on two servers (the second shows the noise between identical servers), off but with one
 * AsyncLocalStorage scope per request (the runtime's part), traces at 100 % and at 10 % sampling
 * (`parentbased_traceidratio`, exported over OTLP/HTTP protobuf to a sink in this process), and metrics only (OTLP metrics every 10 s plus the Prometheus reader). Each figure is
 * reported against the `off` server of the same run (req/s ratio, CPU per request ratio). Each round visits the
 * servers in a rotated order, so none always runs first after a pause or last after the busiest.
 *
 * A narrower run, for a small effect on a noisy machine (more rounds of fewer servers): BENCH_OBSERVABILITY_PAGES
 * (`REST list`, `GraphQL list`, `REST by slug`, comma-separated) and BENCH_OBSERVABILITY_CONFIGS (the names below;
 * `off` is always kept, everything is measured against it).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { combineSlices as combine, type GroupOptions, load, type LoadResult, rotate } from './load';
import { type Proc, SERVER, start, stop, waitReady } from './procs';

/** An OTLP/HTTP endpoint that accepts and drops everything: the export path is paid, a collector's work is not. */
async function otlpSink(): Promise<{ url: string; close(): Promise<void>; bytes: () => number }> {
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytes: () => bytes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const chosen = (variable: string) =>
  process.env[variable]
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Keeps the entries BENCH_OBSERVABILITY_<…> names (all when unset) plus `keep`. */
function pick<T>(all: Record<string, T>, variable: string, keep?: string): Record<string, T> {
  const names = chosen(variable);
  if (!names) return all;
  const unknown = names.filter((n) => !(n in all));
  if (unknown.length)
    throw new Error(`${variable}: unknown ${unknown.join(', ')} (known: ${Object.keys(all).join(', ')})`);
  return Object.fromEntries(Object.entries(all).filter(([name]) => name === keep || names.includes(name)));
}

/** The configurations, by the environment each server gets on top of the benchmark's own. */
function configurations(sink: string): Record<string, Record<string, string>> {
  return pick(allConfigurations(sink), 'BENCH_OBSERVABILITY_CONFIGS', 'off');
}

function allConfigurations(sink: string): Record<string, Record<string, string>> {
  const otlp = { OTEL_EXPORTER_OTLP_ENDPOINT: sink, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' };
  return {
    // OTEL_SDK_DISABLED keeps it off even when the shell running the benchmark has OTEL_* variables.
    off: { OTEL_SDK_DISABLED: 'true' },
    // The same as `off` on a second server: how far two identical servers differ in this run (the noise floor).
    'off twice': { OTEL_SDK_DISABLED: 'true' },
    // No OpenTelemetry, but one AsyncLocalStorage scope per request (the SQL counter's): what Node 20's promise
    // hooks cost on their own, the floor under any context propagation, OpenTelemetry's included.
    'async context only': { OTEL_SDK_DISABLED: 'true', SVC_LOG_SQL_COUNTS: 'on' },
    'traces 100%': {
      ...otlp,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '1',
      OTEL_METRICS_EXPORTER: 'none',
    },
    'traces 10%': {
      ...otlp,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
      OTEL_METRICS_EXPORTER: 'none',
    },
    metrics: {
      ...otlp,
      OTEL_TRACES_EXPORTER: 'none',
      OTEL_METRIC_EXPORT_INTERVAL: '10000',
      SVC_METRICS_PROMETHEUS: 'true',
      SVC_METRICS_PROMETHEUS_PORT: '0',
    },
  };
}

export interface ObservabilityOptions extends GroupOptions {
  body: string;
}

/**
 * Runs the comparison; the results are keyed `<configuration>: <scenario>` with `floor` naming the `off` figure of
 * the same scenario, so the report prints each against telemetry off.
 */
export async function observabilityComparison(
  o: ObservabilityOptions,
): Promise<Record<string, LoadResult & { floor?: string }>> {
  const sink = await otlpSink();
  const servers: Array<{ name: string; base: string; proc: Proc }> = [];
  try {
    for (const [i, [name, extra]] of Object.entries(configurations(sink.url)).entries()) {
      const port = o.port + i;
      const proc = start(SERVER, ['serve'], { ...o.env(port), ...extra });
      servers.push({ name, base: `http://127.0.0.1:${port}`, proc });
      await waitReady(`http://127.0.0.1:${port}/api/v1/health`);
    }
    const scenarios = (base: string) =>
      pick(
        {
          'REST list': { url: `${base}/api/v1/store/products?limit=25` },
          'GraphQL list': {
            url: `${base}/graphql`,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: o.body,
          },
          'REST by slug': { url: `${base}/api/v1/store/products/${o.slug}` },
        } as Record<string, { url: string; method?: string; headers?: Record<string, string>; body?: string }>,
        'BENCH_OBSERVABILITY_PAGES',
      );
    for (const s of servers)
      for (const scenario of Object.values(scenarios(s.base)))
        await load({ ...scenario, seconds: o.warmupSeconds, proc: s.proc, warmup: false });
    const slices: Record<string, LoadResult[]> = {};
    for (let round = 0; round < o.rounds; round++)
      for (const scenario of Object.keys(scenarios('')))
        for (const s of rotate(servers, round)) {
          const spec = scenarios(s.base)[scenario];
          (slices[`${s.name}: ${scenario}`] ??= []).push(
            await load({ ...spec, seconds: o.seconds / o.rounds, proc: s.proc, warmup: false }),
          );
        }
    const results: Record<string, LoadResult & { floor?: string }> = {};
    for (const [key, parts] of Object.entries(slices)) {
      const scenario = key.slice(key.indexOf(': ') + 2);
      results[`observability ${key}`] = {
        ...combine(parts),
        ...(key.startsWith('off:') ? {} : { floor: `observability off: ${scenario}` }),
      };
    }
    console.error(`observability: ${(sink.bytes() / 1024 / 1024).toFixed(1)} MiB of OTLP received by the sink`);
    return results;
  } finally {
    for (const s of servers) await stop(s.proc).catch(() => undefined);
    await sink.close();
  }
}
