import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { packageRoot } from '../../src/platform/paths';
import { FakeProvider } from '../harness/fake-provider';
import { freePort } from '../harness/free-port';
import { scratchDir } from '../harness/scratch-dir';

const root = packageRoot();
const run = promisify(execFile);
const SVC = ['-r', '@swc-node/register', join(root, 'app/main.ts')];

/** Env for a child `svc`: no inherited SVC_* settings, the embedded database in its own data folder. */
function env(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('SVC_') && k !== 'DATABASE_URL' && k !== 'NODE_OPTIONS'),
  );
  return { ...clean, SVC_DATA_DIR: dataDir, ...extra };
}

// Each `svc` child loads the whole service, and a fresh embedded database costs an initdb and every migration:
// the tests share two data folders (in the order they run) instead of making one each. `dataDir` is migrated,
// then served (which loads the demo shop), then used by the admin tests; `seededDir` is seeded by `seed --demo`
// and then refuses a taken port.
// Each test starts several CLI processes (Node, then the sources through SWC): one bound against a hang, not a speed
// check. On a loaded 2-core machine one `--json` test took over 60 s; the bench measures speed.
jest.setTimeout(300_000);

const dataDir = scratchDir('svc-cli');
const seededDir = scratchDir('svc-seed');

describe('svc CLI', () => {
  it('prints usage without a command, and refuses arguments a command does not take (exit 2)', async () => {
    const bare = await run(process.execPath, SVC, { env: env(dataDir), cwd: root }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(bare).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/a command is required\n\nusage: svc <command>/),
    });
    const bogus = await run(process.execPath, [...SVC, 'migrate', '--bogus'], { env: env(dataDir), cwd: root }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(bogus).toMatchObject({ code: 2, stderr: expect.stringMatching(/^migrate: unknown argument --bogus/) });
  });

  it('seeds the demo shop into an empty database, once', async () => {
    const first = await run(process.execPath, [...SVC, 'seed', '--demo'], {
      env: env(seededDir, { SVC_LOG_LEVEL: 'silent' }),
      cwd: root,
    });
    expect(first.stdout).toMatch(/demo shop loaded: 4 products, 9 variants, warehouses MAIN, OVERFLOW/);
    expect(first.stderr).toMatch(/demo admin account: admin@example.com \/ \S{16} \(shown once; change it\)/);
    const second = await run(process.execPath, [...SVC, 'seed', '--demo'], {
      env: env(seededDir, { SVC_LOG_LEVEL: 'silent' }),
      cwd: root,
    });
    expect(second.stdout).toMatch(/nothing seeded/);
  });

  it('says in one line why it cannot start: a malformed or unreachable database, an unusable data folder, a taken port', async () => {
    const fail = (args: string[], extra: Record<string, string>) =>
      run(process.execPath, [...SVC, ...args], {
        env: env(dataDir, { SVC_LOG_LEVEL: 'silent', ...extra }),
        cwd: root,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr.trim() }),
      );
    const secret = 'x'.repeat(64);
    expect(await fail(['migrate'], { SVC_DATABASE_URL: 'notaurl', SVC_AUTH_JWT_SECRET: secret })).toEqual({
      code: 78,
      stderr: 'configuration error: database.url: expected postgresql://user[:password]@host[:port]/database',
    });
    expect(
      await fail(['migrate'], {
        SVC_DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/x',
        SVC_DATABASE_TLS: 'disable',
        SVC_AUTH_JWT_SECRET: secret,
      }),
    ).toEqual({
      code: 69,
      stderr: 'error: cannot reach PostgreSQL at 127.0.0.1:1 (connection refused): is it running? (database.url)',
    });
    const proc = await fail(['migrate'], { SVC_DATA_DIR: '/proc/svc-nope' });
    expect(proc.code).toBe(78);
    expect(proc.stderr).toMatch(/^configuration error: data_dir: \/proc\/svc-nope\/db can't be used/);
    // The seeded folder (the serve test below expects the shared folder's database still without the demo shop).
    const taken = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    try {
      const port = (taken.address() as AddressInfo).port;
      const busy = await fail(['serve'], {
        PORT: String(port),
        SVC_SERVER_HOST: '127.0.0.1',
        SVC_DATA_DIR: seededDir,
      });
      expect(busy.code).toBe(69);
      expect(busy.stderr.split('\n').pop()).toBe(
        `error: the port ${port} is in use on 127.0.0.1: stop what uses it or set server.port`,
      );
    } finally {
      taken.close();
    }
  });

  it('never runs a dist/ older than the sources silently (scripts/svc.js, the `svc` binary and npm start)', async () => {
    // A miniature package: the real launcher, a "build" that says so, and a source edited after it.
    const pkg = mkdtempSync(join(tmpdir(), 'svc-dist-'));
    try {
      mkdirSync(join(pkg, 'scripts'));
      mkdirSync(join(pkg, 'dist', 'app'), { recursive: true });
      mkdirSync(join(pkg, 'app'));
      copyFileSync(join(root, 'scripts', 'svc.js'), join(pkg, 'scripts', 'svc.js'));
      writeFileSync(join(pkg, 'app', 'main.ts'), '');
      const old = new Date(Date.now() - 60_000);
      utimesSync(join(pkg, 'app', 'main.ts'), old, old);
      writeFileSync(join(pkg, 'dist', 'app', 'main.js'), "process.stdout.write('compiled build')");
      const launch = () =>
        run(process.execPath, [join(pkg, 'scripts', 'svc.js')], { env: env(pkg), cwd: pkg }).catch(
          (err: { code: number; stdout: string; stderr: string }) => err,
        );
      expect(await launch()).toMatchObject({ stdout: 'compiled build' });
      writeFileSync(join(pkg, 'app', 'main.ts'), '// edited');
      // Without SWC next to it (as in a production install) it refuses; with SWC it runs the sources and says so.
      expect(await launch()).toMatchObject({
        code: 78,
        stdout: '',
        stderr: 'svc: dist/ is older than app/main.ts: run npm run build\n',
      });
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });

  it('prints its version', async () => {
    const { stdout } = await run(process.execPath, [...SVC, 'version'], { env: env(dataDir), cwd: root });
    expect(stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  });

  it('migrates the embedded database in the data folder (taking over a stale lock of a process that is gone), then reports it up to date (text or --json)', async () => {
    writeFileSync(join(dataDir, 'svc.lock'), '2147483646\n');
    // Default log level: stdout carries the result line only, never log lines.
    const first = await run(process.execPath, [...SVC, 'migrate'], { env: env(dataDir), cwd: root });
    expect(first.stdout).toMatch(/^applied \d+ migration\(s\): \d+_init[^\n]*\n$/);
    expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'svc.lock'))).toBe(false);
    const second = await run(process.execPath, [...SVC, 'migrate', '--json'], {
      env: env(dataDir, { SVC_LOG_LEVEL: 'debug' }),
      cwd: root,
    });
    expect(
      second.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([{ ok: true, applied: [] }]);
  });

  it('--json: results and failures are one JSON object each, with the same exit statuses', async () => {
    const version = await run(process.execPath, [...SVC, '--json', 'version'], { env: env(dataDir), cwd: root });
    expect(JSON.parse(version.stdout)).toEqual({
      ok: true,
      version: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version,
    });
    // A bad setting aborts start naming its key (the message is the text form's line).
    const failures: Array<[string[], Record<string, string>, number, string, string | RegExp]> = [
      [['migrate', '--bogus', '--json'], {}, 2, 'usage', 'migrate: unknown argument --bogus'],
      [
        ['--json', 'serve'],
        { SVC_SERVER_PORT: 'eighty' },
        78,
        'configuration',
        /^configuration error: server\.port: expected an integer/,
      ],
      [
        ['serve', '--json'],
        { SVC_MEDIA_STORAGE: 's3' },
        78,
        'configuration',
        'configuration error: media.s3.bucket: required when media.storage is s3',
      ],
      [['admin', 'create', '--email', 'not-an-email', '--json'], {}, 1, 'command', /./],
    ];
    for (const [args, extra, code, kind, message] of failures) {
      const failed = (await run(process.execPath, [...SVC, ...args], { env: env(dataDir, extra), cwd: root }).catch(
        (err: { code: number; stdout: string; stderr: string }) => err,
      )) as { code: number; stdout: string; stderr: string };
      expect(failed.code).toBe(code);
      expect(failed.stdout).toBe('');
      const lines = failed.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toEqual({
        ok: false,
        error: { kind, message: typeof message === 'string' ? message : expect.stringMatching(message) },
      });
    }
  });

  it('runs a plugin command: svc payprov reconcile prints its summary as JSON on stdout', async () => {
    const fake = await FakeProvider.start();
    try {
      const { stdout } = await run(process.execPath, [...SVC, 'payprov', 'reconcile'], {
        env: env(dataDir, {
          SVC_PLUGINS_PAYPROV_SECRET_KEY: 'sk_test_cli',
          SVC_PLUGINS_PAYPROV_PUBLISHABLE_KEY: 'pk_test_cli',
          SVC_PLUGINS_PAYPROV_WEBHOOK_SECRET: 'whsec_cli',
          SVC_PLUGINS_PAYPROV_API_BASE: fake.url,
        }),
        cwd: root,
      });
      expect(JSON.parse(stdout)).toEqual({
        settledOrders: 0,
        checkedPayments: 0,
        reversed: 0,
        replayedEvents: 0,
        prunedEvents: 0,
        errors: 0,
      });
      const unknown = await run(process.execPath, [...SVC, 'payprov', 'reconcile'], {
        env: env(dataDir, { SVC_LOG_LEVEL: 'silent' }),
        cwd: root,
      }).catch((err: { code: number; stderr: string }) => err);
      expect(unknown).toMatchObject({
        code: 78,
        stderr: expect.stringContaining('no command "reconcile" for plugin payprov'),
      });
    } finally {
      await fake.close();
    }
  });

  it('serves, logs JSON lines with the request id, and shuts down gracefully on SIGTERM', async () => {
    // NODE_ENV=production as deployments set it: libraries change behaviour on it (Apollo installs its own
    // SIGTERM handler outside test, which once raced the service's shutdown and killed it by signal).
    // The conventional PORT variable is honoured (platforms that assign the port set it).
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, [...SVC, 'serve'], {
      env: env(dataDir, { PORT: String(port), SVC_SERVER_HOST: '127.0.0.1', NODE_ENV: 'production' }),
      cwd: root,
    });
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
      expect(listening.port).toBe(port);
      // One process owns the embedded data directory: a second one refuses in one line, not a second copy.
      expect(readFileSync(join(dataDir, 'svc.lock'), 'utf8').trim()).toBe(String(child.pid));
      const second = await run(process.execPath, [...SVC, 'migrate'], { env: env(dataDir), cwd: root }).catch(
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
      expect(second).toMatchObject({ code: 78, stdout: '' });
      expect((second as { stderr: string }).stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^configuration error: the data directory .* is in use by process \d+ \(a running svc server\?\)/,
        ),
      ]);
      // `npm start` on an empty embedded database loads the demo shop.
      expect(lines.some((l) => l.msg === 'empty database: demo shop loaded')).toBe(true);
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
      expect(existsSync(join(dataDir, 'svc.lock'))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

/** Cheap password hashing for the child processes; the log stays quiet unless a test asks for it. */
const adminEnv = (dataDir: string, extra: Record<string, string> = {}) =>
  env(dataDir, {
    SVC_LOG_LEVEL: 'silent',
    SVC_AUTH_ARGON2_MEMORY_KIB: '1024',
    SVC_AUTH_ARGON2_ITERATIONS: '1',
    ...extra,
  });

// In this file, not its own: the CLI tests spawn and compile the service several times, and two such files
// running side by side on two cores starve each other.
/** Runs `svc …` with `input` piped to stdin (the password), collecting output and exit code. */
function svc(
  args: string[],
  input: string,
  e: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
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
  // The data folder the tests above migrated and served (its demo accounts do not clash with these).

  it('creates a super_admin from a piped password, refuses a duplicate, and both accounts log in', async () => {
    const created = await svc(
      ['admin', 'create', '--email', 'Root@Example.com'],
      'first password\n',
      adminEnv(dataDir),
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^created super_admin root@example\.com \([0-9a-f-]{36}\)/);
    const again = await svc(['admin', 'create', '--email', 'root@example.com'], 'first password\n', adminEnv(dataDir));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/admin create: email: email is already used/);
    const short = await svc(['admin', 'create', '--email', 'x@example.com'], 'short\n', adminEnv(dataDir));
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/password: min_length/);

    const child: ChildProcess = spawn(process.execPath, [...SVC, 'serve'], {
      env: adminEnv(dataDir, {
        SVC_SERVER_PORT: '0',
        SVC_SERVER_HOST: '127.0.0.1',
        SVC_LOG_LEVEL: 'info',
        SVC_BOOTSTRAP_ADMIN_EMAIL: 'boot@example.com',
        SVC_BOOTSTRAP_ADMIN_PASSWORD: 'bootstrap password',
      }),
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
        fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
      expect((await login('root@example.com', 'first password')).status).toBe(200);
      const boot = await login('boot@example.com', 'bootstrap password');
      expect(boot.status).toBe(200);
      const { data } = (await boot.json()) as { data: { access_token: string } };
      expect(JSON.parse(Buffer.from(data.access_token.split('.')[1], 'base64url').toString()).role).toBe('super_admin');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });
});
