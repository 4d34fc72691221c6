import * as otelApi from '@opentelemetry/api';
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';

type Sampler = NodeSDKConfiguration['sampler'];
type SpanProcessor = NonNullable<NodeSDKConfiguration['spanProcessors']>[number];
/** A finished span as the SDK hands it to its processors. */
export type FinishedSpan = Parameters<SpanProcessor['onEnd']>[0];

/** How a root span (no valid parent) is decided: a function of its trace id. */
export type RootDecision = (traceId: string) => boolean;

/** Keeps a root span when the low 32 bits of its trace id fall under `ratio` (deterministic, like a ratio sampler). */
export const byRatio =
  (ratio: number): RootDecision =>
  (traceId) =>
    parseInt(traceId.slice(-8), 16) / 0x1_0000_0000 < ratio;

/**
 * The OpenTelemetry SDK in this process as the service starts it (NodeSDK: its AsyncLocalStorage context manager,
 * the W3C propagators, its tracer), with no instrumentation, every finished span kept in memory, and a sampler a test
 * can switch: parent-based (a valid parent's sampled flag decides) with `root` deciding the rest. Built from the
 * NodeSDK's own configuration types only, so it holds across the SDK's package lines.
 */
export function startTestSdk(root: RootDecision = () => true) {
  const finished: FinishedSpan[] = [];
  let decideRoot = root;
  const sampler: Sampler = {
    shouldSample: (context, traceId) => {
      const parent = otelApi.trace.getSpanContext(context);
      const keep =
        parent && otelApi.trace.isSpanContextValid(parent)
          ? (parent.traceFlags & otelApi.TraceFlags.SAMPLED) !== 0
          : decideRoot(traceId);
      return { decision: keep ? otelApi.SamplingDecision.RECORD_AND_SAMPLED : otelApi.SamplingDecision.NOT_RECORD };
    },
    toString: () => 'TestParentBased',
  };
  const processor: SpanProcessor = {
    onStart: () => undefined,
    onEnd: (span) => void finished.push(span),
    forceFlush: async () => undefined,
    shutdown: async () => undefined,
  };
  const saved = { metrics: process.env.OTEL_METRICS_EXPORTER, logs: process.env.OTEL_LOGS_EXPORTER };
  process.env.OTEL_METRICS_EXPORTER = 'none';
  process.env.OTEL_LOGS_EXPORTER = 'none';
  const sdk = new NodeSDK({ sampler, spanProcessors: [processor], instrumentations: [] });
  sdk.start();
  return {
    tracer: otelApi.trace.getTracer('svc'),
    /** The spans finished so far. */
    spans: () => [...finished],
    reset: () => void (finished.length = 0),
    /** Switches how root spans are decided. */
    setRoot: (decide: RootDecision) => void (decideRoot = decide),
    /** The sampler's answer for a root span of this trace id, as the SDK would get it. */
    keepsRoot: (traceId: string) => decideRoot(traceId),
    shutdown: async () => {
      await sdk.shutdown();
      for (const [key, value] of [
        ['OTEL_METRICS_EXPORTER', saved.metrics],
        ['OTEL_LOGS_EXPORTER', saved.logs],
      ] as const)
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    },
  };
}
