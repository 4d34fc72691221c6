import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import { ConfigError } from './config/load';

/**
 * Creates `dir` (and missing parents) one level at a time and checks it is a writable folder, or throws a
 * ConfigError naming `key` and the reason. Not `mkdirSync(…, { recursive: true })`: Node's recursive mkdir never
 * returns for some paths (under `/proc`), and a start-up that hangs without a word is worse than one that fails.
 */
export function ensureWritableDir(dir: string, key: string): void {
  const target = resolve(dir);
  const missing: string[] = [];
  let at = target;
  for (;;) {
    try {
      if (!statSync(at).isDirectory()) throw fail(key, target, `${at} is not a folder`);
      break;
    } catch (err) {
      if (err instanceof ConfigError) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw fail(key, target, code ?? String(err));
      missing.unshift(at);
      const parent = dirname(at);
      if (parent === at) throw fail(key, target, 'no existing parent folder');
      at = parent;
    }
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw fail(key, target, `cannot create ${folder} (${code})`);
    }
  }
  try {
    accessSync(target, constants.W_OK);
  } catch (err) {
    throw fail(key, target, `not writable (${(err as NodeJS.ErrnoException).code})`);
  }
}

const fail = (key: string, dir: string, why: string) =>
  new ConfigError(`${key}: ${dir} can't be used (${why}); choose a writable folder`);
