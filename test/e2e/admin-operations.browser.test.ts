import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { automationPlugin } from '../../plugins/automation';
import { createAdmin } from '../fixtures/accounts';
import { createProduct } from '../fixtures/catalog';
import { adminBrowser, audit, heading } from '../harness/admin-browser';
import { chromiumAvailable, launchChromium } from '../harness/chromium';
import { type TestServer, startTestServer } from '../harness/server';
import { startReceiver } from '../harness/webhook-receiver';

/**
 * The admin's operations and settings screens in a real Chromium against a real server with the automation
 * plugin (pointed at a receiver that fails until told otherwise): inventory (warehouses, stock, the movement
 * history), API keys (the secret shown once), discounts, shipping methods, the automation delivery log with a
 * replay, and what a manager is not offered. axe-core runs on every screen visited.
 */

const root = join(__dirname, '..', '..');
const { ensureAdminBuilt } = require('../../scripts/admin-build.js') as {
  ensureAdminBuilt(dir: string, say: (line: string) => void): 'current' | 'built' | 'skipped' | 'failed';
};

const haveChromium = chromiumAvailable("the admin dashboard's operations screens");

let t: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let browser: Browser | undefined;
const staff = { owner: '', admin: '', manager: '' };
/** Whether the receiver accepts deliveries (it answers 500 until a test says otherwise). */
let receiverUp = false;
let seq = 0;
const uid = () => `${Date.now().toString(36)}${seq++}`;

beforeAll(async () => {
  const build = ensureAdminBuilt(join(root, 'admin'), (line) => console.warn(line));
  if (build === 'failed' || build === 'skipped') throw new Error(`the admin dashboard could not be built (${build})`);
  receiver = await startReceiver(() => ({ status: receiverUp ? 204 : 500 }));
  t = await startTestServer(
    {
      plugins: {
        automation: {
          webhook_base_url: `${receiver.url}/hooks`,
          secret: 'automation-admin-test-secret-0123',
          max_attempts: 1,
          retry_base_seconds: 1,
          poll_interval_ms: 50,
          timeout_seconds: 2,
          hooks: 'product.after_create',
        },
      },
    },
    { plugins: [automationPlugin] },
  );
  staff.owner = (await createAdmin(t, { role: 'super_admin' })).email;
  staff.admin = (await createAdmin(t, { role: 'admin' })).email;
  staff.manager = (await createAdmin(t, { role: 'manager' })).email;
  if (haveChromium) browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await receiver?.close();
});

const { openSession, closeSession, signIn } = adminBrowser(
  () => t.url,
  () => browser,
);

(haveChromium ? describe : describe.skip)('admin operations screens in Chromium', () => {
  it('creates a warehouse, sets stock, and finds the movement in the filtered history', async () => {
    const productName = `Ops kettle ${uid()}`;
    const product = await createProduct(t.db, { sku: `OPS-${uid()}`, name: productName });
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.admin, '/admin/inventory');
    await heading(page, 'Inventory').waitFor();
    await audit(s, 'Inventory');

    await page.getByRole('link', { name: 'New warehouse' }).click();
    await heading(page, 'New warehouse').waitFor();
    const name = `Depot ${uid()}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Code', { exact: true }).fill(`DEP-${uid()}`);
    await page.getByLabel('Priority').fill('-');
    await page.getByRole('button', { name: 'Save' }).click();
    // The form's own rule, next to the field.
    await page.getByText('A whole number (lower is used first).').waitFor();
    await page.getByLabel('Priority').fill('3');
    await page.getByLabel('City').fill('Bremen');
    await audit(s, 'New warehouse');
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, name).waitFor();
    await page.getByText('No stock in this warehouse yet.').waitFor();
    await audit(s, 'Warehouse');

    const setStock = page.locator('form', { has: page.getByRole('heading', { name: 'Set stock' }) });
    await setStock.getByLabel('Product', { exact: true }).fill(productName);
    await setStock.getByRole('button', { name: new RegExp(`^Choose .*${product.sku}`) }).click();
    await setStock.getByLabel('Quantity').fill('12');
    await setStock.getByLabel('Note').fill('first count');
    await setStock.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`set to 12.`).waitFor();
    const row = page.getByRole('row', { name: new RegExp(product.sku!) });
    await row.getByRole('cell', { name: '12', exact: true }).waitFor();
    await audit(s, 'Warehouse with stock');

    // The movement, found in the history by warehouse, SKU and reason; the filters live in the URL.
    await page.getByRole('link', { name: 'Stock movements of this warehouse' }).click();
    await heading(page, 'Stock movements').waitFor();
    await page.getByLabel('SKU').fill(product.sku!);
    await page.getByLabel('Reason').selectOption('adjustment');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/sku=/);
    expect(new URL(page.url()).searchParams.get('type')).toBe('adjustment');
    const movement = page.getByRole('row', { name: new RegExp(product.sku!) });
    await movement.getByRole('cell', { name: '+12' }).waitFor();
    await movement.getByRole('cell', { name: 'first count' }).waitFor();
    await movement.getByRole('cell', { name: name }).waitFor();
    await page.getByText('1 result · page 1 of 1').waitFor();
    await audit(s, 'Stock movements');
    await page.getByLabel('Reason').selectOption('sale');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No movements match these filters.').waitFor();
    // Reloading keeps the filters.
    await page.reload();
    await page.getByText('No movements match these filters.').waitFor();
    expect(await page.getByLabel('SKU').inputValue()).toBe(product.sku);
    await closeSession(s);
  }, 120_000);
});
