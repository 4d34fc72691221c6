import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh folder under the system's temporary folder for one test file, removed after its last test (a test
 * file that made its own with mkdtempSync left one behind on every run). Call it at the top level or in a
 * describe that runs: a skipped describe's body still runs, but its afterAll does not.
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
