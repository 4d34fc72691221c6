import type { IncomingMessage } from 'node:http';

import { propagation, ROOT_CONTEXT, SamplingDecision, SpanKind } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

import { headSampling } from './head-sampling';
import { unsampledTraceId } from './spans';

/**
 * The head sampler's decision (D-297): a request is traced exactly when the configured sampler keeps it, its HTTP
 * span gets the trace id that decision was made on (so a ratio sampler is not drawn twice), and a refused request
 * keeps a trace id for its header and logs.
 */
const request = (url: string, headers: Record<string, string> = {}) =>
  ({ url, method: 'GET', headers }) as unknown as IncomingMessage;
const HEX32 = /^[0-9a-f]{32}$/;

describe('head sampling', () => {
  const saved = { sampler: process.env.OTEL_TRACES_SAMPLER, arg: process.env.OTEL_TRACES_SAMPLER_ARG };
  beforeAll(() => {
    process.env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
    process.env.OTEL_TRACES_SAMPLER_ARG = '0.5';
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  });
  afterAll(() => {
    propagation.disable();
    for (const [key, value] of [
      ['OTEL_TRACES_SAMPLER', saved.sampler],
      ['OTEL_TRACES_SAMPLER_ARG', saved.arg],
    ] as const)
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  });

  it('a kept root request’s span gets the trace id the sampler kept; a refused one keeps its id for logs', () => {
    const head = headSampling();
    const decide = (traceId: string) =>
      head.sampler.shouldSample(ROOT_CONTEXT, traceId, 'GET', SpanKind.SERVER, {}, []).decision;
    let kept = 0;
    for (let i = 0; i < 400; i++) {
      const req = request('/graphql');
      if (!head.traces(req)) {
        const id = unsampledTraceId(req)!;
        expect(id).toMatch(HEX32);
        expect(decide(id)).toBe(SamplingDecision.NOT_RECORD);
      } else {
        kept++;
        expect(unsampledTraceId(req)).toBeUndefined();
        // The span the instrumentation opens next draws this id: the one the sampler kept.
        const traceId = head.idGenerator.generateTraceId();
        expect(decide(traceId)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
        // Handed over once: the next root span draws a new id.
        expect(head.idGenerator.generateTraceId()).not.toBe(traceId);
      }
    }
    // Half, give or take (400 draws at 0.5: outside 140..260 is a one-in-a-billion event).
    expect(kept).toBeGreaterThan(140);
    expect(kept).toBeLessThan(260);
  });

  it('follows the caller’s traceparent: sampled is traced, not sampled is refused with the caller’s trace id', () => {
    const head = headSampling();
    const traceId = 'ab'.repeat(16);
    expect(head.traces(request('/graphql', { traceparent: `00-${traceId}-${'cd'.repeat(8)}-01` }))).toBe(true);
    // A child of the caller's span: no id is handed over, the next root draws its own.
    expect(head.idGenerator.generateTraceId()).not.toBe(traceId);

    const refused = request('/graphql', { traceparent: `00-${traceId}-${'cd'.repeat(8)}-00` });
    expect(head.traces(refused)).toBe(false);
    expect(unsampledTraceId(refused)).toBe(traceId);
  });

  it('a handed-over trace id that no span took is forgotten, not given to the next root span', () => {
    const head = headSampling();
    // Without `forget`, the next root span would always draw the kept id (sampled); with it, a fresh one (sampled
    // half the time at 0.5: 40 of 40 is a one-in-a-trillion event).
    let sampledNext = 0;
    for (let i = 0; i < 40; i++) {
      let req = request('/graphql');
      while (!head.traces(req)) req = request('/graphql');
      head.forget();
      const next = head.idGenerator.generateTraceId();
      if (
        head.sampler.shouldSample(ROOT_CONTEXT, next, 'GET', SpanKind.SERVER, {}, []).decision !==
        SamplingDecision.NOT_RECORD
      )
        sampledNext++;
    }
    expect(sampledNext).toBeLessThan(40);
  });

  it('probes and scrapes are never traced and get no trace id', () => {
    const head = headSampling();
    for (const url of ['/api/v1/health', '/api/v1/health/ready', '/metrics?x=1']) {
      const req = request(url);
      expect(head.traces(req)).toBe(false);
      expect(unsampledTraceId(req)).toBeUndefined();
    }
  });
});
