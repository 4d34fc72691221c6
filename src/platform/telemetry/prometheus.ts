import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type * as OtelApi from '@opentelemetry/api';
import type * as OtelPrometheus from '@opentelemetry/exporter-prometheus';
import type * as OtelResources from '@opentelemetry/resources';
import type * as OtelMetrics from '@opentelemetry/sdk-metrics';

import { createInstruments } from './metrics';
import { telemetryState as state } from './state';

/**
 * `metrics.prometheus` without the SDK's metrics (no `OTEL_*` variable, or `OTEL_METRICS_EXPORTER=none`): a meter
 * provider whose only reader is Prometheus's, so the metrics exist for the scrape endpoint and nothing is exported.
 * With the SDK's metrics on, its own Prometheus reader is used instead.
 */
export function enablePrometheusMetrics(): void {
  if (state.meter) return;
  /* eslint-disable @typescript-eslint/no-require-imports */
  const api = require('@opentelemetry/api') as typeof OtelApi;
  const { PrometheusExporter } = require('@opentelemetry/exporter-prometheus') as typeof OtelPrometheus;
  const { MeterProvider } = require('@opentelemetry/sdk-metrics') as typeof OtelMetrics;
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof OtelResources;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const exporter = new PrometheusExporter({ preventServerStart: true });
  const provider = new MeterProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || 'svc' }),
    readers: [exporter],
  });
  api.metrics.setGlobalMeterProvider(provider);
  state.api = api;
  state.meter = api.metrics.getMeter('svc');
  state.prometheus = { handle: (req, res) => exporter.getMetricsRequestHandler(req, res) };
  // The SDK may be on for traces alone (OTEL_METRICS_EXPORTER=none): stop both.
  const sdkShutdown = state.shutdown;
  state.shutdown = async () => {
    await provider.shutdown();
    await sdkShutdown?.();
  };
  createInstruments(state.meter);
}

/** The Prometheus text endpoint on its own port: `GET /metrics`, nothing else. */
export async function servePrometheus(host: string, port: number): Promise<{ port: number; close(): Promise<void> }> {
  const prometheus = state.prometheus;
  if (!prometheus) throw new Error('metrics are not enabled');
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/metrics' || req.url?.startsWith('/metrics?')))
      return prometheus.handle(req, res);
    res.statusCode = 404;
    res.end('not found: the metrics are at /metrics\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
