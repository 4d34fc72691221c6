import { Writable } from 'node:stream';

import { createLogger, type Logger } from '../../src/platform/logger';

export type LogEntry = Record<string, unknown> & { msg?: string };

/** A real logger (same redaction as production) whose JSON lines are kept in `entries` for assertions. */
export function captureLog(level = 'trace'): { log: Logger; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) entries.push(JSON.parse(line) as LogEntry);
      done();
    },
  });
  return { log: createLogger(level, sink), entries };
}
