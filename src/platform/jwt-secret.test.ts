import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { scratchDir } from '../../test/harness/scratch-dir';
import { resolveJwtSecret } from './jwt-secret';
import { createLogger } from './logger';

const log = createLogger('silent');
const warn = jest.spyOn(log, 'warn');
const scratch = scratchDir('svc-secret');
const dataDir = () => mkdtempSync(join(scratch, 'data-'));

describe('resolveJwtSecret', () => {
  beforeEach(() => warn.mockClear());

  it('aborts on the well-known default and on secrets under 32 bytes', () => {
    expect(() => resolveJwtSecret('change-me-in-production', { embedded: true, dataDir: dataDir(), log })).toThrow(
      /auth\.jwt_secret: the well-known default/,
    );
    expect(() => resolveJwtSecret('x'.repeat(31), { embedded: true, dataDir: dataDir(), log })).toThrow(
      /at least 32 bytes/,
    );
  });

  it('warns for 32 to 63 bytes and is silent from 64', () => {
    resolveJwtSecret('x'.repeat(32), { embedded: false, dataDir: dataDir(), log });
    expect(warn).toHaveBeenCalledTimes(1);
    resolveJwtSecret('x'.repeat(64), { embedded: false, dataDir: dataDir(), log });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('generates and keeps a 64-byte secret on the embedded default; a real database requires one', () => {
    const dir = dataDir();
    const first = resolveJwtSecret('', { embedded: true, dataDir: dir, log });
    const second = resolveJwtSecret('', { embedded: true, dataDir: dir, log });
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toHaveLength(128);
    expect(warn).not.toHaveBeenCalled();
    expect(() => resolveJwtSecret('', { embedded: false, dataDir: dir, log })).toThrow(/auth\.jwt_secret: required/);
  });
});
