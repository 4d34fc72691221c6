import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ConfigError } from '../config/load';

/** Whether a process with this pid is running (a signal-0 probe; EPERM means it exists under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes this process the only one using an embedded data directory: `<dir>/svc.lock` holds the owner's pid.
 * A lock whose process is gone (a crash, kill -9) is stale and taken over. Two processes opening one embedded
 * database would each keep their own copy in memory and overwrite each other's writes, so the second one
 * refuses with one line instead. Returns the release function (also run when the process exits).
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'svc.lock');
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw err;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (owner === process.pid) return () => undefined;
      if (owner > 0 && isRunning(owner))
        throw new ConfigError(
          `the data directory ${dir} is in use by process ${owner} (a running svc server?): stop it first, ` +
            'or point every process at one PostgreSQL (database.url)',
        );
      // Stale: the owner is gone. Remove it and try to take the lock (another process may win that race).
      try {
        unlinkSync(file);
      } catch {
        // someone else removed it first
      }
    }
  }
  const release = () => {
    try {
      if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.once('exit', release);
  return release;
}
