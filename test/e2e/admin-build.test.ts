import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `svc serve` builds the admin dashboard when its build is missing or stale (scripts/admin-build.js), and a build
 * that cannot run never fails the start: it says why once and the service goes on. Each case is a scratch admin
 * folder; the failing build runs the real Vite (inside the repository, where it resolves).
 */
const { ensureAdminBuilt } = require('../../scripts/admin-build.js') as {
  ensureAdminBuilt(dir: string, say: (line: string) => void): 'current' | 'built' | 'skipped' | 'failed';
};

const root = join(__dirname, '..', '..');
const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function adminFolder(parent: string, files: Record<string, string>): string {
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'admin-build-'));
  scratch.push(dir);
  for (const [name, text] of Object.entries({ 'package.json': '{"private":true,"type":"module"}', ...files })) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const said = () => {
  const lines: string[] = [];
  return { lines, say: (line: string) => void lines.push(line) };
};

describe('npm start builds the admin only when needed, and never fails over it', () => {
  it('leaves a build newer than every source alone', () => {
    const dir = adminFolder(tmpdir(), { 'src/main.ts': 'export {};', 'dist/index.html': '<!doctype html>' });
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'src', 'main.ts'), past, past);
    const out = said();
    expect(ensureAdminBuilt(dir, out.say)).toBe('current');
    expect(out.lines).toEqual([]);
  });

  it('without Vite, says so once and goes on', () => {
    const dir = adminFolder(tmpdir(), { 'src/main.ts': 'export {};' });
    const out = said();
    expect(ensureAdminBuilt(dir, out.say)).toBe('skipped');
    expect(out.lines).toEqual([expect.stringMatching(/not built and Vite is not installed: serving without \/admin/)]);
  });

  it('a build that fails is reported with its reason, not thrown', () => {
    const dir = adminFolder(join(root, '.test-cache'), {
      'index.html': '<!doctype html><script type="module" src="/src/main.ts"></script>',
      'src/main.ts': 'export const broken = ;',
    });
    const out = said();
    expect(ensureAdminBuilt(dir, out.say)).toBe('failed');
    expect(out.lines[0]).toMatch(/building the admin dashboard/);
    expect(out.lines[1]).toMatch(/could not be built; serving without \/admin\n.+/);
  }, 120_000);

  it('admin.enabled=false in the environment skips the build silently', () => {
    const dir = adminFolder(tmpdir(), { 'src/main.ts': 'export {};' });
    const out = said();
    process.env.SVC_ADMIN_ENABLED = 'false';
    try {
      expect(ensureAdminBuilt(dir, out.say)).toBe('skipped');
    } finally {
      delete process.env.SVC_ADMIN_ENABLED;
    }
    expect(out.lines).toEqual([]);
  });
});
