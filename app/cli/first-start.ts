import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { Config } from '../../src/platform/config/keys';
import type { Logger } from '../../src/platform/logger';

/**
 * The first start of an embedded database (no `<data_dir>/db` yet) loads the demo shop in a child process, `svc
 * seed --demo --json`, before this process opens the database. What a seed leaves resident stays with the child
 * and goes when it exits: the WebAssembly pages PostgreSQL touched, which never shrink, and the allocator's
 * fragments (~16 MiB). So a first `npm start` holds what a restart holds (issue 28: ≤ 220 MB after boot).
 * The accounts go to the terminal once (the child's stderr is this one's), the summary becomes this process's
 * log line. A database that exists but holds no catalog is still seeded in process (`seedDemoOnEmpty`).
 * Answers the child's failing exit status (its reason is already on stderr), or 0.
 */
export async function seedFirstStart(config: Config, log: Logger, configFile?: string): Promise<number> {
  if (config['database.url'] || existsSync(join(config.data_dir, 'db'))) return 0;
  const args = [...process.execArgv, process.argv[1], 'seed', '--demo', '--json'];
  if (configFile) args.push('--config', configFile);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  // A stop requested meanwhile (Ctrl-C, a container's SIGTERM) stops the seed too, not only this process.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGTERM', forward).on('SIGINT', forward);
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number>((resolve) => child.on('close', (status) => resolve(status ?? 1)));
  process.off('SIGTERM', forward).off('SIGINT', forward);
  if (code !== 0) return code;
  const { ok: _ok, seeded, ...shop } = JSON.parse(out.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
  if (seeded) log.info(shop, 'empty database: demo shop loaded');
  return 0;
}
