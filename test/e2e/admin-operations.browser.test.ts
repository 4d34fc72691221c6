import { automationPlugin } from '../../plugins/automation';
import { createAdmin } from '../fixtures/accounts';
import { createProduct } from '../fixtures/catalog';
import { audit, heading, useAdminBrowser } from '../harness/admin-browser';
import { startTestServer, type TestServer } from '../harness/server';
import { eventually, startReceiver } from '../harness/webhook-receiver';

/**
 * The admin's operations and settings screens in a real Chromium against a real server with the automation
 * plugin (pointed at a receiver that fails until told otherwise): inventory (warehouses, stock, the movement
 * history), API keys (the secret shown once), discounts, shipping methods, the automation delivery log with a
 * replay, and what a manager is not offered. axe-core runs on every screen visited.
 */

let t: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const staff = { owner: '', admin: '', manager: '' };
/** Whether the receiver accepts deliveries (it answers 500 until a test says otherwise). */
let receiverUp = false;
let seq = 0;
const uid = () => `${Date.now().toString(36)}${seq++}`;

const { haveChromium, openSession, closeSession, signIn } = useAdminBrowser(
  "the admin dashboard's operations screens",
  async () => {
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
    return { url: t.url, close: async () => (await t.close(), await receiver.close()) };
  },
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
    // A new warehouse is offered after the last in deduction order, never silently first (issue 52).
    const highest = await t.db.warehouse.findFirst({ orderBy: { priority: 'desc' } });
    expect(await page.getByLabel('Priority').inputValue()).toBe(String((highest?.priority ?? -1) + 1));
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
    await page.getByLabel('Reason').selectOption({ label: 'Adjustment' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/sku=/);
    expect(new URL(page.url()).searchParams.get('type')).toBe('ADJUSTMENT');
    const movement = page.getByRole('row', { name: new RegExp(product.sku!) });
    await movement.getByRole('cell', { name: '+12' }).waitFor();
    await movement.getByRole('cell', { name: 'first count' }).waitFor();
    await movement.getByRole('cell', { name: name }).waitFor();
    await page.getByText('1 result · page 1 of 1').waitFor();
    await audit(s, 'Stock movements');
    await page.getByLabel('Reason').selectOption({ label: 'Sale' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No movements match these filters.').waitFor();
    // Reloading keeps the filters.
    await page.reload();
    await page.getByText('No movements match these filters.').waitFor();
    expect(await page.getByLabel('SKU').inputValue()).toBe(product.sku);
    await closeSession(s);
  }, 240_000);

  it('creates an API key whose secret is shown once, then revokes it', async () => {
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.admin, '/admin/settings');
    await heading(page, 'Settings').waitFor();
    await audit(s, 'Settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API keys' }).click();
    await heading(page, 'API keys').waitFor();
    await page.getByRole('button', { name: 'New API key' }).click();
    const keyName = `Warehouse sync ${uid()}`;
    await page.getByLabel('Name', { exact: true }).fill(keyName);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Choose at least one permission.').waitFor();
    await page.getByLabel('inventory.read', { exact: true }).check();
    await page.getByLabel('inventory.update', { exact: true }).check();
    await audit(s, 'New API key');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const secret = await dialog.getByLabel('Key', { exact: true }).inputValue();
    expect(secret).toMatch(/^ck_[0-9a-f]{64}$/);
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    await audit(s, 'API key secret');
    // The key works, with what it was given.
    const viewer = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `ApiKey ${secret}` },
      body: JSON.stringify({ query: '{ viewer { permissions } }' }),
    });
    expect(((await viewer.json()) as { data: { viewer: { permissions: string[] } } }).data.viewer.permissions).toEqual([
      'inventory.read',
      'inventory.update',
    ]);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(keyName) });
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);
    await audit(s, 'API keys');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    await closeSession(s);
  }, 240_000);

  it('creates a discount code and a shipping method, with the service errors by their fields', async () => {
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.admin, '/admin/discounts');
    await heading(page, 'Discounts').waitFor();
    await audit(s, 'Discounts');
    const code = `SPRING${uid()}`.toUpperCase();
    const newDiscount = async () => {
      await page.getByRole('link', { name: 'New discount' }).click();
      await heading(page, 'New discount').waitFor();
      await page.getByLabel('Code', { exact: true }).fill(code);
      await page.getByLabel('Value', { exact: true }).fill('15');
      await page.getByLabel('Maximum uses').fill('100');
      await page.getByRole('button', { name: 'Save' }).click();
    };
    await newDiscount();
    await heading(page, `Discount ${code}`).waitFor();
    await audit(s, 'Discount');
    await page.getByRole('link', { name: 'Discounts', exact: true }).first().click();
    await heading(page, 'Discounts').waitFor();
    // The same code again: the service's 409 next to the Code field.
    await newDiscount();
    // …in words, not the machine's code.
    await page.getByText('This code is already taken.').waitFor();
    expect(await page.getByText(/duplicate_code/).count()).toBe(0);
    expect(await page.getByLabel('Code', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await audit(s, 'New discount with an error');
    await page.goto(`${t.url}/admin/discounts?q=${code.slice(0, 10).toLowerCase()}`);
    const row = page.getByRole('row', { name: new RegExp(code, 'i') });
    await row.getByRole('cell', { name: '15 %' }).waitFor();
    await row.getByRole('cell', { name: '0 of 100' }).waitFor();

    const vat = `VAT ${uid()}`;
    const rule = await t.asAdmin().gql('mutation($i: TaxRuleCreateInput!) { taxRuleCreate(input: $i) { id } }', {
      i: { name: vat, rate: 1900 },
    });
    expect(rule.errors).toBeUndefined();
    await page.goto(`${t.url}/admin/settings`);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Shipping methods' }).click();
    await heading(page, 'Shipping methods').waitFor();
    await audit(s, 'Shipping methods');
    await page.getByRole('link', { name: 'New shipping method' }).click();
    await heading(page, 'New shipping method').waitFor();
    const method = `Express ${uid()}`;
    await page.getByLabel('Name', { exact: true }).fill(method);
    await page.getByLabel('Price').fill('9.90');
    await page.getByLabel('Tax rule').selectOption({ label: `${vat} (19 %)` });
    await audit(s, 'New shipping method');
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, method).waitFor();
    // The net price checkout charges (derived: 990 × 10000 / 11900), not the stored 0 (issue 52).
    await page.getByText('Net price: €8.32 (the gross price less 19 % tax)').waitFor();
    await audit(s, 'Shipping method');
    await page.getByRole('link', { name: 'Shipping methods', exact: true }).first().click();
    await page
      .getByRole('row', { name: new RegExp(method) })
      .getByRole('cell', { name: '€9.90' })
      .waitFor();
    const store = await t.asGuest().gql('{ storeShippingMethods { translations { name } priceGross } }');
    expect(store.data.storeShippingMethods).toContainEqual({ translations: [{ name: method }], priceGross: 990 });
    await closeSession(s);
  }, 240_000);

  it('replays a failed webhook delivery from the automation log', async () => {
    receiverUp = false;
    const product = await createProductOverApi(`HOOK-${uid()}`);
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.owner, '/admin/settings/automation?status=DEAD');
    await heading(page, 'Automation deliveries').waitFor();
    // The relay tries once (max_attempts 1), the receiver says 500: the delivery is dead.
    const row = page.getByRole('row', { name: /product\.after_create/ }).first();
    await eventually(async () => {
      await page.reload();
      await heading(page, 'Automation deliveries').waitFor();
      return (await page.getByRole('row', { name: /Failed/ }).count()) > 0;
    }, 30_000);
    await row.getByRole('cell', { name: 'Failed' }).waitFor();
    await audit(s, 'Automation deliveries');
    await row.getByRole('link', { name: 'product.after_create' }).click();
    await heading(page, 'Delivery product.after_create').waitFor();
    await page.getByRole('cell', { name: '500', exact: true }).waitFor();
    await page.getByText(product.id).first().waitFor();
    await audit(s, 'Automation delivery');
    await page.getByRole('link', { name: 'Automation deliveries' }).first().click();
    await heading(page, 'Automation deliveries').waitFor();

    receiverUp = true;
    await page.getByLabel('Status').selectOption({ label: 'Failed' });
    await page.waitForURL(/status=DEAD/);
    await page
      .getByRole('row', { name: /product\.after_create/ })
      .first()
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: /^Replay selected/ }).click();
    await page.getByText('1 delivery queued again.').waitFor();
    await eventually(async () =>
      receiver.received.some(
        (r) => r.path === '/hooks/product.after_create' && r.body.includes(product.id) && receiverUp,
      ),
    );
    await page.getByLabel('Status').selectOption({ label: 'Delivered' });
    await eventually(async () => {
      await page.reload();
      await heading(page, 'Automation deliveries').waitFor();
      return (await page.getByRole('row', { name: /Delivered/ }).count()) > 0;
    }, 30_000);
    await closeSession(s);
  }, 240_000);

  it('a super admin creates a staff user, changes the role, deactivates it; sees the plugins; adds a tax rule and a payment method', async () => {
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.owner, '/admin/settings/staff');
    await heading(page, 'Staff').waitFor();
    await audit(s, 'Staff');
    await page.getByRole('link', { name: 'New staff user' }).click();
    await heading(page, 'New staff user').waitFor();
    const email = `clerk-${uid()}@example.com`;
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('First name').fill('Cora');
    await page.getByLabel('Last name').fill('Clerk');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('At least 8 characters.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await audit(s, 'New staff user');
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, 'Cora Clerk').waitFor();
    await page.getByLabel('Role').selectOption({ label: 'Admin (everything but staff)' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Status: Deactivated').waitFor();
    await audit(s, 'Staff user');
    const row = await t.db.adminUser.findUniqueOrThrow({ where: { email } });
    expect(row).toMatchObject({ role: 'admin', active: false, firstName: 'Cora' });

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Plugins' }).click();
    await heading(page, 'Plugins').waitFor();
    await page
      .getByRole('row', { name: /automation/ })
      .getByRole('cell', { name: 'Active' })
      .waitFor();
    await audit(s, 'Plugins');

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Tax rules' }).click();
    await heading(page, 'Tax rules').waitFor();
    await page.getByRole('link', { name: 'New tax rule' }).click();
    const rule = `Reduced ${uid()}`;
    await page.getByLabel('Name', { exact: true }).fill(rule);
    await page.getByLabel('Rate (%)').fill('7');
    await page.getByLabel('Country').fill('de');
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, rule).waitFor();
    await audit(s, 'Tax rule');
    await page.getByRole('link', { name: 'Tax rules', exact: true }).first().click();
    await page
      .getByRole('row', { name: new RegExp(rule) })
      .getByRole('cell', { name: '7 %' })
      .waitFor();
    await audit(s, 'Tax rules');

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Payment methods' }).click();
    await heading(page, 'Payment methods').waitFor();
    await page.getByRole('link', { name: 'New payment method' }).click();
    const method = `Cash ${uid()}`;
    await page.getByLabel('Name', { exact: true }).fill(method);
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, method).waitFor();
    await audit(s, 'Payment method');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await heading(page, 'Payment methods').waitFor();
    expect(await page.getByRole('row', { name: new RegExp(method) }).count()).toBe(0);
    await closeSession(s);
  }, 240_000);

  it('a manager sees settings it may read without any write action', async () => {
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.manager, '/admin/settings');
    await heading(page, 'Settings').waitFor();
    const settingsNav = page.getByRole('navigation', { name: 'Settings' });
    await settingsNav.getByRole('link', { name: 'Shipping methods' }).waitFor();
    for (const hidden of ['Staff', 'Plugins', 'Automation deliveries'])
      expect(await settingsNav.getByRole('link', { name: hidden }).count()).toBe(0);
    await audit(s, 'Settings as a manager');

    for (const [link, title, create] of [
      ['Shipping methods', 'Shipping methods', 'New shipping method'],
      ['Payment methods', 'Payment methods', 'New payment method'],
      ['Tax rules', 'Tax rules', 'New tax rule'],
    ] as const) {
      await settingsNav.getByRole('link', { name: link }).click();
      await heading(page, title).waitFor();
      // The list has arrived: its table, or the sentence an empty list is.
      await page.locator('table[aria-busy="false"], [data-list-state="empty"][aria-busy="false"]').first().waitFor();
      expect(await page.getByRole('link', { name: create }).count()).toBe(0);
      const first = page.locator('tbody tr a').first();
      if (await first.count()) {
        await first.click();
        await page.locator('form fieldset[disabled]').waitFor();
        expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
        await audit(s, `${title} detail as a manager`);
      }
    }
    await page.goto(`${t.url}/admin/discounts`);
    await heading(page, 'Discounts').waitFor();
    await page.locator('table[aria-busy="false"]').waitFor();
    expect(await page.getByRole('link', { name: 'New discount' }).count()).toBe(0);
    await audit(s, 'Discounts as a manager');
    await closeSession(s);
  }, 240_000);
});

async function createProductOverApi(sku: string) {
  const res = await t.asAdmin().post('/api/v1/admin/products', {
    currency: 'EUR',
    sku,
    translations: [{ locale: 'en', name: sku, slug: sku.toLowerCase() }],
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
}
