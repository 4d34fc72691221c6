import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageRoot } from '../../src/app/paths';

const root = packageRoot();
const run = promisify(execFile);
const SVC = ['-r', '@swc-node/register', join(root, 'src/main.ts')];

/** Env for a child `svc`: no inherited SVC_* settings, the embedded database in its own data folder. */
function env(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SVC_') && k !== 'DATABASE_URL' && k !== 'NODE_OPTIONS'));
  return { ...clean, SVC_DATA_DIR: dataDir, ...extra };
}

describe('svc CLI', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints its version', async () => {
    const { stdout } = await run(process.execPath, [...SVC, 'version'], { env: env(dataDir), cwd: root });
    expect(stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  });

  it('migrates the embedded database in the data folder, then reports it up to date', async () => {
    const first = await run(process.execPath, [...SVC, 'migrate'], { env: env(dataDir, { SVC_LOG_LEVEL: 'silent' }), cwd: root });
    expect(first.stdout).toMatch(/applied \d+ migration\(s\): \d+_init/);
    expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    const second = await run(process.execPath, [...SVC, 'migrate'], { env: env(dataDir, { SVC_LOG_LEVEL: 'silent' }), cwd: root });
    expect(second.stdout).toMatch(/database is up to date/);
  }, 60_000);

  it('aborts start naming the key of a bad setting', async () => {
    const failed = await run(process.execPath, [...SVC, 'serve'], { env: env(dataDir, { SVC_SERVER_PORT: 'abc' }), cwd: root }).catch((e) => e);
    expect(failed.code).toBe(78);
    expect(failed.stderr).toMatch(/configuration error: server\.port: expected an integer/);
  });

  it('serves, logs JSON lines with the request id, and shuts down gracefully on SIGTERM', async () => {
    const child: ChildProcess = spawn(process.execPath, [...SVC, 'serve'], { env: env(dataDir, { SVC_SERVER_PORT: '0', SVC_SERVER_HOST: '127.0.0.1' }), cwd: root });
    const lines: Array<Record<string, unknown>> = [];
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const part of parts) if (part.trim()) lines.push(JSON.parse(part));
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const waitFor = async (predicate: (l: Record<string, unknown>) => boolean) => {
      for (let i = 0; i < 300; i++) {
        const found = lines.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`log line not found; got ${JSON.stringify(lines)}`);
    };
    try {
      const listening = await waitFor((l) => l.msg === 'svc listening');
      const res = await fetch(`http://127.0.0.1:${listening.port}/api/v1/health`);
      expect(res.status).toBe(200);
      const requestId = res.headers.get('x-request-id');
      const logged = await waitFor((l) => l.msg === 'request' && l.requestId === requestId);
      expect(logged).toMatchObject({ level: 30, method: 'GET', path: '/api/v1/health', status: 200, service: 'svc' });
      // The generated JWT secret is kept for the next start.
      expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toHaveLength(128);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(lines.some((l) => l.msg === 'svc stopped')).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
