import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Creates the embedded database cluster in `dir` (PostgreSQL's initdb) in a short-lived child process, when
 * `dir` holds none yet. PGlite's initdb grows its WebAssembly memory to about 600 MB, which a WebAssembly
 * instance never gives back: run in the service's own process it left a first start at 400–600 MB of resident
 * memory for the rest of its life. The child exits and returns all of it; the service then opens the cluster
 * as on any later start. The child loads PGlite from wherever this process resolves it, so it works from the
 * sources and from the build alike.
 */
export async function initEmbeddedCluster(dir: string, startParams: string[]): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const script = `
    const { PGlite } = require(${JSON.stringify(require.resolve('@electric-sql/pglite'))});
    const [dir, params] = [process.argv[1], JSON.parse(process.argv[2])];
    PGlite.create(dir, { startParams: params }).then((db) => db.close()).catch((err) => {
      process.stderr.write(String(err && err.stack || err));
      process.exit(1);
    });`;
  try {
    await promisify(execFile)(process.execPath, ['-e', script, dir, JSON.stringify(startParams)], {
      maxBuffer: 1024 * 1024,
    });
  } catch (err) {
    const detail = (err as { stderr?: string }).stderr?.trim() || (err as Error).message;
    throw new Error(`could not create the embedded database in ${dir}: ${detail}`, { cause: err });
  }
}
