import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from './free-port';
import { createPostgresDatabase, KEEP_ALIVE_SECONDS, TEST_JWT_SECRET } from './server';
import { eventually } from './webhook-receiver';

const root = join(__dirname, '..', '..');

/** The environment of the test runner without anything that configures the service or OpenTelemetry. */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('SVC_') && !k.startsWith('OTEL_') && k !== 'DATABASE_URL' && k !== 'NODE_OPTIONS',
    ),
  );
}

export interface SvcProcess {
  url: string;
  child: ChildProcess;
  /** The JSON log lines the server wrote on stdout so far. */
  lines: Array<Record<string, unknown>>;
  stderr: () => string;
  kind: 'embedded' | 'postgres';
  dataDir: string;
  /** The PostgreSQL database it runs on (undefined on the embedded one). */
  databaseUrl?: string;
  /** Stops the server (SIGTERM, then waits for it to exit) and drops its data. */
  close(): Promise<number | null>;
  /** Kills the server (SIGKILL) and waits for it to be gone; its data stays, for a restart (`sameDataAs`). */
  kill9(): Promise<void>;
  /** Drops the database and the data folder (what `close` does after the process has exited). */
  dropData(): Promise<void>;
}

/**
 * `svc serve` as a separate process, started the way `npm start` starts it (`scripts/svc.js`, which decides
 * whether to preload OpenTelemetry), on a fresh database: a new embedded data folder (the demo shop is loaded at
 * start), or, with `SVC_TEST_DATABASE_URL`, a new PostgreSQL database with the demo shop seeded by `svc seed --demo`.
 * `sameDataAs` restarts on a killed process's data instead (its folder and database, nothing seeded again).
 */
export async function startSvcProcess(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  options: { sameDataAs?: SvcProcess } = {},
): Promise<SvcProcess> {
  const previous = options.sameDataAs;
  const dataDir = previous?.dataDir ?? mkdtempSync(join(tmpdir(), 'svc-proc-'));
  const serverUrl = process.env.SVC_TEST_DATABASE_URL;
  const pg = previous
    ? previous.databaseUrl
      ? { url: previous.databaseUrl, drop: previous.dropData }
      : undefined
    : serverUrl
      ? await createPostgresDatabase(serverUrl)
      : undefined;
  const dropData = async () => {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const port = await freePort();
  const base = {
    ...cleanEnv(),
    SVC_DATA_DIR: dataDir,
    SVC_SERVER_HOST: '127.0.0.1',
    SVC_SERVER_PORT: String(port),
    SVC_AUTH_JWT_SECRET: TEST_JWT_SECRET,
    SVC_SERVER_KEEP_ALIVE_TIMEOUT_SECONDS: String(KEEP_ALIVE_SECONDS),
    SVC_AUTH_ARGON2_MEMORY_KIB: '1024',
    SVC_AUTH_ARGON2_ITERATIONS: '1',
    SVC_ADMIN_ENABLED: 'false',
    ...(pg ? { SVC_DATABASE_URL: pg.url, SVC_DATABASE_TLS: 'disable' } : {}),
  };
  if (pg && !previous) {
    const seeded = spawn(process.execPath, [join(root, 'scripts/svc.js'), 'seed', '--demo'], {
      cwd: root,
      env: cleanEnvWith(base),
      stdio: 'ignore',
    });
    const code = await new Promise<number | null>((resolve) => seeded.on('exit', resolve));
    if (code !== 0) throw new Error(`svc seed --demo exited ${code}`);
  }
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'scripts/svc.js'), 'serve'], {
    cwd: root,
    env: { ...base, ...env },
  });
  const lines: Array<Record<string, unknown>> = [];
  let buffer = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const part of parts)
      if (part.trim().startsWith('{'))
        try {
          lines.push(JSON.parse(part));
        } catch {
          // not a log line
        }
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`svc exited ${child.exitCode}: ${stderr}`);
      return fetch(`${url}/api/v1/health`).then(
        (r) => r.status === 200,
        () => false,
      );
    }, 480_000);
  } catch (err) {
    child.kill('SIGKILL');
    await dropData();
    throw err;
  }
  return {
    url,
    child,
    lines,
    stderr: () => stderr,
    kind: pg ? 'postgres' : 'embedded',
    dataDir,
    databaseUrl: pg ? pg.url : undefined,
    dropData,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      await dropData();
      return code;
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

function cleanEnvWith(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env };
}
