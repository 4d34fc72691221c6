import * as otelApi from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  AggregationType,
  type IMetricReader,
  PeriodicExportingMetricReader,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { PrismaInstrumentation } from '@prisma/instrumentation';

import { createInstruments } from './metrics';
import { telemetryState as state } from './state';

/** Requests whose traces would only be noise: load-balancer probes and the Prometheus scrape. */
const UNTRACED = /^\/(api\/v1\/health(\/ready)?|metrics)(\?|$)/;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** The OTLP metric exporter `OTEL_EXPORTER_OTLP_[METRICS_]PROTOCOL` asks for (HTTP: protobuf by default, or JSON). */
function otlpMetricExporter(): PushMetricExporter {
  const protocol = (
    process.env.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ??
    process.env.OTEL_EXPORTER_OTLP_PROTOCOL ??
    'http/protobuf'
  ).trim();
  /* eslint-disable @typescript-eslint/no-require-imports */
  if (protocol === 'http/json') return new (require('@opentelemetry/exporter-metrics-otlp-http').OTLPMetricExporter)();
  return new (require('@opentelemetry/exporter-metrics-otlp-proto').OTLPMetricExporter)();
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/**
 * The metric readers of `OTEL_METRICS_EXPORTER` (default `otlp`; `prometheus` and `none` as the specification
 * says), plus one Prometheus reader that never listens by itself: `metrics.prometheus` serves it on its own port.
 */
function metricReaders(prometheus: PrometheusExporter): IMetricReader[] {
  const wanted = list(process.env.OTEL_METRICS_EXPORTER);
  const readers: IMetricReader[] = [prometheus];
  if (wanted.includes('none')) return readers;
  if (wanted.length === 0 || wanted.includes('otlp')) {
    const interval = Number(process.env.OTEL_METRIC_EXPORT_INTERVAL) || 60_000;
    const timeout = Math.min(Number(process.env.OTEL_METRIC_EXPORT_TIMEOUT) || 30_000, interval);
    readers.push(
      new PeriodicExportingMetricReader({
        exporter: otlpMetricExporter(),
        exportIntervalMillis: interval,
        exportTimeoutMillis: timeout,
      }),
    );
  }
  return readers;
}

/**
 * Starts the OpenTelemetry SDK from the standard variables: OTLP over HTTP (`OTEL_EXPORTER_OTLP_PROTOCOL`
 * `http/protobuf` or `http/json`), `OTEL_SERVICE_NAME` (default `svc`), `OTEL_RESOURCE_ATTRIBUTES`, the
 * sampler variables (`parentbased_traceidratio` with `OTEL_TRACES_SAMPLER_ARG`), `OTEL_TRACES_EXPORTER` and
 * `OTEL_METRICS_EXPORTER` (`none` turns one off). Must run before the instrumented modules (http, express,
 * graphql, ioredis, Prisma) are first required: `scripts/svc.js` preloads it.
 */
export function startSdk(): void {
  // Logs stay pino's JSON lines on stdout (with trace ids); the SDK would otherwise also set up an OTLP log exporter.
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const prometheus = new PrometheusExporter({ preventServerStart: true });
  const sdk = new NodeSDK({
    ...(process.env.OTEL_SERVICE_NAME ? {} : { serviceName: 'svc' }),
    metricReaders: metricReaders(prometheus),
    views: [
      // The service records http.server.request.duration itself, labelled by route template and operation
      // (bounded); the HTTP instrumentation's own copy would double it with other labels.
      { meterName: '@opentelemetry/instrumentation-http', aggregation: { type: AggregationType.DROP } },
    ],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ''),
      }),
      // One span per Express middleware or router would be a dozen per request for nothing: route handlers only.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
      // Parse and validate spans; execution runs compiled (graphql-jit) and has its own operation span.
      new GraphQLInstrumentation({ ignoreResolveSpans: true, mergeItems: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
      new PrismaInstrumentation(),
    ],
  });
  sdk.start();
  const tracesOff = list(process.env.OTEL_TRACES_EXPORTER).includes('none');
  state.api = otelApi;
  if (!tracesOff) state.tracer = otelApi.trace.getTracer('svc');
  state.meter = otelApi.metrics.getMeter('svc');
  state.prometheus = { handle: (req, res) => prometheus.getMetricsRequestHandler(req, res) };
  state.shutdown = () => sdk.shutdown();
  createInstruments(state.meter);
}
