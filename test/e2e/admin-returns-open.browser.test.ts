import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';

import { createAdmin } from '../fixtures/accounts';
import { createShop, stockedProduct } from '../fixtures/shop';
import type { Shop } from '../fixtures/use-shop';
import { audit, heading, type Session, useAdminBrowser } from '../harness/admin-browser';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * Staff open a return for a customer on the phone (issue 48), in Chromium against a real server. The order screen's
 * Returns region offers **Open return** only while shipped units are left to return; its dialog (a labelled native
 * dialog: focus on the first line, Escape closes it and gives focus back) lists only the lines with shipped units
 * not already in a return, says how many each may return, checks the quantities and the reason before sending, and
 * opens a REQUESTED return through `returnCreate` by keyboard alone. The new return is listed with a link to its
 * screen; once every shipped unit is in a return the button is gone. When another return took the units meanwhile
 * the service's `over_return` is said in the dialog, which then shows what is left. axe-core finds no violation.
 */

let t: TestServer;
let shop: Shop;
let staffEmail = '';

const { haveChromium, openSession, closeSession, signIn } = useAdminBrowser(
  "the admin's open-a-return browser tests",
  async () => {
    t = await startTestServer({ 'cache.enabled': false });
    shop = await createShop(t);
    staffEmail = (await createAdmin(t, { role: 'admin' })).email;
    return { url: t.url, close: () => t.close() };
  },
);

let n = 0;
/**
 * A confirmed guest order of 3 jackets and 2 scarves and 1 hat; 2 jackets and the hat shipped (the scarves not):
 * its id, number and line ids.
 */
async function partlyShippedOrder() {
  const tag = `${Date.now().toString(36)}${++n}`;
  const jacket = await stockedProduct(t, shop.warehouse.id, 20, { name: `Jacket ${tag}`, priceGross: 5000 });
  const scarf = await stockedProduct(t, shop.warehouse.id, 20, { name: `Scarf ${tag}`, priceGross: 1500 });
  const hat = await stockedProduct(t, shop.warehouse.id, 20, { name: `Hat ${tag}`, priceGross: 2000 });
  const res = await t.asGuest().post('/api/v1/store/checkout', {
    items: [
      { product_id: jacket.id, quantity: 3 },
      { product_id: scarf.id, quantity: 2 },
      { product_id: hat.id, quantity: 1 },
    ],
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street: 'Main St 1',
      city: 'Berlin',
      zip: '10115',
      country_code: 'DE',
    },
    shipping_method_id: shop.shipping.id,
    payment_method_id: shop.payment.id,
    email: 'return@example.com',
  });
  expect(res.status).toBe(201);
  const order = res.body.data as { id: string; order_number: string; items: Array<{ id: string; name: string }> };
  const admin = t.asAdmin();
  expect((await admin.put(`/api/v1/admin/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
  const [jacketLine, scarfLine, hatLine] = order.items.map((i) => i.id) as [string, string, string];
  const shipped = await admin.post(`/api/v1/admin/orders/${order.id}/shipments`, {
    items: [
      { order_item_id: jacketLine, quantity: 2 },
      { order_item_id: hatLine, quantity: 1 },
    ],
  });
  expect(shipped.status).toBe(201);
  return { id: order.id, number: order.order_number, tag, jacketLine, scarfLine, hatLine };
}

const returnsOf = async (orderId: string) =>
  (await t.asAdmin().get(`/api/v1/admin/returns?order_id=${orderId}`)).body.data as Array<{
    id: string;
    status: string;
    comment: string | null;
    items: Array<{ order_item_id: string; quantity: number; reason: string | null }>;
  }>;

const isFocused = (l: Locator) =>
  l.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement);
async function waitFocused(l: Locator) {
  const end = Date.now() + 10_000;
  while (!(await isFocused(l))) {
    if (Date.now() > end) throw new Error('the element did not get focus');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** axe-core on a screen: no violation of any impact (see admin-fulfilment.browser.test.ts). */
async function auditAll(s: Session, screen: string) {
  if (process.env.SVC_TEST_ADMIN_SCREENSHOTS) return audit(s, screen);
  const result = await new AxeBuilder({ page: s.page }).analyze();
  expect(result.violations.map((v) => `${screen}: ${v.id} (${v.impact})`)).toEqual([]);
}

async function openOrder(page: Page, order: { id: string; number: string }) {
  await page.goto(`${t.url}/admin/orders/${order.id}`);
  await heading(page, `Order ${order.number}`).waitFor();
}

const returnsRegion = (page: Page) => page.getByRole('region', { name: 'Returns' });
const returnDialog = (page: Page) => page.getByRole('dialog', { name: /^Open a return for order / });

(haveChromium ? describe : describe.skip)('staff open a return from the order screen (Chromium)', () => {
  it('opens a return of shipped units by keyboard: only returnable lines, checked quantities, a reason', async () => {
    const order = await partlyShippedOrder();
    const session = await openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await signIn(session, staffEmail);
    await heading(page, 'Home').waitFor();
    await openOrder(page, order);

    const region = returnsRegion(page);
    await region.getByText('No returns.').waitFor();
    const open = region.getByRole('button', { name: 'Open return' });
    await auditAll(session, 'Order with its Returns');

    // The keyboard: Open return opens the dialog with focus on the first line; Escape gives focus back.
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = returnDialog(page);
    await dialog.waitFor();
    const jacket = dialog.getByLabel(`Jacket ${order.tag}`);
    await waitFocused(jacket);
    // Only shipped units: the scarves (none shipped) are not offered; each line says what may come back.
    expect(await dialog.getByLabel(`Scarf ${order.tag}`).count()).toBe(0);
    await dialog.getByText('2 shipped unit(s) may be returned').waitFor();
    await dialog.getByText('1 shipped unit(s) may be returned').waitFor();
    await auditAll(session, 'Open return dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await waitFocused(open);

    // Checked before sending: more than shipped, no reason.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await waitFocused(jacket);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('3');
    await dialog.getByRole('button', { name: 'Open return' }).click();
    await dialog.getByText('At most 2.').waitFor();
    await dialog.getByText('Enter the reason the customer gives.').waitFor();
    await auditAll(session, 'Open return dialog with errors');
    expect(await returnsOf(order.id)).toEqual([]);

    // By keyboard: 1 jacket, the reason, a comment, Enter on Open return.
    await jacket.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('1');
    await page.keyboard.press('Tab'); // the hat
    await page.keyboard.press('Tab');
    await waitFocused(dialog.getByLabel('Reason'));
    await page.keyboard.type('Too small');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Called on Monday');
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab');
    await waitFocused(dialog.getByRole('button', { name: 'Open return' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await waitFocused(open);

    const row = region.getByRole('row', { name: /Too small/ });
    await row.getByRole('cell', { name: 'Requested', exact: true }).waitFor();
    await row.getByRole('cell', { name: `1 × Jacket ${order.tag}`, exact: true }).waitFor();
    const created = await returnsOf(order.id);
    expect(created).toMatchObject([
      {
        status: 'requested',
        comment: 'Called on Monday',
        items: [{ order_item_id: order.jacketLine, quantity: 1, reason: 'Too small' }],
      },
    ]);
    await auditAll(session, 'Order with a return');

    // The rest by mouse: 1 jacket and the hat; then nothing shipped is left to return and the button is gone.
    await open.click();
    await dialog.waitFor();
    await dialog.getByText('1 shipped unit(s) may be returned').first().waitFor();
    await jacket.fill('1');
    await dialog.getByLabel(`Hat ${order.tag}`).fill('1');
    await dialog.getByLabel('Reason').fill('Wrong colour');
    await dialog.getByRole('button', { name: 'Open return' }).click();
    await dialog.waitFor({ state: 'detached' });
    await region.getByRole('row', { name: /Wrong colour/ }).waitFor();
    await region.getByRole('button', { name: 'Open return' }).waitFor({ state: 'detached' });
    expect((await returnsOf(order.id)).length).toBe(2);

    // The return's date links to its screen, where it is approved and received.
    await row.getByRole('link').click();
    await heading(page, `Return of order ${order.number}`).waitFor();
    await closeSession(session);
  }, 180_000);

  it('says over_return in the dialog when another return took the units meanwhile, then shows what is left', async () => {
    const order = await partlyShippedOrder();
    const session = await openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await signIn(session, staffEmail);
    await heading(page, 'Home').waitFor();
    await openOrder(page, order);
    const region = returnsRegion(page);
    await region.getByRole('button', { name: 'Open return' }).click();
    const dialog = returnDialog(page);
    await dialog.waitFor();
    // Meanwhile the customer asks (or another staff member opens one) for both shipped jackets.
    const other = await t.asAdmin().post(`/api/v1/admin/orders/${order.id}/returns`, {
      items: [{ order_item_id: order.jacketLine, quantity: 2, reason: 'Other' }],
    });
    expect(other.status).toBe(201);
    await dialog.getByLabel(`Jacket ${order.tag}`).fill('2');
    await dialog.getByLabel('Reason').fill('Too big');
    await dialog.getByRole('button', { name: 'Open return' }).click();
    await dialog.getByText(/already in a return/).waitFor();
    await dialog.getByText('0 shipped unit(s) may be returned').waitFor();
    await auditAll(session, 'Open return dialog after over_return');
    expect((await returnsOf(order.id)).length).toBe(1);
    await closeSession(session);
  }, 180_000);
});
