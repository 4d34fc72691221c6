import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { packageRoot } from '../../src/platform/paths';
import { ADDRESS, createShop, stockedProduct } from '../fixtures/shop';
import { callJson } from '../harness/mcp-client';
import { scratchDir } from '../harness/scratch-dir';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../harness/server';

const root = packageRoot();
const SVC = ['-r', '@swc-node/register', join(root, 'app/main.ts')];
const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;

let t: TestServer;
const dataDir = scratchDir('svc-mcp');
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

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

/** Where the child said it logs (its stderr), for tests that read what it reported. */
let childStderr = '';

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
  childStderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    childStderr = stderr;
  });
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

  it('refuses to open a data folder without a database unless told to create one, saying where it looked', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'svc-mcp-empty-'));
    try {
      const env = { ...childEnv({ SVC_DATA_DIR: empty }) };
      delete env.SVC_DATABASE_URL;
      const failed = await promisify(execFile)(process.execPath, [...SVC, 'mcp', 'store'], { env, cwd: root }).catch(
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
      expect(failed).toMatchObject({ code: 78, stdout: '' });
      const said = (failed as { stderr: string }).stderr;
      expect(said).toContain(`no embedded database in ${join(empty, 'db')}`);
      expect(said).toContain('--create');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);

  it('serves the store tools; stdout carries only JSON-RPC while logs go to stderr', async () => {
    // The embedded run starts a new shop in its data folder, which it must be told to create.
    const client = await connectStdio(['mcp', 'store', ...(onPostgres ? [] : ['--create'])], childEnv());
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toEqual(
      expect.arrayContaining(['store_list_products', 'store_checkout', 'store_login', 'store_register']),
    );
    const categories = await callJson(client, 'store_list_categories');
    expect(categories.isError).toBe(false);
    // The one line saying which shop this is: the data folder and the database.
    expect(childStderr).toContain(`"data_dir":"${dataDir}"`);
    expect(childStderr).toMatch(onPostgres ? /"database":"postgresql:/ : /"database":"[^"]+\/db"/);
    await client.close();
  }, 90_000);

  it('lets an agent buy alone: search, cart, quote, checkout, read the order; store_login signs the session in', async () => {
    let search: string;
    if (onPostgres) {
      // The child shares this test's database: a shop made here.
      const shop = await createShop(t);
      search = `stdio${Date.now()}`;
      await stockedProduct(t, shop.warehouse.id, 3, {
        name: `Lamp ${search}`,
        priceGross: 2500,
        taxRuleId: shop.tax.id,
      });
    } else {
      // The child's own embedded database (created by the test above): the demo shop.
      await promisify(execFile)(process.execPath, [...SVC, 'seed', '--demo'], { env: childEnv(), cwd: root });
      search = 'mug';
    }
    const client = await connectStdio(['mcp', 'store'], childEnv());
    const found = await callJson(client, 'store_list_products', { search, limit: 1 });
    const product = found.body.items[0];
    const variant = product.variants.find((v: { stock: number }) => v.stock > 0);
    const cart = (await callJson(client, 'store_create_cart', {})).body;
    const cart_token = cart.session_token;
    const added = await callJson(client, 'store_add_to_cart', {
      cart_id: cart.id,
      ...(variant ? { variant_id: variant.id } : { product_id: product.id }),
      quantity: 1,
      cart_token,
    });
    expect(added.isError).toBe(false);
    const shipping = (await callJson(client, 'store_list_shipping_methods')).body[0];
    const payment = (await callJson(client, 'store_list_payment_methods')).body.find(
      (m: { provider: string | null }) => !m.provider,
    );
    const args = { cart_id: cart.id, cart_token, shipping_method_id: shipping.id };
    const quote = await callJson(client, 'store_quote_checkout', args);
    expect(quote.body).toMatchObject({ in_stock: true, shipping_gross: shipping.price_gross });
    const order = await callJson(client, 'store_checkout', {
      ...args,
      payment_method_id: payment.id,
      email: 'stdio-agent@example.com',
      shipping_address: ADDRESS,
    });
    expect(order.isError).toBe(false);
    expect(order.body.total).toBe(quote.body.total);
    const read = await callJson(client, 'store_get_order', {
      order_id: order.body.id,
      guest_token: order.body.guest_token,
    });
    expect(read.body).toMatchObject({ id: order.body.id, total: quote.body.total });

    // Sign in: the tokens stay with the server; later calls act as the customer.
    const email = `stdio-${Date.now()}@example.com`;
    const creds = { email, password: 'a-long-password-1' };
    expect(
      (await callJson(client, 'store_register', { ...creds, first_name: 'Sam', last_name: 'Stdio' })).isError,
    ).toBe(false);
    expect((await callJson(client, 'store_get_account')).body.error.code).toBe('unauthorized');
    const login = await callJson(client, 'store_login', creds);
    expect(login.body).toMatchObject({ signed_in: true, customer: { email } });
    expect(login.text).not.toMatch(/access_token|refresh_token/);
    expect((await callJson(client, 'store_get_account')).body.email).toBe(email);
    // `cookie` is REST's, for browsers (whose answer carries no token): store_login does not offer it.
    expect((await callJson(client, 'store_login', { ...creds, cookie: true })).body.error).toMatchObject({
      code: 'validation_error',
      message: 'unknown argument "cookie"; this tool takes email, password',
    });
    expect((await callJson(client, 'store_login', creds)).body).toMatchObject({ signed_in: true });
    await client.close();
  }, 180_000);

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
