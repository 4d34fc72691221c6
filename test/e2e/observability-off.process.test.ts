import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { scratchDir } from '../harness/scratch-dir';
import { startSvcProcess } from '../harness/svc-process';

/**
 * Observability is free when off (issue 30): `svc serve` started without any `OTEL_*` variable loads no
 * OpenTelemetry module at all (checked from the server's own require.cache when it exits, after it served REST and
 * GraphQL requests), answers without a trace header, and logs without trace ids. The same probe with
 * `OTEL_EXPORTER_OTLP_ENDPOINT` set sees the SDK loaded, so the check can fail; with traces off (metrics only) no
 * instrumentation is loaded at all.
 */
jest.setTimeout(600_000);

const probe = join(__dirname, '..', 'harness', 'module-probe.js');

const probeDir = scratchDir('svc-probe');
let probes = 0;

async function serveAndProbe(env: Record<string, string>) {
  const out = join(probeDir, `modules-${++probes}.json`);
  const svc = await startSvcProcess({ ...env, OBS_PROBE_OUT: out, SVC_LOG_LEVEL: 'info' }, ['-r', probe]);
  const rest = await fetch(`${svc.url}/api/v1/store/products?limit=2`);
  const graphql = await fetch(`${svc.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query Probe { health { status } }' }),
  });
  const code = await svc.close();
  expect(code).toBe(0);
  expect(existsSync(out)).toBe(true);
  return { rest, graphql, lines: svc.lines, loaded: JSON.parse(readFileSync(out, 'utf8')) as string[] };
}

describe('observability off', () => {
  it('without OTEL_* variables no OpenTelemetry module is loaded, no trace header is sent and no log line has a trace id', async () => {
    const { rest, graphql, lines, loaded } = await serveAndProbe({});
    expect(rest.status).toBe(200);
    expect(graphql.status).toBe(200);
    expect(loaded).toEqual([]);
    expect(rest.headers.get('x-trace-id')).toBeNull();
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(lines.some((l) => 'trace_id' in l)).toBe(false);
  });

  it('metrics only (OTEL_TRACES_EXPORTER=none) loads no instrumentation and traces nothing', async () => {
    const { rest, lines, loaded } = await serveAndProbe({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
      OTEL_TRACES_EXPORTER: 'none',
    });
    expect(rest.status).toBe(200);
    expect(loaded.some((p) => p.includes('@opentelemetry/sdk-metrics'))).toBe(true);
    expect(loaded.filter((p) => /instrumentation-|@prisma\/instrumentation/.test(p))).toEqual([]);
    expect(rest.headers.get('x-trace-id')).toBeNull();
    expect(lines.some((l) => 'trace_id' in l)).toBe(false);
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT the SDK and the instrumentations are loaded (the probe sees them)', async () => {
    const { rest, loaded } = await serveAndProbe({
      // Nothing listens there: export fails quietly, the service serves on.
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
      OTEL_METRICS_EXPORTER: 'none',
    });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('x-trace-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(loaded.some((p) => p.includes('@opentelemetry/sdk-node'))).toBe(true);
    expect(loaded.some((p) => p.includes('@prisma/instrumentation'))).toBe(true);
  });
});
