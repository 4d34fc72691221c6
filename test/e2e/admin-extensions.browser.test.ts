import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { definePlugin } from '../../src/plugin-api';
import { createAdmin, createCustomer } from '../fixtures/accounts';
import { createShop, stockedProduct } from '../fixtures/shop';
import { audit, heading, nav, useAdminBrowser } from '../harness/admin-browser';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * Plugins' admin UI extensions in Chromium, in every slot the admin has: the home screen, product detail, customer
 * detail, and a navigation entry that opens the plugin's own page (order detail is payprov's, in
 * admin-sales.browser.test.ts). A test plugin serves one plain script from its assets; the admin loads it at run
 * time with its SRI hash and the page's nonce (no CSP violation), mounts each element with the entity's id and
 * `gql`, and each element proves both arrived by showing the id and the signed-in staff member's email as the API
 * told it. Nothing was rebuilt: the plugin exists only in this test.
 */

const ASSETS = join(__dirname, '..', 'fixtures', 'plugins', 'assets');
const integrity = `sha384-${createHash('sha384')
  .update(readFileSync(join(ASSETS, 'reports.js')))
  .digest('base64')}`;
const component = (tagName: string) => ({
  tagName,
  scriptUrl: '/plugins/reports/assets/reports.js',
  integrity,
  origins: [] as string[],
});

const reportsPlugin = definePlugin({
  name: 'reports',
  version: '1.0.0',
  description: 'Admin extensions in the home, product, customer and navigation slots (test plugin).',
  configSchema: {},
  uiExtensions: [
    { id: 'sales', slot: 'admin:nav', type: 'component', label: 'Reports', component: component('reports-page') },
    { id: 'home', slot: 'admin:home', type: 'component', label: 'Sales report', component: component('reports-home') },
    {
      id: 'product',
      slot: 'admin:product:detail',
      type: 'component',
      label: 'Product report',
      component: component('reports-product'),
    },
    {
      id: 'customer',
      slot: 'admin:customer:detail',
      type: 'component',
      label: 'Customer report',
      component: component('reports-customer'),
    },
  ],
  init(ctx) {
    ctx.serveAssets(ASSETS);
  },
});

let t: TestServer;
let staffEmail = '';

const { haveChromium, openSession, closeSession, signIn } = useAdminBrowser(
  "the admin's extension slot browser tests",
  async () => {
    t = await startTestServer({ plugins: { reports: {} } }, { plugins: [reportsPlugin] });
    staffEmail = (await createAdmin(t, { role: 'manager' })).email;
    return t;
  },
);

/** The extension's region (named by its label) once its element has asked the API who is signed in. */
async function extensionSays(page: Page, label: string, text: string) {
  await page.getByRole('region', { name: label }).getByText(text).waitFor();
}

(haveChromium ? describe : describe.skip)('plugin admin extensions in Chromium', () => {
  it('mounts a plugin element in the home, product and customer slots and on its own page from the navigation', async () => {
    const shop = await createShop(t);
    const product = await stockedProduct(t, shop.warehouse.id, 1, { name: 'Report Mug' });
    const customer = await createCustomer(t);
    const s = await openSession();
    const { page } = s;
    await signIn(s, staffEmail);
    await heading(page, 'Home').waitFor();
    await extensionSays(page, 'Sales report', `Home extension for the shop, seen by ${staffEmail}`);
    await audit(s, 'Home with a plugin extension');

    await page.goto(`${t.url}/admin/products/${product.id}`);
    await heading(page, 'Report Mug').waitFor();
    await extensionSays(page, 'Product report', `Product extension for ${product.id}, seen by ${staffEmail}`);
    await audit(s, 'Product detail with a plugin extension');

    await page.goto(`${t.url}/admin/customers/${customer.id}`);
    await extensionSays(page, 'Customer report', `Customer extension for ${customer.id}, seen by ${staffEmail}`);
    await audit(s, 'Customer detail with a plugin extension');

    // The plugin's navigation entry sits beside the core's and opens its page, which holds only its element; the
    // script the page already loaded is not fetched again.
    const fetched = () => s.requests.filter((u) => u.endsWith('/plugins/reports/assets/reports.js')).length;
    const before = fetched();
    await nav(page).getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(/\/admin\/plugins\/reports\/sales$/);
    await heading(page, 'Reports').waitFor();
    await page.getByText(`Reports page extension for the shop, seen by ${staffEmail}`).waitFor();
    await audit(s, 'Plugin page');
    expect(fetched()).toBe(before);
    // A deep link reloads to the same page.
    await page.reload();
    await page.getByText(`Reports page extension for the shop, seen by ${staffEmail}`).waitFor();

    // The script came with the declared integrity and the page's nonce.
    const tag = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document;
      const script = d.querySelector('script[src$="/plugins/reports/assets/reports.js"]') as {
        integrity: string;
        nonce: string;
      } | null;
      return script && { integrity: script.integrity, nonce: script.nonce.length > 10 };
    });
    expect(tag).toEqual({ integrity, nonce: true });
    await closeSession(s);
  }, 180_000);
});
