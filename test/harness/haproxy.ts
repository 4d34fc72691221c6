import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from './free-port';

const HAPROXY = process.env.SVC_TEST_HAPROXY ?? 'haproxy';

/** Whether Debian's HAProxy is installed (`apt-get install haproxy`). */
export const haproxyPresent = spawnSync(HAPROXY, ['-v']).status === 0;

export interface Haproxy {
  url: string;
  close(): Promise<void>;
}

/**
 * HAProxy in front of `backends` (host:port): round robin, a readiness probe every 250 ms
 * (`GET /api/v1/health/ready`, two failures or 2 s without an answer out, two passes in), and a failed connection retried on another
 * server (`option redispatch`). A request cut mid-way by a dying server is answered 502 and not retried: it may
 * have been a write, and only the client knows whether it is safe to send again (idempotency keys).
 */
export async function startHaproxy(backends: string[]): Promise<Haproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-haproxy-'));
  const port = await freePort();
  const config = `
global
  maxconn 4096
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout check 2s
  retries 2
  option redispatch
  option http-server-close
frontend shop
  bind 127.0.0.1:${port}
  default_backend api
backend api
  balance roundrobin
  option httpchk GET /api/v1/health/ready
  http-check expect status 200
  default-server inter 250ms fall 2 rise 2
${backends.map((b, i) => `  server api${i + 1} ${b} check`).join('\n')}
`;
  writeFileSync(join(dir, 'haproxy.cfg'), config);
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) break;
    if (i > 100 || child.exitCode !== null) throw new Error('haproxy did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
