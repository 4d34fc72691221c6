/** Child processes of the benchmark: the server (compiled, as `npm start` runs it), the floor, the CLI. */
import { type ChildProcess, execFile, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const ROOT = join(__dirname, '..', '..');
/** The production build (`npm run bench` builds it first), started by the `svc` binary as `npm start` does. */
export const SERVER = 'scripts/svc.js';

/**
 * The Node flags (heap limits, V8 worker threads) and environment (glibc's malloc arenas) of `npm start`, so
 * the benchmark measures the server as it is deployed.
 */
const START_SCRIPT = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
  .scripts.start;
const START_FLAGS = START_SCRIPT.match(/--[\w-]+(?:=\S+)?/g) ?? [];
const START_ENV = Object.fromEntries(
  [...START_SCRIPT.matchAll(/(?:^|\s)([A-Z_]+)=(\S+)/g)].map(([, name, value]) => [name, value]),
);

export interface Proc {
  child: ChildProcess;
  lines: string[];
  /** Highest VmRSS seen by the sampler and VmHWM at the last sample, MiB. */
  memory: { peak: number };
  stopSampling(): void;
}

/**
 * Forks `script` (TypeScript through SWC, JavaScript as is), collecting stdout lines and sampling its RSS;
 * `runtime` is the Node binary to run it on (default: the one running the benchmark) and flags added after the
 * server's own.
 */
export function start(
  script: string,
  args: string[],
  env: Record<string, string>,
  runtime?: { path: string; flags?: string[] },
): Proc {
  const lines: string[] = [];
  const child = fork(join(ROOT, script), args, {
    ...(runtime ? { execPath: runtime.path } : {}),
    cwd: ROOT,
    env: { ...process.env, ...(script === SERVER ? START_ENV : {}), ...env },
    execArgv: [
      ...(script.endsWith('.ts') ? ['-r', '@swc-node/register'] : []),
      ...(script === SERVER ? START_FLAGS : []),
      ...(runtime?.flags ?? []),
      // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each server process (see profile-summary.ts).
      ...(process.env.BENCH_CPU_PROF && script === SERVER
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const memory = { peak: 0 };
  const timer = setInterval(() => {
    const m = memoryOf(child.pid);
    if (m) memory.peak = Math.max(memory.peak, m.peak, m.rss);
  }, 100);
  child.once('exit', () => clearInterval(timer));
  return { child, lines, memory, stopSampling: () => clearInterval(timer) };
}

export async function waitReady(url: string, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return Date.now() - started;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not ready: ${url}`);
}

export async function stop(proc: Proc): Promise<void> {
  proc.stopSampling();
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((r) => proc.child.once('exit', r));
  proc.child.kill('SIGTERM');
  await exited;
}

/** VmRSS (now) and VmHWM (the kernel's high-water mark) of a process, MiB; null once it is gone. */
export function memoryOf(pid: number | undefined): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const run = promisify(execFile);

/** Runs the compiled CLI (`svc <args>`) to completion; returns its stdout and how long it took. */
export async function cli(args: string[], env: Record<string, string>): Promise<{ stdout: string; ms: number }> {
  const started = Date.now();
  const { stdout } = await run(process.execPath, [join(ROOT, SERVER), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 1 << 24,
  });
  return { stdout, ms: Date.now() - started };
}
