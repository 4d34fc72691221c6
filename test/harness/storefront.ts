import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { freePort } from './free-port';
import { cleanEnv } from './svc-process';
import { eventually } from './webhook-receiver';

const root = join(__dirname, '..', '..');
const SERVER_BUILD = join(root, 'storefront', 'build', 'server', 'index.js');

export interface Storefront {
  url: string;
  child: ChildProcess;
  output: () => string;
  close(): Promise<void>;
}

/**
 * The storefront's production build (`npm run storefront:build`) as its own process, started as `npm run
 * storefront` starts it, against the service at `apiUrl`; resolves once its /healthz answers 200.
 */
export async function startStorefront(apiUrl: string, env: Record<string, string> = {}): Promise<Storefront> {
  if (!existsSync(SERVER_BUILD)) throw new Error('storefront/build is missing: run `npm run storefront:build` first');
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'storefront', 'server.mjs')], {
    cwd: join(root, 'storefront'),
    env: {
      ...cleanEnv(),
      STOREFRONT_PORT: String(port),
      STOREFRONT_HOST: '127.0.0.1',
      STOREFRONT_API_URL: apiUrl,
      STOREFRONT_SESSION_SECRET: 'storefront-test-secret-'.padEnd(48, 'x'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`the storefront exited (${child.exitCode}): ${output}`);
      const res = await fetch(`${url}/healthz`).catch(() => undefined);
      await res?.body?.cancel();
      return res?.status === 200;
    }, 30_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    child,
    output: () => output,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
