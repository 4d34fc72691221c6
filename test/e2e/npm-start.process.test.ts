/**
 * `npm start` is what containers run, and a container runtime stops it with SIGTERM to npm (PID 1). The signal
 * must reach the server, which then stops gracefully: the port closes, the whole process tree exits, and the
 * log says so. (The script used to run `sh -c "… node …"`: npm passed the signal to sh, sh died, and the server
 * kept running as an orphan.) Ctrl-C in a terminal signals the whole process group, so the server sees SIGINT
 * twice (the terminal's and npm's): it must still shut down gracefully, not die on the second one.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';

import { packageRoot } from '../../src/platform/paths';
import { freePort } from '../harness/free-port';
import { scratchDir } from '../harness/scratch-dir';

const root = packageRoot();
const dataDir = scratchDir('svc-npm-start');

/** Whether something accepts TCP connections on `port`. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(!!socket.destroy()));
    socket.once('error', () => resolve(false));
  });

/** Every process whose ancestor is `pid` (from ps), the server among them. */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of table)
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts `npm start` in its own process group (as a terminal or a container would), on `port`. */
async function npmStart(port: number) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('SVC_') && k !== 'DATABASE_URL' && k !== 'NODE_OPTIONS'),
  );
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: {
      ...clean,
      SVC_DATA_DIR: dataDir,
      SVC_SERVER_PORT: String(port),
      SVC_SERVER_HOST: '127.0.0.1',
      SVC_AUTH_ARGON2_MEMORY_KIB: '1024',
      SVC_AUTH_ARGON2_ITERATIONS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part) as Record<string, unknown>);
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': it comes once the output pipe has closed too (the server holds it), so every line the
  // server wrote before exiting, its last ("svc stopped") included, has been read. Under load 'exit' came first.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  await waitUntil(() => lines.some((l) => l.msg === 'svc listening'), 90_000, 'npm start listening');
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
  expect(res.status).toBe(200);
  const tree = descendants(child.pid!);
  expect(tree.length).toBeGreaterThan(0);
  return { child, lines, exited, tree, stderr: () => stderr };
}

/** Kills what is left of a failed run (its own process group only). */
function cleanup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

describe('npm start', () => {
  it('SIGTERM to the npm process stops the server gracefully: port closed, process tree gone', async () => {
    const port = await freePort();
    const { child, lines, exited, tree, stderr } = await npmStart(port);
    try {
      // The first start seeded the demo shop in a child process (cli/first-start.ts), gone before it listened.
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'empty database: demo shop loaded', products: 4 }));
      expect(stderr()).toMatch(/demo admin account: admin@example\.com \/ \S{16} \(shown once; change it\)/);
      const sent = Date.now();
      process.kill(child.pid!, 'SIGTERM');
      await waitUntil(async () => !(await listening(port)), 5_000, 'port closed');
      expect(await exited).toBe(0);
      await waitUntil(() => tree.every((pid) => !alive(pid)), 5_000, 'process tree exited');
      expect(Date.now() - sent).toBeLessThan(8_000);
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'shutting down', signal: 'SIGTERM' }));
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'svc stopped' }));
    } finally {
      cleanup(child);
    }
  }, 150_000);

  it('Ctrl-C (SIGINT to the process group) stops it gracefully too, once', async () => {
    const port = await freePort();
    const { child, lines, exited, tree } = await npmStart(port);
    try {
      process.kill(-child.pid!, 'SIGINT');
      await waitUntil(async () => !(await listening(port)), 5_000, 'port closed');
      await exited;
      await waitUntil(() => tree.every((pid) => !alive(pid)), 5_000, 'process tree exited');
      expect(lines.filter((l) => l.msg === 'shutting down')).toEqual([expect.objectContaining({ signal: 'SIGINT' })]);
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'svc stopped' }));
    } finally {
      cleanup(child);
    }
  }, 150_000);
});
