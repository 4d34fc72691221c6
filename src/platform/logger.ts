import pino from 'pino';

import { currentTraceIds, tracingOn } from './telemetry';

export type Logger = pino.Logger;

/**
 * JSON logs on stdout. Child loggers carry `requestId` so every line of a request correlates with the
 * `X-Request-ID` the client saw; with tracing on (OpenTelemetry, docs/operations.md) every line written inside a
 * traced request also carries `trace_id` and `span_id`, so a log line leads to its trace and back. Secrets never
 * reach a log line: the redaction list is a last line of defence.
 */
/** `destination` replaces stdout (tests that read the log). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'svc' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Only when tracing is on: off, the logger pays nothing for it.
    ...(tracingOn() ? { mixin: () => currentTraceIds() ?? {} } : {}),
    redact: {
      paths: [
        'password',
        '*.password',
        'passwordHash',
        '*.passwordHash',
        'password_hash',
        '*.password_hash',
        'authorization',
        '*.authorization',
        'headers.authorization',
        'headers.cookie',
        'headers["x-csrf-token"]',
        'cookie',
        '*.cookie',
        'token',
        '*.token',
        'secret',
        '*.secret',
        'keyHash',
        '*.keyHash',
        'accessToken',
        '*.accessToken',
        'refreshToken',
        '*.refreshToken',
        'access_token',
        '*.access_token',
        'refresh_token',
        '*.refresh_token',
        'variables.input.password',
        'variables.input.refreshToken',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The logger of one request: `log` with `requestId` (and, for a request the head sampler refused, `trace_id`) on
 * every line, as `log.child(bindings)` would make it, without its cost. pino runs each binding through the
 * redaction's stringifier, and a redaction path that starts with `*` (ours do) applies to every binding: ~10 µs
 * per request on the product page (CPU profile, docs/performance.md). These values are an id checked against
 * `[A-Za-z0-9._-]` or one the service made, and a trace id; nothing to redact. So the child is made with no
 * bindings, and its bound text (`pino.symbols.chindingsSym`, pino's documented hook for integrations: the
 * `,"key":value` text it writes into every line) gets them appended as JSON.
 */
export function requestLogger(log: Logger, requestId: string, traceId?: string): Logger {
  const child = log.child({});
  const bound = child as unknown as Record<symbol, string>;
  const sym = pino.symbols.chindingsSym;
  bound[sym] += `,"requestId":${JSON.stringify(requestId)}${traceId ? `,"trace_id":${JSON.stringify(traceId)}` : ''}`;
  return child;
}
