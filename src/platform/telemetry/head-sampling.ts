import type { IncomingMessage } from 'node:http';

import * as otelApi from '@opentelemetry/api';
import type { IdGenerator, Sampler } from '@opentelemetry/sdk-trace-base';
import { AlwaysOnSampler, ParentBasedSampler, RandomIdGenerator } from '@opentelemetry/sdk-trace-base';

import { UNSAMPLED_TRACE_ID } from './spans';

/** Requests whose traces would only be noise: load-balancer probes and the Prometheus scrape. */
const UNTRACED = /^\/(api\/v1\/health(\/ready)?|metrics)(\?|$)/;

/** The sampler the `OTEL_TRACES_SAMPLER` variables name, built by the SDK's own reader of them. */
function samplerFromEnv(): Sampler {
  /* eslint-disable @typescript-eslint/no-require-imports */
  // sdk-node builds its sampler with this function when none is given; it is not re-exported from the package's
  // index, so it is required by path (pinned version; test/e2e/observability.process.test.ts runs it at 100 % and
  // the bench at 10 %).
  const { createSamplerFromEnv } = require('@opentelemetry/sdk-node/build/src/create-from-env') as {
    createSamplerFromEnv(): Sampler | undefined;
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  // The tracer provider's default when the variable is unset.
  return createSamplerFromEnv() ?? new ParentBasedSampler({ root: new AlwaysOnSampler() });
}

export interface HeadSampling {
  /** The SDK's sampler: the same object the request hook asks, so both give one answer per trace. */
  sampler: Sampler;
  /** The SDK's id generator: hands the HTTP span the trace id the request hook decided on. */
  idGenerator: IdGenerator;
  /** The HTTP instrumentation's `ignoreIncomingRequestHook`. */
  ignoreIncomingRequest(req: IncomingMessage): boolean;
}

/**
 * Head sampling decided before the HTTP instrumentation does any work for a request (D-295).
 *
 * For every incoming request the instrumentation builds the span's attributes, extracts the propagated context and
 * wraps the request's and response's emitters before the sampler is asked, and every span below it (GraphQL,
 * Prisma, Redis) is then opened and asked again: with 10 % sampling, 90 % of requests paid that for a trace no one
 * keeps (9–11 % of throughput). Here the instrumentation's ignore hook asks the configured sampler first, with the
 * request's propagated parent and the trace id its span would get. A request the sampler refuses is ignored, which
 * runs it with tracing suppressed: no span anywhere below it. A request it keeps is traced as before, and its HTTP
 * span gets that very trace id (the id generator hands it over), so a ratio sampler's answer is the same when the
 * SDK asks again, not a second draw.
 *
 * A refused request still has a trace id (its parent's, or the one drawn): the request keeps it on
 * `UNSAMPLED_TRACE_ID`, and the `X-Trace-ID` header and the request's log lines carry it, as they would for the
 * non-recording span the SDK makes. What it does not do is propagate: outgoing calls of an unsampled request carry
 * no `traceparent` (tracing is suppressed there), so a downstream service decides for itself.
 */
export function headSampling(): HeadSampling {
  const sampler = samplerFromEnv();
  const ids = new RandomIdGenerator();
  // Set by the hook for a sampled request without a parent and taken by the span the instrumentation opens next,
  // synchronously, in the same call (attributes and context extraction open no span in between).
  let decidedTraceId: string | undefined;
  const idGenerator: IdGenerator = {
    generateSpanId: () => ids.generateSpanId(),
    generateTraceId: () => {
      const traceId = decidedTraceId ?? ids.generateTraceId();
      decidedTraceId = undefined;
      return traceId;
    },
  };
  const ignoreIncomingRequest = (req: IncomingMessage): boolean => {
    decidedTraceId = undefined;
    if (UNTRACED.test(req.url ?? '')) return true;
    // The propagators the instrumentation extracts with (OTEL_PROPAGATORS), on the same headers.
    const context = otelApi.propagation.extract(otelApi.ROOT_CONTEXT, req.headers);
    const parent = otelApi.trace.getSpanContext(context);
    const traceId = parent && otelApi.trace.isSpanContextValid(parent) ? parent.traceId : ids.generateTraceId();
    const { decision } = sampler.shouldSample(context, traceId, req.method ?? 'GET', otelApi.SpanKind.SERVER, {}, []);
    if (decision === otelApi.SamplingDecision.NOT_RECORD) {
      (req as IncomingMessage & { [UNSAMPLED_TRACE_ID]?: string })[UNSAMPLED_TRACE_ID] = traceId;
      return true;
    }
    if (traceId !== parent?.traceId) decidedTraceId = traceId;
    return false;
  };
  return { sampler, idGenerator, ignoreIncomingRequest };
}
