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
