import type { IncomingMessage } from 'node:http';

import * as otelApi from '@opentelemetry/api';

import { tracingSuppressed, UNSAMPLED_TRACE_ID } from './spans';

/** Requests whose traces would only be noise: load-balancer probes and the Prometheus scrape. */
export const UNTRACED_PATHS = /^\/(api\/v1\/health(\/ready)?|metrics)(\?|$)/;

/**
 * Head sampling: whether an incoming request is traced, decided before anything is built for it (docs/decisions.md,
 * D-297; since issue 51 in the service's own server-span middleware, http-server-span.ts, not in front of the HTTP
 * instrumentation).
 *
 * The request's W3C context is extracted with the API's global propagator (`OTEL_PROPAGATORS`), and the SDK's tracer
 * is asked for the server span as its parent's child (or a root). The tracer asks the configured sampler
 * (`OTEL_TRACES_SAMPLER`: a sampled caller is honoured, a root is kept by ratio) before it builds anything, and
 * answers a refusal with a bare span context: no attributes, no processor. One question, one draw per trace. The
 * span is named after the method and has no attributes yet (what the sampler was asked before too); the attribute
 * work is the middleware's, for a kept request only.
 *
 * A kept request gets its recording span and the extracted context (the caller's span, baggage) to run in. A refused
 * one (or a probe, or the scrape) gets undefined; it is marked with the trace id it was given (the caller's, or a new
 * one; probes get none), which `X-Trace-ID` and its log lines carry as a non-recording span's would. It runs with
 * tracing suppressed (the middleware), so it does not propagate: its outgoing calls carry no `traceparent` and an
 * outbox row it writes keeps none.
 */
export function sampleRequest(
  tracer: otelApi.Tracer,
  req: IncomingMessage,
): { span: otelApi.Span; parent: otelApi.Context } | undefined {
  if (UNTRACED_PATHS.test(req.url ?? '')) return undefined;
  const parent = otelApi.propagation.extract(otelApi.ROOT_CONTEXT, req.headers);
  const span = tracer.startSpan(req.method || 'GET', { kind: otelApi.SpanKind.SERVER }, parent);
  if (span.isRecording()) return { span, parent };
  (req as IncomingMessage & { [UNSAMPLED_TRACE_ID]?: string })[UNSAMPLED_TRACE_ID] = span.spanContext().traceId;
  return undefined;
}

interface PrismaTracingHelper {
  runInChildSpan(options: unknown, callback: (...args: unknown[]) => unknown): unknown;
}

/**
 * Lets Prisma skip its spans where tracing is suppressed. Prisma's client asks the tracing helper that
 * `@prisma/instrumentation` registers on `globalThis` for a span around every operation and statement; under a
 * suppressed context the tracer answers with a non-recording span and a context scope, work a refused request
 * (90 % of them at 10 % sampling) paid for nothing. Skipped, the helper calls back without a span, as it does for
 * the span types the instrumentation is told to ignore. Returns false when no helper is registered.
 */
export function skipPrismaSpansWhenSuppressed(): boolean {
  const holder = (globalThis as { PRISMA_INSTRUMENTATION?: { helper?: PrismaTracingHelper } }).PRISMA_INSTRUMENTATION;
  const helper = holder?.helper;
  if (!helper) return false;
  const runInChildSpan = helper.runInChildSpan.bind(helper);
  helper.runInChildSpan = (options, callback) => (tracingSuppressed() ? callback() : runInChildSpan(options, callback));
  return true;
}
