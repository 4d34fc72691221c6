import * as otelApi from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import type * as OtelGraphql from '@opentelemetry/instrumentation-graphql';
import type * as OtelHttp from '@opentelemetry/instrumentation-http';
import type * as OtelIoredis from '@opentelemetry/instrumentation-ioredis';
import type * as OtelUndici from '@opentelemetry/instrumentation-undici';
import {
  AggregationType,
  type IMetricReader,
  PeriodicExportingMetricReader,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type * as PrismaInstr from '@prisma/instrumentation';

import { skipPrismaSpansWhenSuppressed } from './head-sampling';
import { traceHttpRequests } from './http-server-span';
import { createInstruments } from './metrics';
import { telemetryState as state } from './state';

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
 * The instrumentations that make spans, required only when traces are on (so with `OTEL_TRACES_EXPORTER=none` none
 * of them is even loaded: test/e2e/observability-off.process.test.ts checks the module cache).
 */
function traceInstrumentations(): Instrumentation[] {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof OtelHttp;
  const { GraphQLInstrumentation } = require('@opentelemetry/instrumentation-graphql') as typeof OtelGraphql;
  const { IORedisInstrumentation } = require('@opentelemetry/instrumentation-ioredis') as typeof OtelIoredis;
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici') as typeof OtelUndici;
  const { PrismaInstrumentation } = require('@prisma/instrumentation') as typeof PrismaInstr;
  /* eslint-enable @typescript-eslint/no-require-imports */
  return [
    // Outgoing calls only (the `stripe` SDK's requests, on node:http, nest under `payprov …` and carry
    // `traceparent`). Incoming requests get their server span from the service's own middleware, which asks the
    // sampler before doing anything else (http-server-span.ts): the instrumentation's incoming side built attributes
    // and bound the request's and response's emitters for every request, sampled or not.
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    // No Express instrumentation: its layer wrapper cost about 1 % of a cheap request's CPU, traced or not, for a
    // span per route handler that says what the HTTP span already does. The service names the HTTP span after its
    // route template itself (REST rows, /graphql, plugin mounts: nameHttpRoute).
    // Parse and validate spans; execution runs compiled (graphql-jit) and has its own operation span.
    new GraphQLInstrumentation({ ignoreResolveSpans: true, mergeItems: true }),
    new IORedisInstrumentation({ requireParentSpan: true }),
    new UndiciInstrumentation(),
    // The client's serialize step is a span per operation and no one's question; the operation, its SQL
    // (db_query) and transactions remain.
    new PrismaInstrumentation({ ignoreSpanTypes: ['prisma:client:serialize'] }),
  ];
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
  // What is off costs nothing: with traces off no instrumentation patches a module (they would open no-op spans and
  // run every request through the context manager's AsyncLocalStorage); with metrics off no meter provider records
  // (`metrics.prometheus` then starts its own, src/platform/telemetry/prometheus.ts).
  const tracesOff = list(process.env.OTEL_TRACES_EXPORTER).includes('none');
  const metricsOff = list(process.env.OTEL_METRICS_EXPORTER).includes('none');
  const prometheus = metricsOff ? undefined : new PrometheusExporter({ preventServerStart: true });
  // The sampler is the SDK's own, from the standard variables: the server span's middleware asks it through the
  // tracer (head-sampling.ts).
  const sdk = new NodeSDK({
    ...(process.env.OTEL_SERVICE_NAME ? {} : { serviceName: 'svc' }),
    ...(prometheus ? { metricReaders: metricReaders(prometheus) } : {}),
    views: [
      // The service records http.server.request.duration itself, labelled by route template and operation
      // (bounded); the HTTP instrumentation (outgoing calls only now) would add http.client.request.duration for
      // the payment provider's calls, which svc.payment_provider.duration already measures.
      { meterName: '@opentelemetry/instrumentation-http', aggregation: { type: AggregationType.DROP } },
    ],
    instrumentations: tracesOff ? [] : traceInstrumentations(),
  });
  sdk.start();
  state.api = otelApi;
  state.shutdown = () => sdk.shutdown();
  if (!tracesOff) {
    state.tracer = otelApi.trace.getTracer('svc');
    state.traceRequests = traceHttpRequests(state.tracer);
    skipPrismaSpansWhenSuppressed();
  }
  if (prometheus) {
    state.meter = otelApi.metrics.getMeter('svc');
    state.prometheus = { handle: (req, res) => prometheus.getMetricsRequestHandler(req, res) };
    createInstruments(state.meter);
  }
}
