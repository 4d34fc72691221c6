import type { IncomingMessage, ServerResponse } from 'node:http';

import type * as OtelApi from '@opentelemetry/api';

/** An Express-compatible middleware on Node's own request and response types (platform knows no Express). */
export type HttpMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * What is switched on in this process. Empty unless the SDK was preloaded (`register.ts`, when an `OTEL_*`
 * variable is set) or `metrics.prometheus` started a meter provider: every helper of the facade checks it first,
 * so with telemetry off no OpenTelemetry module is ever loaded and each call is one property check.
 */
export const telemetryState: {
  api?: typeof OtelApi;
  /** Set when traces are exported (an SDK tracer provider is registered). */
  tracer?: OtelApi.Tracer;
  /** With traces on: the middleware that samples each request and opens its server span (http-server-span.ts). */
  traceRequests?: HttpMiddleware;
  /** Set when metrics are recorded (a meter provider is registered). */
  meter?: OtelApi.Meter;
  /** The Prometheus reader, scraped by `metrics.prometheus`'s endpoint. */
  prometheus?: { handle(req: IncomingMessage, res: ServerResponse): void };
  /** Flushes and stops the providers (on shutdown). */
  shutdown?: () => Promise<void>;
} = {};
