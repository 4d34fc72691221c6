import type { IncomingMessage } from 'node:http';

import { byRatio, startTestSdk } from '../../../test/harness/otel-sdk';
import { sampleRequest } from './head-sampling';
import { unsampledTraceId } from './spans';

/**
 * The head sampler's decision (D-297): a request is traced exactly when the configured sampler keeps it, asked once
 * (through the SDK's tracer, before anything is built), and a refused request keeps the trace id that decision was
 * made on, for its header and logs. The SDK runs in this process (test/harness/otel-sdk.ts), sampling half the roots
 * by trace id and following a caller's sampled flag.
 */
const request = (url: string, headers: Record<string, string> = {}) =>
  ({ url, method: 'GET', headers }) as unknown as IncomingMessage;
const HEX32 = /^[0-9a-f]{32}$/;

describe('head sampling', () => {
  let sdk: ReturnType<typeof startTestSdk>;
  beforeAll(() => void (sdk = startTestSdk(byRatio(0.5))));
  afterAll(() => sdk.shutdown());

  it('a kept root request gets its recording server span; a refused one keeps the id the sampler refused, for logs', () => {
    let kept = 0;
    for (let i = 0; i < 400; i++) {
      const req = request('/graphql');
      const sampled = sampleRequest(sdk.tracer, req);
      if (!sampled) {
        const id = unsampledTraceId(req)!;
        expect(id).toMatch(HEX32);
        // The sampler answers by trace id: the id the request carries is the one it refused.
        expect(sdk.keepsRoot(id)).toBe(false);
      } else {
        kept++;
        expect(unsampledTraceId(req)).toBeUndefined();
        expect(sampled.span.isRecording()).toBe(true);
        expect(sdk.keepsRoot(sampled.span.spanContext().traceId)).toBe(true);
        sampled.span.end();
      }
    }
    // Half, give or take (400 draws at 0.5: outside 140..260 is a one-in-a-billion event).
    expect(kept).toBeGreaterThan(140);
    expect(kept).toBeLessThan(260);
    // Nothing but the kept server spans was made: a refused request leaves no span behind.
    expect(sdk.spans()).toHaveLength(kept);
  });

  it('follows the caller’s traceparent: sampled is traced in the caller’s trace, not sampled is refused with the caller’s trace id', () => {
    const traceId = 'ab'.repeat(16);
    const sampled = sampleRequest(
      sdk.tracer,
      request('/graphql', { traceparent: `00-${traceId}-${'cd'.repeat(8)}-01` }),
    );
    expect(sampled!.span.spanContext().traceId).toBe(traceId);
    sampled!.span.end();

    const refused = request('/graphql', { traceparent: `00-${traceId}-${'cd'.repeat(8)}-00` });
    expect(sampleRequest(sdk.tracer, refused)).toBeUndefined();
    expect(unsampledTraceId(refused)).toBe(traceId);
  });

  it('probes and scrapes are never traced and get no trace id', () => {
    for (const url of ['/api/v1/health', '/api/v1/health/ready', '/metrics?x=1']) {
      const req = request(url);
      expect(sampleRequest(sdk.tracer, req)).toBeUndefined();
      expect(unsampledTraceId(req)).toBeUndefined();
    }
  });
});
