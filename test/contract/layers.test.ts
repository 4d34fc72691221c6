/**
 * The layer contract (.dependency-cruiser.cjs) holds for the code, and each of its rules fires on a violation:
 * a scratch tree with the project's layout, one offending import per rule, is checked with the same config.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(__dirname, '..', '..');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/**
 * The report goes to a file, not through a pipe: `execFileSync` buffers stdout (1 MiB by default) and the whole
 * tree's report is already close to that, so a growing tree would break the check instead of the code.
 */
function cruise(cwd: string, paths: string[]): Violation[] {
  const reportDir = mkdtempSync(join(tmpdir(), 'depcruise-'));
  const report = join(reportDir, 'report.json');
  const args = [...paths, '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'];
  try {
    execFileSync(depcruise, [...args, '--output-to', report], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch {
    // depcruise exits non-zero when it finds violations; the report is written all the same.
  }
  try {
    return (JSON.parse(readFileSync(report, 'utf8')) as { summary: { violations: Violation[] } }).summary.violations;
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

/** file → the relative imports it makes; every imported file is created empty. */
const SCRATCH: Record<string, string[]> = {
  'src/shared/pure.ts': ['../platform/infra'],
  'src/platform/infra.ts': ['../context/ctx'],
  'src/context/ctx.ts': ['../domains/catalog/index'],
  'src/context/fine.ts': ['../shared/ok', '../platform/ok'],
  'src/auth/rules.ts': ['../http/middleware'],
  'src/domains/catalog/index.ts': ['./product.service'],
  'src/domains/catalog/product.service.ts': [
    '../../graphql/server',
    '../inventory/stock-ledger',
    '../orders/index',
    '../../../app/runtime',
  ],
  'src/domains/catalog/fine.ts': ['../inventory/index', './product.service', '../../auth/ok', '../../context/fine'],
  'src/http/middleware.ts': ['../domains/catalog/index'],
  'rest/routes/orders.routes.ts': ['../../src/domains/catalog/index', '../../app/runtime', '../../src/routing/route'],
  'src/routing/run.ts': ['../mcp/server', './compile', '../graphql/ok', '../auth/ok'],
  'src/mcp/server.ts': ['../../rest/routes/orders.routes', '../routing/run', '../plugin-api/index'],
  'src/plugin-api/host.ts': ['../domains/catalog/product.service', '../routing/run', '../domains/catalog/index'],
  'plugins/automation/index.ts': [
    '../../src/shared/pure',
    '../payprov/index',
    '../../app/plugins',
    '../../src/plugin-api/index',
    './relay',
  ],
  'app/main.ts': ['./runtime', '../rest/routes/orders.routes', '../plugins/automation/index', '../src/mcp/server'],
  'src/shared/a.ts': ['./b'],
  'src/shared/b.ts': ['./a'],
  'admin/src/screen.ts': ['../../src/shared/pure', './ok'],
};

const EXPECTED: Array<[rule: string, from: string, to: string]> = [
  ['shared-is-pure', 'src/shared/pure.ts', 'src/platform/infra.ts'],
  ['platform-below-context', 'src/platform/infra.ts', 'src/context/ctx.ts'],
  ['context-below-domains', 'src/context/ctx.ts', 'src/domains/catalog/index.ts'],
  ['auth-below-adapters', 'src/auth/rules.ts', 'src/http/middleware.ts'],
  ['domains-below-adapters', 'src/domains/catalog/product.service.ts', 'src/graphql/server.ts'],
  ['domains-through-facades', 'src/domains/catalog/product.service.ts', 'src/domains/inventory/stock-ledger.ts'],
  ['nothing-depends-on-orders', 'src/domains/catalog/product.service.ts', 'src/domains/orders/index.ts'],
  ['root-on-top', 'src/domains/catalog/product.service.ts', 'app/runtime.ts'],
  ['src-below-rest-plugins-and-root', 'src/domains/catalog/product.service.ts', 'app/runtime.ts'],
  ['root-on-top', 'rest/routes/orders.routes.ts', 'app/runtime.ts'],
  ['root-on-top', 'plugins/automation/index.ts', 'app/plugins.ts'],
  ['routing-below-its-users', 'src/routing/run.ts', 'src/mcp/server.ts'],
  ['src-below-rest-plugins-and-root', 'src/mcp/server.ts', 'rest/routes/orders.routes.ts'],
  ['mcp-adapter', 'src/mcp/server.ts', 'rest/routes/orders.routes.ts'],
  ['base-adapters', 'src/http/middleware.ts', 'src/domains/catalog/index.ts'],
  ['rest-adapter', 'rest/routes/orders.routes.ts', 'src/domains/catalog/index.ts'],
  ['rest-adapter', 'rest/routes/orders.routes.ts', 'app/runtime.ts'],
  ['outside-code-through-facades', 'src/plugin-api/host.ts', 'src/domains/catalog/product.service.ts'],
  ['plugin-api', 'src/plugin-api/host.ts', 'src/domains/catalog/product.service.ts'],
  ['plugins-see-the-plugin-api', 'plugins/automation/index.ts', 'src/shared/pure.ts'],
  ['plugins-see-the-plugin-api', 'plugins/automation/index.ts', 'plugins/payprov/index.ts'],
  ['plugins-see-the-plugin-api', 'plugins/automation/index.ts', 'app/plugins.ts'],
  ['no-cycles', 'src/shared/a.ts', 'src/shared/b.ts'],
  ['admin-is-a-client', 'admin/src/screen.ts', 'src/shared/pure.ts'],
];

describe('layer rules', () => {
  it('the code follows them', () => {
    const violations = cruise(root, ['src', 'rest', 'plugins', 'app', 'scripts', 'test', 'admin/src']);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });

  it('each rule fires on a violation, and allowed imports pass', () => {
    const dir = mkdtempSync(join(tmpdir(), 'layers-'));
    try {
      const files = new Set(Object.keys(SCRATCH));
      for (const [file, imports] of Object.entries(SCRATCH))
        for (const i of imports) files.add(join(dirname(file), i) + '.ts');
      for (const file of files) {
        mkdirSync(join(dir, dirname(file)), { recursive: true });
        const body = (SCRATCH[file] ?? []).map((i, n) => `import * as m${n} from '${i}';\nvoid m${n};`).join('\n');
        writeFileSync(join(dir, file), `${body}\nexport const x = 1;\n`);
      }
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { module: 'commonjs', strict: true } }),
      );
      const found = cruise(dir, ['src', 'rest', 'plugins', 'app', 'admin']).map((v) => [v.rule.name, v.from, v.to]);
      for (const expected of EXPECTED) expect(found).toContainEqual(expected);
      // Nothing else: the allowed imports of the scratch tree (facades, lower layers, own files) pass.
      const unexpected = found.filter(
        ([rule, from]) => !EXPECTED.some(([r, f]) => r === rule && f === from) && rule !== 'no-cycles',
      );
      expect(unexpected).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
