import type { Link, Span, SpanContext } from '@opentelemetry/api';
import type * as OtelCore from '@opentelemetry/core';

import { telemetryState as state } from './state';

export type TelemetryAttributes = Record<string, string | number | boolean | undefined | null>;

/** What a traced block may add to its span; a no-op when tracing is off. */
export interface SpanMark {
  set(attributes: TelemetryAttributes): void;
  /** Marks the span failed without an exception (a refused webhook, a 4xx outcome worth seeing). */
  fail(message: string): void;
}

const NO_MARK: SpanMark = { set() {}, fail() {} };

export interface SpanOptions {
  kind?: 'internal' | 'client' | 'server' | 'producer' | 'consumer';
  /** Traceparents (W3C `00-<trace>-<span>-<flags>`) this span links to, e.g. the request that wrote an outbox row. */
  links?: Array<string | null | undefined>;
  /** Start a new trace instead of a child of the active span. */
  root?: boolean;
}

const KINDS = { internal: 0, server: 1, client: 2, producer: 3, consumer: 4 } as const;

function clean(attributes: TelemetryAttributes): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined && value !== null) out[key] = value;
  return out;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A W3C traceparent as a remote span context, or undefined when it is malformed or all zeros. */
export function parseTraceparent(value: string | null | undefined): SpanContext | undefined {
  const match = value ? TRACEPARENT.exec(value) : null;
  if (!match || /^0+$/.test(match[1]) || /^0+$/.test(match[2])) return undefined;
  return { traceId: match[1], spanId: match[2], traceFlags: parseInt(match[3], 16), isRemote: true };
}

/**
 * Runs `fn` inside a span named `name` (child of the active span, so SQL and HTTP calls made inside nest under
 * it); an exception marks the span failed and is rethrown. With tracing off it is just `fn(NO_MARK)`.
 */
export function inSpan<T>(
  name: string,
  attributes: TelemetryAttributes,
  fn: (mark: SpanMark) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  const { api, tracer } = state;
  // A request the head sampler refused runs suppressed: asking the tracer would only make a non-recording span
  // and a context scope (head-sampling.ts).
  if (!api || !tracer || tracingSuppressed()) return fn(NO_MARK);
  const links: Link[] = [];
  for (const parent of options.links ?? []) {
    const context = parseTraceparent(parent);
    if (context) links.push({ context });
  }
  return tracer.startActiveSpan(
    name,
    { attributes: clean(attributes), kind: KINDS[options.kind ?? 'internal'], links, root: options.root },
    async (span: Span) => {
      const mark: SpanMark = {
        set: (more) => void span.setAttributes(clean(more)),
        fail: (message) => void span.setStatus({ code: api.SpanStatusCode.ERROR, message }),
      };
      try {
        return await fn(mark);
      } catch (err) {
        span.recordException(err instanceof Error ? err : String(err));
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** The active span's context, if tracing is on and a valid span is active. */
function activeContext(): SpanContext | undefined {
  const span = state.api?.trace.getActiveSpan();
  const context = span?.spanContext();
  return context && state.api!.trace.isSpanContextValid(context) ? context : undefined;
}

/** The active span as a W3C traceparent (what an outbox row keeps), or null. */
export function currentTraceparent(): string | null {
  const c = activeContext();
  return c ? `00-${c.traceId}-${c.spanId}-${(c.traceFlags & 0xff).toString(16).padStart(2, '0')}` : null;
}

/**
 * The mark the head sampler's gate leaves on a request it refused (head-sampling.ts): the trace id it was given (the
 * incoming `traceparent`'s or a new one; probes and scrapes get none). No span holds that id: tracing is suppressed.
 */
export const UNSAMPLED_TRACE_ID = Symbol.for('svc.unsampledTraceId');

/** The trace id of a request the head sampler refused, for its `X-Trace-ID` and log lines. */
export function unsampledTraceId(req: object): string | undefined {
  return (req as { [UNSAMPLED_TRACE_ID]?: string })[UNSAMPLED_TRACE_ID];
}

/** `trace_id` and `span_id` of the active span, for log lines (undefined when none). */
export function currentTraceIds(): { trace_id: string; span_id: string } | undefined {
  const c = activeContext();
  return c ? { trace_id: c.traceId, span_id: c.spanId } : undefined;
}

/** Adds attributes to the active span (the HTTP request's, in a handler). */
export function annotateSpan(attributes: TelemetryAttributes): void {
  state.api?.trace.getActiveSpan()?.setAttributes(clean(attributes));
}

let core: typeof OtelCore | undefined;

/** `@opentelemetry/core`, loaded on first use (never while telemetry is off). */
function otelCore(): typeof OtelCore {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (core ??= require('@opentelemetry/core') as typeof OtelCore);
}

/** Whether the active context suppresses tracing (a request the head sampler refused, an exporter's own call). */
export function tracingSuppressed(): boolean {
  const { api } = state;
  return !!api && otelCore().isTracingSuppressed(api.context.active());
}

/**
 * Names the HTTP server span after the route template that served it (`POST /api/v1/store/checkout`), the way the
 * Express instrumentation does for Express routes: the HTTP instrumentation reads it when the response ends and
 * sets `http.route`. Raw paths never become names (they hold ids).
 */
export function nameHttpRoute(route: string): void {
  const { api } = state;
  if (!api?.trace.getActiveSpan()) return;
  const { getRPCMetadata, RPCType } = otelCore();
  const meta = getRPCMetadata(api.context.active());
  if (meta?.type === RPCType.HTTP) meta.route = route;
}
