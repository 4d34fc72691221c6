/**
 * The telemetry facade the service calls: spans, trace ids for logs and headers, metric recorders. Off (no
 * `OTEL_*` variable, no `metrics.prometheus`) every function is a no-op after one check and no OpenTelemetry
 * module is loaded; `register.ts` (preloaded) or `metrics.prometheus` switch it on. Types only are imported here.
 */
import { type HttpMiddleware, telemetryState } from './state';

export {
  declareOperationNames,
  type GaugeReading,
  metricsOn,
  observeConnectionPool,
  observeGauge,
  observePluginStates,
  operationLabel,
  recordCacheOutcome,
  recordCheckout,
  recordGraphqlOperation,
  recordGraphqlRefused,
  recordHttpRequest,
  recordProviderCall,
  recordRateLimited,
  recordTransactionGaveUp,
  recordTransactionRetry,
  recordWebhookAttempt,
} from './metrics';
export { enablePrometheusMetrics, servePrometheus } from './prometheus';
export {
  annotateSpan,
  currentTraceIds,
  currentTraceparent,
  inSpan,
  nameHttpRoute,
  parseTraceparent,
  type SpanMark,
  type SpanOptions,
  type TelemetryAttributes,
  unsampledTraceId,
} from './spans';
export { telemetryRequested } from './switch';

/** Whether spans are recorded (the SDK is running with a trace exporter). */
export const tracingOn = (): boolean => telemetryState.tracer !== undefined;

/**
 * The middleware that samples each request and opens its HTTP server span, to mount before everything else; undefined
 * while traces are off (nothing to mount, nothing paid).
 */
export const httpServerSpans = (): HttpMiddleware | undefined => telemetryState.traceRequests;

/** Flushes what is buffered and stops the providers; nothing when telemetry is off. */
export async function shutdownTelemetry(): Promise<void> {
  const stop = telemetryState.shutdown;
  telemetryState.shutdown = undefined;
  await stop?.().catch(() => undefined);
}
