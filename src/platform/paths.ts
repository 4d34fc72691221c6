import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

let root: string | undefined;

/** The folder holding package.json, found from this file (works from src/ under swc and from dist/). */
export function packageRoot(): string {
  if (root) return root;
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + __dirname);
    dir = parent;
  }
  root = dir;
  return dir;
}

/** `prisma/migrations` of this package, wherever the process was started from. */
export function migrationsDir(): string {
  return join(packageRoot(), 'prisma', 'migrations');
}
