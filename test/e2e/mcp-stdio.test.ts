import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { packageRoot } from '../../src/platform/paths';
import { TEST_JWT_SECRET, type TestServer, startTestServer } from '../harness/server';
import { callJson } from '../harness/mcp-client';

const root = packageRoot();
const SVC = ['-r', '@swc-node/register', join(root, 'src/main.ts')];
const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;

let t: TestServer;
const dataDir = mkdtempSync(join(tmpdir(), 'svc-mcp-'));
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The child's environment: this test's PostgreSQL database when there is one, else its own embedded one. */
function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k, v]) => v !== undefined && !k.startsWith('SVC_') && k !== 'NODE_OPTIONS',
    ) as Array<[string, string]>,
  );
  const database: Record<string, string> = onPostgres
    ? { SVC_DATABASE_URL: t.databaseUrl!, SVC_DATABASE_TLS: 'disable', SVC_AUTH_JWT_SECRET: TEST_JWT_SECRET }
    : {};
  return { ...clean, SVC_DATA_DIR: dataDir, SVC_LOG_LEVEL: 'info', ...database, ...extra };
}

async function connectStdio(args: string[], env: Record<string, string>) {
  const client = new Client({ name: 'svc-tests', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...SVC, ...args],
    env,
    cwd: root,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await client.connect(transport);
  } catch (err) {
    throw new Error(`${(err as Error).message}; the server said: ${stderr.slice(-2000)}`, { cause: err });
  }
  return client;
}

describe('svc mcp over stdio', () => {
  it('refuses to start the admin server without a staff API key, in one line', async () => {
    const failed = await promisify(execFile)(process.execPath, [...SVC, 'mcp', 'admin'], {
      env: childEnv(),
      cwd: root,
    }).catch((err: { code: number; stdout: string; stderr: string }) => err);
    expect(failed).toMatchObject({ code: 78, stdout: '' });
    expect((failed as { stderr: string }).stderr.trim()).toBe(
      'configuration error: mcp admin: a staff API key is required (SVC_MCP_API_KEY or --api-key)',
    );
    const bogus = await promisify(execFile)(process.execPath, [...SVC, 'mcp', 'store', '--bogus'], {
      env: childEnv(),
      cwd: root,
    }).catch((err: { code: number; stderr: string }) => err);
    expect(bogus).toMatchObject({ code: 78, stderr: expect.stringContaining('unknown argument --bogus') });
  }, 60_000);

  it('serves the store tools; stdout carries only JSON-RPC while logs go to stderr', async () => {
    const client = await connectStdio(['mcp', 'store'], childEnv());
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toEqual(expect.arrayContaining(['store_list_products', 'store_checkout']));
    const categories = await callJson(client, 'store_list_categories');
    expect(categories.isError).toBe(false);
    await client.close();
  }, 90_000);

  (onPostgres ? it : it.skip)(
    'serves the admin tools to a staff API key, checked by its permissions',
    async () => {
      const key = await t
        .asAdmin()
        .post('/api/v1/admin/api-keys', { name: 'mcp stdio', permissions: ['products.read'] });
      expect(key.status).toBe(201);
      const client = await connectStdio(
        ['mcp', 'admin', '--toolsets', 'catalog'],
        childEnv({ SVC_MCP_API_KEY: key.body.data.key }),
      );
      const list = await callJson(client, 'admin_list_products', { limit: 1 });
      expect(list.isError).toBe(false);
      const denied = await callJson(client, 'admin_create_tag', { name: 'x', slug: 'x' });
      expect(denied).toMatchObject({ isError: true, body: { error: { code: 'forbidden' } } });
      await client.close();
    },
    90_000,
  );
});
