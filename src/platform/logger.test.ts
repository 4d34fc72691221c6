import { Writable } from 'node:stream';

import { createLogger, requestLogger } from './logger';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: createLogger('info', destination) };
}

describe('requestLogger', () => {
  it('writes the request id (and a trace id) on every line, as a child with those bindings would', async () => {
    const { lines, log } = capture();
    const plain = requestLogger(log, 'req-1');
    const traced = requestLogger(log, 'req-2', '0af7651916cd43dd8448eb211c80319c');
    plain.info({ n: 1 }, 'one');
    traced.child({ part: 'x' }).warn('two');
    log.info('three');
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({ service: 'svc', requestId: 'req-1', n: 1, msg: 'one' });
    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(lines[1]).toMatchObject({ requestId: 'req-2', trace_id: '0af7651916cd43dd8448eb211c80319c', part: 'x' });
    expect(lines[2]).not.toHaveProperty('requestId');
    expect(plain.bindings()).toMatchObject({ service: 'svc', requestId: 'req-1' });
  });

  it('still redacts what a line logs', async () => {
    const { lines, log } = capture();
    requestLogger(log, 'req-3').info({ user: { password: 'hunter2' }, token: 't' }, 'login');
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({ requestId: 'req-3', user: { password: '[redacted]' }, token: '[redacted]' });
  });
});
