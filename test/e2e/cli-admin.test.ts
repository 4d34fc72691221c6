import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/app/paths';

const root = packageRoot();
const SVC = ['-r', '@swc-node/register', join(root, 'src/main.ts')];

function env(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SVC_') && k !== 'DATABASE_URL' && k !== 'NODE_OPTIONS'));
  return { ...clean, SVC_DATA_DIR: dataDir, SVC_LOG_LEVEL: 'silent', SVC_AUTH_ARGON2_MEMORY_KIB: '1024', SVC_AUTH_ARGON2_ITERATIONS: '1', ...extra };
}

/** Runs `svc …` with `input` piped to stdin (the password), collecting output and exit code. */
function svc(args: string[], input: string, e: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...SVC, ...args], { env: e, cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('svc admin create and the bootstrap admin', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-cli-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a super_admin from a piped password, refuses a duplicate, and both accounts log in', async () => {
    const created = await svc(['admin', 'create', '--email', 'Root@Example.com'], 'first password\n', env(dataDir));
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^created super_admin root@example\.com \([0-9a-f-]{36}\)/);
    const again = await svc(['admin', 'create', '--email', 'root@example.com'], 'first password\n', env(dataDir));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/admin create: email: email is already used/);
    const short = await svc(['admin', 'create', '--email', 'x@example.com'], 'short\n', env(dataDir));
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/password: min_length/);

    const child: ChildProcess = spawn(process.execPath, [...SVC, 'serve'], {
      env: env(dataDir, { SVC_SERVER_PORT: '0', SVC_SERVER_HOST: '127.0.0.1', SVC_LOG_LEVEL: 'info', SVC_BOOTSTRAP_ADMIN_EMAIL: 'boot@example.com', SVC_BOOTSTRAP_ADMIN_PASSWORD: 'bootstrap password' }),
      cwd: root,
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let buffer = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          const line = buffer.split('\n').find((l) => l.includes('"svc listening"'));
          if (line) resolve(JSON.parse(line).port);
        });
        child.on('exit', () => reject(new Error(`svc exited: ${buffer}`)));
      });
      const login = (email: string, password: string) =>
        fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      expect((await login('root@example.com', 'first password')).status).toBe(200);
      const boot = await login('boot@example.com', 'bootstrap password');
      expect(boot.status).toBe(200);
      const { data } = (await boot.json()) as { data: { access_token: string } };
      expect(JSON.parse(Buffer.from(data.access_token.split('.')[1], 'base64url').toString()).role).toBe('super_admin');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }, 90_000);
});
