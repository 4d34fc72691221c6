import type * as Http from 'node:http';
import type { IncomingMessage, Server } from 'node:http';

import * as otelApi from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import type { IdGenerator, Sampler } from '@opentelemetry/sdk-trace-base';
import { AlwaysOnSampler, ParentBasedSampler, RandomIdGenerator } from '@opentelemetry/sdk-trace-base';

import { tracingSuppressed, UNSAMPLED_TRACE_ID } from './spans';

/** Requests whose traces would only be noise: load-balancer probes and the Prometheus scrape. */
export const UNTRACED_PATHS = /^\/(api\/v1\/health(\/ready)?|metrics)(\?|$)/;

/** The sampler the `OTEL_TRACES_SAMPLER` variables name, built by the SDK's own reader of them. */
function samplerFromEnv(): Sampler {
  /* eslint-disable @typescript-eslint/no-require-imports */
  // sdk-node builds its sampler with this function when none is given; it is not re-exported from the package's
  // index, so it is required by path (pinned version; head-sampling.test.ts and the observability process test
  // run it).
  const { createSamplerFromEnv } = require('@opentelemetry/sdk-node/build/src/create-from-env') as {
    createSamplerFromEnv(): Sampler | undefined;
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  // The tracer provider's default when the variable is unset.
  return createSamplerFromEnv() ?? new ParentBasedSampler({ root: new AlwaysOnSampler() });
}

export interface HeadSampling {
  /** The SDK's sampler: the same object the gate asks, so both give one answer per trace. */
  sampler: Sampler;
  /** The SDK's id generator: hands the HTTP span the trace id the gate decided on. */
  idGenerator: IdGenerator;
  /**
   * Whether the request is traced. A refused request is marked with the trace id it would have had
   * (`UNSAMPLED_TRACE_ID`; probes get none); a kept root request's trace id waits for its HTTP span.
   */
  traces(req: IncomingMessage): boolean;
  /** Forgets a handed-over trace id nobody took (the instrumentation opened no span after all). */
  forget(): void;
}

/**
 * Head sampling decided before the HTTP instrumentation sees a request (docs/decisions.md, D-297).
 *
 * For every incoming request the HTTP instrumentation builds the span's attributes, extracts the propagated context,
 * binds the request's and the response's emitters to a context and runs the request in a context scope before its
 * sampler is asked, and its ignore hook skips only the first part: with 10 % sampling the 90 % of requests nobody
 * keeps paid 0.1–0.2 ms each (docs/performance.md). Here the configured sampler is asked first, with the request's
 * propagated parent and the trace id its span would get. A request it keeps goes to the instrumentation as before,
 * and the id generator hands its HTTP span that very trace id, so a ratio sampler's answer is the same when the SDK
 * asks again (not a second draw). A request it refuses skips the instrumentation (the gate below).
 *
 * A refused request still has a trace id (its parent's, or the one drawn): `X-Trace-ID` and its log lines carry
 * it, as they would a non-recording span's. It does not propagate: its outgoing calls carry no `traceparent` and an
 * outbox row it writes keeps none (tracing is suppressed below it), so a downstream service samples for itself.
 */
export function headSampling(): HeadSampling {
  const sampler = samplerFromEnv();
  const ids = new RandomIdGenerator();
  // Set by `traces` for a kept request without a parent and taken by the span the instrumentation opens next,
  // synchronously, in the same `emit` (nothing in between opens a span).
  let decidedTraceId: string | undefined;
  const idGenerator: IdGenerator = {
    generateSpanId: () => ids.generateSpanId(),
    generateTraceId: () => {
      const traceId = decidedTraceId ?? ids.generateTraceId();
      decidedTraceId = undefined;
      return traceId;
    },
  };
  const traces = (req: IncomingMessage): boolean => {
    decidedTraceId = undefined;
    if (UNTRACED_PATHS.test(req.url ?? '')) return false;
    // The propagators the instrumentation extracts with (OTEL_PROPAGATORS), on the same headers.
    const context = otelApi.propagation.extract(otelApi.ROOT_CONTEXT, req.headers);
    const parent = otelApi.trace.getSpanContext(context);
    const traceId = parent && otelApi.trace.isSpanContextValid(parent) ? parent.traceId : ids.generateTraceId();
    const { decision } = sampler.shouldSample(context, traceId, req.method ?? 'GET', otelApi.SpanKind.SERVER, {}, []);
    if (decision === otelApi.SamplingDecision.NOT_RECORD) {
      (req as IncomingMessage & { [UNSAMPLED_TRACE_ID]?: string })[UNSAMPLED_TRACE_ID] = traceId;
      return false;
    }
    if (traceId !== parent?.traceId) decidedTraceId = traceId;
    return true;
  };
  return { sampler, idGenerator, traces, forget: () => void (decidedTraceId = undefined) };
}

type EmitFn = (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
type Emit = EmitFn & { __original?: EmitFn };

/**
 * Puts the head sampler in front of the HTTP instrumentation: `http.Server.prototype.emit`, which the
 * instrumentation wraps, is wrapped once more. A `request` the sampler keeps goes to the instrumented `emit`; one
 * it refuses (and a probe or scrape) goes to the original `emit` under a suppressed context, so no instrumentation
 * below opens a span for it. The context holds across body parsing (raw-body binds its callback to the request's
 * async context; the observability test sends a slow body to check). Returns false, changing nothing, when the
 * instrumentation has not wrapped `emit`: every request then goes through it and its sampler.
 */
export function gateIncomingRequests(head: HeadSampling): boolean {
  // Requiring it applies the instrumentation's patch if nothing has required `http` since the SDK started.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const http = require('http') as typeof Http;
  const instrumented = http.Server.prototype.emit as unknown as Emit;
  const original = instrumented.__original;
  if (!original) return false;
  const suppressed = suppressTracing(otelApi.ROOT_CONTEXT);
  const gated = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== 'request') return instrumented.call(this, event, ...args);
    if (!head.traces(args[0] as IncomingMessage))
      return otelApi.context.with(suppressed, () => original.call(this, event, ...args));
    try {
      return instrumented.call(this, event, ...args);
    } finally {
      head.forget();
    }
  };
  http.Server.prototype.emit = Object.assign(gated, { __original: original }) as unknown as Server['emit'];
  return true;
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
