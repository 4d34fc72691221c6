import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';

import { createAdmin } from '../fixtures/accounts';
import { createShop, stockedProduct } from '../fixtures/shop';
import type { Shop } from '../fixtures/use-shop';
import { audit, heading, mutationErrorCode, type Session, useAdminBrowser } from '../harness/admin-browser';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * Shipping an order from the admin (issue 48, Chromium against a real server): the order screen shows per line
 * what is ordered, shipped and left; the Ship dialog (a labelled dialog that traps focus, closes on Escape and
 * gives focus back to Ship) ships part of an order by keyboard, then the rest by mouse with a carrier typed by
 * hand; each shipment's tracking number links to the carrier's page in a new tab without an opener or referrer;
 * Mark delivered moves the order to delivered, and the status and fulfilment read again after each action. When
 * someone ships meanwhile, the service's `over_fulfilment` is said inside the dialog, which then shows what is
 * left. A read-only role sees the shipments and no action. axe-core on the screen and the dialog.
 */

let t: TestServer;
let shop: Shop;
let staffEmail = '';
let viewerEmail = '';

const { haveChromium, openSession, closeSession, signIn } = useAdminBrowser(
  "the admin's fulfilment browser tests",
  async () => {
    t = await startTestServer({ 'cache.enabled': false });
    shop = await createShop(t);
    staffEmail = (await createAdmin(t, { role: 'admin' })).email;
    viewerEmail = (await createAdmin(t, { role: 'viewer' })).email;
    return { url: t.url, close: () => t.close() };
  },
);

let n = 0;
/** A confirmed guest order: `jacket` units of one product and 2 of another, with their names and line ids. */
async function confirmedOrder(jacket = 3) {
  const tag = `${Date.now().toString(36)}${++n}`;
  const names = { jacket: `Jacket ${tag}`, cap: `Cap ${tag}` };
  const a = await stockedProduct(t, shop.warehouse.id, 20, { name: names.jacket, priceGross: 5000 });
  const b = await stockedProduct(t, shop.warehouse.id, 20, { name: names.cap, priceGross: 1500 });
  const res = await t.asGuest().post('/api/v1/store/checkout', {
    items: [
      { product_id: a.id, quantity: jacket },
      { product_id: b.id, quantity: 2 },
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
    email: 'ship@example.com',
  });
  expect(res.status).toBe(201);
  const order = res.body.data as { id: string; order_number: string; items: Array<{ id: string }> };
  expect((await t.asAdmin().put(`/api/v1/admin/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
  return { id: order.id, number: order.order_number, names, lines: order.items.map((i) => i.id) };
}

async function openOrder(page: Page, order: { id: string; number: string }) {
  await page.goto(`${t.url}/admin/orders/${order.id}`);
  await heading(page, `Order ${order.number}`).waitFor();
}

/** An order line in the Items table, with its ordered, shipped and left units ("3 2 1"); its SKU stands between. */
const line = (page: Page, name: string, counts: string) =>
  page.getByRole('row', { name: new RegExp(`^${name} \\S+ ${counts} `) });
const fulfilment = (page: Page) => page.getByRole('region', { name: 'Fulfilment' });
const shipDialog = (page: Page) => page.getByRole('dialog', { name: /^Ship order / });
const isFocused = (l: Locator) =>
  l.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement);

/** Waits until `l` has focus (focus moves after a frame when a dialog closes). */
async function waitFocused(l: Locator) {
  const end = Date.now() + 10_000;
  while (!(await isFocused(l))) {
    if (Date.now() > end) throw new Error('the element did not get focus');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * axe-core on a new screen: no violation of any impact (the harness's `audit` fails only serious and critical
 * ones, at the session's end). One analysis per screen: a second one over the sandboxed email frame can hang.
 * With `SVC_TEST_ADMIN_SCREENSHOTS` the harness's audit runs instead, for its screenshot.
 */
async function auditAll(s: Session, screen: string) {
  if (process.env.SVC_TEST_ADMIN_SCREENSHOTS) return audit(s, screen);
  const result = await new AxeBuilder({ page: s.page }).analyze();
  expect(result.violations.map((v) => `${screen}: ${v.id} (${v.impact})`)).toEqual([]);
}

(haveChromium ? describe : describe.skip)('shipping an order in the admin (Chromium)', () => {
  it('ships part by keyboard, the rest by mouse, links the tracking, marks delivered; status follows', async () => {
    const order = await confirmedOrder(3);
    const session = await openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await signIn(session, staffEmail);
    await heading(page, 'Home').waitFor();
    await openOrder(page, order);

    const region = fulfilment(page);
    await page.getByTestId('fulfilment-status').filter({ hasText: 'Fulfilment: Not shipped' }).waitFor();
    // At a glance: per line ordered, shipped, left.
    await line(page, order.names.jacket, '3 0 3').waitFor();
    await line(page, order.names.cap, '2 0 2').waitFor();
    await region.getByText('Nothing shipped yet.').waitFor();
    // Shipping and delivering are offered once, in Fulfilment: the status buttons do not repeat them.
    const moves = page.getByRole('group', { name: 'Status changes' }).getByRole('button');
    // The paid order's Refund is the Refund dialog (Refunds section), not a status move of the same name.
    expect(await moves.allTextContents()).toEqual(['Start processing', 'Cancel']);
    expect(await page.getByRole('button', { name: 'Ship', exact: true }).count()).toBe(1);
    await auditAll(session, 'Order with nothing shipped');

    // The keyboard: Ship opens the dialog with focus on the first line's quantity; Escape closes it and focus
    // returns to Ship.
    const ship = region.getByRole('button', { name: 'Ship', exact: true });
    await ship.focus();
    await page.keyboard.press('Enter');
    const dialog = shipDialog(page);
    await dialog.waitFor();
    const jacket = dialog.getByLabel(order.names.jacket);
    const cap = dialog.getByLabel(order.names.cap);
    await waitFocused(jacket);
    expect(await jacket.inputValue()).toBe('3');
    expect(await cap.inputValue()).toBe('2');
    await auditAll(session, 'Ship dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await waitFocused(ship);

    // Focus stays inside the dialog: Tab from its last button wraps to the first field, Shift+Tab goes back.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await waitFocused(jacket);
    const create = dialog.getByRole('button', { name: 'Create shipment' });
    await create.focus();
    await page.keyboard.press('Tab');
    await waitFocused(jacket);
    await page.keyboard.press('Shift+Tab');
    await waitFocused(create);

    // Two jackets, no cap, DHL, a tracking number; Enter in a field submits.
    await jacket.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await waitFocused(cap);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('0');
    await page.keyboard.press('Tab');
    const carrier = dialog.getByLabel('Carrier', { exact: true });
    await waitFocused(carrier);
    await carrier.selectOption('dhl');
    await page.keyboard.press('Tab');
    await waitFocused(dialog.getByLabel('Tracking number'));
    await page.keyboard.type('JD 0146/99');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await waitFocused(ship);

    // The tracking number links to DHL's page (the template), in a new tab, telling it nothing.
    const link = region.getByRole('link', { name: /^JD 0146\/99/ });
    expect(await link.getAttribute('href')).toBe('https://www.dhl.com/en/express/tracking.html?AWB=JD%200146%2F99');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await page.getByTestId('fulfilment-status').filter({ hasText: 'Fulfilment: Partially shipped' }).waitFor();
    await line(page, order.names.jacket, '3 2 1').waitFor();
    const first = region.getByRole('row', { name: /JD 0146\/99/ });
    await first.getByRole('cell', { name: 'DHL', exact: true }).waitFor();
    await first.getByText(`2 × ${order.names.jacket}`).waitFor();
    expect((await t.asAdmin().get(`/api/v1/admin/orders/${order.id}`)).body.data).toMatchObject({
      status: 'confirmed',
      fulfillment_status: 'partially_shipped',
    });
    await auditAll(session, 'Order partly shipped');

    // The rest by mouse: the defaults are what is left; a carrier the shop's list does not know, its own URL.
    await ship.click();
    await dialog.waitFor();
    expect(await jacket.inputValue()).toBe('1');
    expect(await cap.inputValue()).toBe('2');
    await carrier.selectOption({ label: 'Other' });
    await dialog.getByLabel('Carrier name').fill('Bike courier');
    await dialog.getByLabel('Tracking number').fill('B-1');
    await dialog.getByLabel('Tracking URL').fill('https://courier.example/track/B-1');
    await auditAll(session, 'Ship dialog with another carrier');
    await create.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('fulfilment-status').filter({ hasText: 'Fulfilment: Shipped' }).waitFor();
    await page.getByText('Status: Shipped').waitFor();
    // Nothing is left: Ship is no longer offered.
    await line(page, order.names.cap, '2 2 0').waitFor();
    expect(await ship.count()).toBe(0);
    // Each shipment on its way offers Mark delivered; the status buttons do not offer it again.
    expect(await page.getByRole('button', { name: 'Mark delivered' }).count()).toBe(2);
    const second = region.getByRole('row', { name: /B-1/ });
    await second.getByRole('cell', { name: 'Bike courier' }).waitFor();
    expect(await second.getByRole('link', { name: /^B-1/ }).getAttribute('href')).toBe(
      'https://courier.example/track/B-1',
    );

    // Mark delivered, one shipment after the other: the order is delivered with the last.
    await first.getByRole('button', { name: 'Mark delivered' }).click();
    await first.getByRole('button', { name: 'Mark delivered' }).waitFor({ state: 'detached' });
    await first.getByText(/^Delivered /).waitFor();
    expect((await t.asAdmin().get(`/api/v1/admin/orders/${order.id}`)).body.data.status).toBe('shipped');
    await second.getByRole('button', { name: 'Mark delivered' }).click();
    await page.getByTestId('fulfilment-status').filter({ hasText: 'Fulfilment: Delivered' }).waitFor();
    await page.getByText('Status: Delivered').waitFor();
    expect(await page.getByRole('button', { name: 'Mark delivered' }).count()).toBe(0);
    expect((await t.asAdmin().get(`/api/v1/admin/orders/${order.id}`)).body.data).toMatchObject({
      status: 'delivered',
      fulfillment_status: 'delivered',
    });
    await auditAll(session, 'Order delivered');
    await closeSession(session);
  }, 180_000);

  it('says over_fulfilment in the dialog when the units shipped meanwhile, then ships what is left', async () => {
    const order = await confirmedOrder(2);
    const session = await openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await signIn(session, staffEmail);
    await heading(page, 'Home').waitFor();
    await openOrder(page, order);
    const region = fulfilment(page);
    await region.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = shipDialog(page);
    const jacket = dialog.getByLabel(order.names.jacket);
    expect(await jacket.inputValue()).toBe('2');

    // Meanwhile another staff member ships one jacket (through the API, as a second tab would).
    const other = await t.asAdmin().post(`/api/v1/admin/orders/${order.id}/shipments`, {
      items: [{ order_item_id: order.lines[0], quantity: 1 }],
      carrier: 'ups',
      tracking_number: '1Z999',
    });
    expect(other.status).toBe(201);

    await dialog.getByRole('button', { name: 'Create shipment' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'already shipped' }).waitFor();
    // The dialog stays, says what is left now, and nothing more shipped.
    await dialog.getByText('1 of 2 left to ship').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    const shipments = (await t.asAdmin().get(`/api/v1/admin/orders/${order.id}/shipments`)).body.data as unknown[];
    expect(shipments).toHaveLength(1);
    await auditAll(session, 'Ship dialog refused: over_fulfilment');

    await jacket.fill('1');
    await dialog.getByRole('button', { name: 'Create shipment' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('fulfilment-status').filter({ hasText: 'Fulfilment: Shipped' }).waitFor();
    // The shipment made elsewhere shows too, with UPS's tracking link.
    expect(await region.getByRole('link', { name: /^1Z999/ }).getAttribute('href')).toMatch(/^https:\/\/.*ups/i);
    expect((await t.asAdmin().get(`/api/v1/admin/orders/${order.id}`)).body.data.status).toBe('shipped');
    await closeSession(session);
  }, 180_000);

  it('shows a read-only role the shipments and tracking, without Ship or Mark delivered', async () => {
    const order = await confirmedOrder(1);
    const shipped = await t.asAdmin().post(`/api/v1/admin/orders/${order.id}/shipments`, {
      items: [{ order_item_id: order.lines[0], quantity: 1 }],
      carrier: 'dhl',
      tracking_number: 'V-1',
    });
    expect(shipped.status).toBe(201);
    const session = await openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await signIn(session, viewerEmail);
    await heading(page, 'Home').waitFor();
    await openOrder(page, order);
    const region = fulfilment(page);
    await region.getByRole('link', { name: /^V-1/ }).waitFor();
    await page.getByTestId('fulfilment-status').filter({ hasText: 'Partially shipped' }).waitFor();
    expect(await region.getByRole('button').count()).toBe(0);
    // The service refuses what the screen hides.
    expect(
      await mutationErrorCode(page, 'mutation($o: UUID!) { shipmentCreate(orderId: $o, input: {}) { id } }', {
        o: order.id,
      }),
    ).toBe('forbidden');
    await auditAll(session, 'Order read-only');
    await closeSession(session);
  }, 180_000);
});
