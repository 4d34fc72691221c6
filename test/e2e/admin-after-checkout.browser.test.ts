import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';

import { createAdmin } from '../fixtures/accounts';
import { createShop, stockedProduct } from '../fixtures/shop';
import type { Shop } from '../fixtures/use-shop';
import { audit, heading, type Session, useAdminBrowser } from '../harness/admin-browser';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * Refunds and the timeline in the admin (issue 48, Chromium against a real server). An order paid by a method
 * without a provider (the shop's manual "Invoice"): its Refunds section says Paid, Refunded and Refundable in the
 * order's currency; the Refund dialog (a labelled native dialog: focus inside, Escape closes and gives focus back
 * to Refund) refunds part of it by keyboard through a Confirm step, and the numbers change; a double click on
 * Confirm refunds once (one Idempotency-Key per opening of the dialog); when someone refunded meanwhile, the
 * service's refund_exceeds_paid is said in the dialog, which then shows what is left. The status buttons no
 * longer offer a second "Refund". A note added in the Timeline appears at once with the staff member who wrote
 * it. A guest's return (asked through the store API) goes through the Returns screens: the list under Orders filters
 * by status; the return's screen approves it, receives it with Restock chosen per line (the stock follows), and
 * its Refund opens the order's Refund dialog with the refund tied to the return (the return moves to refunded).
 * axe-core finds no violation on any of these screens, the dialog and its confirm step.
 */

let t: TestServer;
let shop: Shop;
let staffEmail = '';
let viewerEmail = '';

const { haveChromium, openSession, closeSession, signIn } = useAdminBrowser(
  "the admin's refund and timeline browser tests",
  async () => {
    t = await startTestServer({ 'cache.enabled': false });
    shop = await createShop(t);
    staffEmail = (await createAdmin(t, { role: 'admin' })).email;
    viewerEmail = (await createAdmin(t, { role: 'viewer' })).email;
    return { url: t.url, close: () => t.close() };
  },
);

let n = 0;
/** A confirmed guest order paid with the manual method (paid in full once confirmed): its id, number and total. */
async function confirmedOrder() {
  const tag = `${Date.now().toString(36)}${++n}`;
  const a = await stockedProduct(t, shop.warehouse.id, 20, { name: `Jacket ${tag}`, priceGross: 5000 });
  const res = await t.asGuest().post('/api/v1/store/checkout', {
    items: [{ product_id: a.id, quantity: 2 }],
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
    email: 'refund@example.com',
  });
  expect(res.status).toBe(201);
  const order = res.body.data as { id: string; order_number: string; total: number };
  expect((await t.asAdmin().put(`/api/v1/admin/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
  return { id: order.id, number: order.order_number, total: order.total };
}

/** Cents as the screen writes euros: 10490 → "€104.90". */
const eur = (cents: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);

async function openOrder(page: Page, order: { id: string; number: string }) {
  await page.goto(`${t.url}/admin/orders/${order.id}`);
  await heading(page, `Order ${order.number}`).waitFor();
}

const refundsRegion = (page: Page) => page.getByRole('region', { name: 'Refunds' });
const refundDialog = (page: Page) => page.getByRole('dialog', { name: /^Refund order / });
const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });

/** Waits until the section (or dialog) says these amounts; `prefix` is `order` or `refund` (its test ids). */
async function amounts(scope: Locator, prefix: string, paid: number, refunded: number, refundable: number) {
  await scope
    .getByTestId(`${prefix}-paid`)
    .filter({ hasText: new RegExp(`^${escape(eur(paid))}$`) })
    .waitFor();
  await scope
    .getByTestId(`${prefix}-refunded`)
    .filter({ hasText: new RegExp(`^${escape(eur(refunded))}$`) })
    .waitFor();
  await scope
    .getByTestId(`${prefix}-refundable`)
    .filter({ hasText: new RegExp(`^${escape(eur(refundable))}$`) })
    .waitFor();
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

const refundsOf = async (orderId: string) =>
  (await t.asAdmin().get(`/api/v1/admin/orders/${orderId}/refunds`)).body.data as Array<{
    amount: number;
    status: string;
    reason: string | null;
  }>;

(haveChromium ? describe : describe.skip)('refunds and the timeline in the admin (Chromium)', () => {
  it('refunds part by keyboard through Confirm; the numbers change; a double click refunds once', async () => {
    const order = await confirmedOrder();
    const session = await openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await signIn(session, staffEmail);
    await heading(page, 'Home').waitFor();
    await openOrder(page, order);

    const region = refundsRegion(page);
    await amounts(region, 'order', order.total, 0, order.total);
    await region.getByText('Nothing refunded yet.').waitFor();
    // One button named Refund on the page: the dialog's; the status buttons leave their "Refund" out.
    const moves = page.getByRole('group', { name: 'Status changes' }).getByRole('button');
    expect(await moves.allTextContents()).toEqual(['Start processing', 'Cancel']);
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(1);
    await auditAll(session, 'Paid order with its Refunds');

    // The keyboard: Refund opens the dialog with focus on Amount (the whole refundable amount by default);
    // Escape closes it and focus returns to Refund.
    const refund = region.getByRole('button', { name: 'Refund', exact: true });
    await refund.focus();
    await page.keyboard.press('Enter');
    const dialog = refundDialog(page);
    await dialog.waitFor();
    await amounts(dialog, 'refund', order.total, 0, order.total);
    const amount = dialog.getByLabel('Amount');
    await waitFocused(amount);
    expect(await amount.inputValue()).toBe((order.total / 100).toFixed(2));
    await auditAll(session, 'Refund dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await waitFocused(refund);

    // 20.00 with a reason, by keyboard: Refund asks, Confirm (focused) refunds.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await waitFocused(amount);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('20.00');
    await page.keyboard.press('Tab');
    await waitFocused(dialog.getByLabel('Reason'));
    await page.keyboard.type('Goodwill: late delivery');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await waitFocused(dialog.getByRole('button', { name: 'Refund', exact: true }));
    await page.keyboard.press('Enter');
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await waitFocused(confirm);
    await dialog.getByText(`Refund ${eur(2000)} of order ${order.number}?`).waitFor();
    await auditAll(session, 'Refund confirm step');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await waitFocused(refund);

    // The numbers change; the refund is listed with its amount, status and reason.
    await amounts(region, 'order', order.total, 2000, order.total - 2000);
    const row = region.getByRole('row', { name: /Goodwill: late delivery/ });
    await row.getByRole('cell', { name: eur(2000), exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Succeeded', exact: true }).waitFor();
    await row.getByRole('cell', { name: staffEmail, exact: true }).waitFor();
    expect(await refundsOf(order.id)).toMatchObject([
      { amount: 2000, status: 'succeeded', reason: 'Goodwill: late delivery' },
    ]);

    // A double click on Confirm (by mouse) refunds once: the dialog's one Idempotency-Key.
    await refund.click();
    await dialog.waitFor();
    await amounts(dialog, 'refund', order.total, 2000, order.total - 2000);
    await amount.fill('5');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await confirm.dblclick();
    await dialog.waitFor({ state: 'detached' });
    await amounts(region, 'order', order.total, 2500, order.total - 2500);
    const refunds = await refundsOf(order.id);
    expect(refunds.map((r) => r.amount)).toEqual([2000, 500]);
    expect(await region.getByRole('row').count()).toBe(3); // the header and two refunds
    expect((await t.asAdmin().get(`/api/v1/admin/orders/${order.id}`)).body.data.status).toBe('confirmed');
    await auditAll(session, 'Order partly refunded');
    await closeSession(session);
  }, 180_000);

  it('says refund_exceeds_paid in the dialog when someone refunded meanwhile, then refunds what is left', async () => {
    const order = await confirmedOrder();
    const session = await openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await signIn(session, staffEmail);
    await heading(page, 'Home').waitFor();
    await openOrder(page, order);
    const region = refundsRegion(page);
    await region.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = refundDialog(page);
    await amounts(dialog, 'refund', order.total, 0, order.total);

    // Meanwhile another staff member refunds 30.00 (through the API, as a second tab would).
    const other = await t.asAdmin().post(`/api/v1/admin/orders/${order.id}/refunds`, { amount: 3000 });
    expect(other.status).toBe(201);

    // The whole total (the default) is now too much: the service says so, in the dialog, which stays.
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'refund_exceeds_paid' }).waitFor();
    await amounts(dialog, 'refund', order.total, 3000, order.total - 3000);
    expect((await refundsOf(order.id)).map((r) => r.amount)).toEqual([3000]);
    await auditAll(session, 'Refund dialog refused: refund_exceeds_paid');

    // What is left, refunded in full: the order moves to refunded and Refund is no longer offered.
    await dialog.getByLabel('Amount').fill(((order.total - 3000) / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await amounts(region, 'order', order.total, order.total, 0);
    await page.getByText('Status: Refunded').waitFor();
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    expect((await t.asAdmin().get(`/api/v1/admin/orders/${order.id}`)).body.data.status).toBe('refunded');
    await closeSession(session);
  }, 180_000);

  it('adds a note that appears in the Timeline, oldest first, with the staff member; a viewer only reads', async () => {
    const order = await confirmedOrder();
    const session = await openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await signIn(session, staffEmail);
    await heading(page, 'Home').waitFor();
    await openOrder(page, order);

    const region = timeline(page);
    const entries = region.getByRole('listitem');
    await entries.first().waitFor();
    // Oldest first: the order placed, then confirmed.
    await entries.filter({ hasText: 'Order placed' }).waitFor();
    await entries.filter({ hasText: 'Status changed from pending to confirmed' }).waitFor();
    const before = await entries.allTextContents();
    expect(before.findIndex((e) => e.includes('Order placed'))).toBe(0);

    const note = region.getByLabel('Note');
    await note.fill('Customer called: leave at the door.');
    await region.getByRole('button', { name: 'Add note' }).click();
    // No reload: the note is there, last, with who wrote it; the field is empty again.
    const added = entries.filter({ hasText: 'Note: Customer called: leave at the door.' });
    await added.waitFor();
    expect(await added.textContent()).toContain(staffEmail);
    expect((await entries.allTextContents()).at(-1)).toContain('Customer called: leave at the door.');
    expect(await note.inputValue()).toBe('');
    // An empty note is refused here, before the service.
    await region.getByRole('button', { name: 'Add note' }).click();
    await region.getByText('Write the note first.').waitFor();
    const stored = (await t.asAdmin().get(`/api/v1/admin/orders/${order.id}/timeline`)).body.data as Array<{
      kind: string;
    }>;
    expect(stored.filter((e) => e.kind === 'note')).toHaveLength(1);
    await auditAll(session, 'Order with a note in its Timeline');
    await closeSession(session);

    // A read-only role sees the timeline and the refunds, without Note, Add note or Refund.
    const viewer = await openSession();
    viewer.page.setDefaultTimeout(60_000);
    await signIn(viewer, viewerEmail);
    await heading(viewer.page, 'Home').waitFor();
    await openOrder(viewer.page, order);
    await timeline(viewer.page).getByText('Note: Customer called: leave at the door.').waitFor();
    await amounts(refundsRegion(viewer.page), 'order', order.total, 0, order.total);
    expect(await timeline(viewer.page).getByRole('button').count()).toBe(0);
    expect(await viewer.page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    expect(await viewer.page.getByLabel('Note').count()).toBe(0);
    await closeSession(viewer);
  }, 180_000);

  it('takes a guest return through the Returns screens: Approve, Receive with Restock per line, Refund', async () => {
    // A shipped guest order of 2 jackets and 1 cap (20 of each in stock); the guest asks to return both lines.
    const tag = `${Date.now().toString(36)}${++n}`;
    const jacket = await stockedProduct(t, shop.warehouse.id, 20, { name: `Jacket ${tag}`, priceGross: 5000 });
    const cap = await stockedProduct(t, shop.warehouse.id, 20, { name: `Cap ${tag}`, priceGross: 1500 });
    const placed = await t.asGuest().post('/api/v1/store/checkout', {
      items: [
        { product_id: jacket.id, quantity: 2 },
        { product_id: cap.id, quantity: 1 },
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
    expect(placed.status).toBe(201);
    const order = placed.body.data as { id: string; order_number: string; items: Array<{ id: string }> };
    const admin = t.asAdmin();
    expect((await admin.put(`/api/v1/admin/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
    expect((await admin.post(`/api/v1/admin/orders/${order.id}/shipments`, {})).status).toBe(201);
    const guestToken = (await admin.get(`/api/v1/admin/orders/${order.id}`)).body.data.guest_token as string;
    const [jacketLine, capLine] = order.items.map((i) => i.id);
    const asked = await t.asGuest().post(
      `/api/v1/store/orders/${order.id}/returns`,
      {
        items: [
          { order_item_id: jacketLine, quantity: 1, reason: 'too small' },
          { order_item_id: capLine, quantity: 1, reason: 'damaged' },
        ],
      },
      { 'x-guest-token': guestToken },
    );
    expect(asked.status).toBe(201);
    const returnId = asked.body.data.id as string;
    const stock = async (productId: string) =>
      (await t.db.stockEntry.findFirst({ where: { warehouseId: shop.warehouse.id, productId, variantId: null } }))
        ?.quantity ?? 0;
    const before = { jacket: await stock(jacket.id), cap: await stock(cap.id) };

    const session = await openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await signIn(session, staffEmail);
    await heading(page, 'Home').waitFor();
    // Returns is a link under Orders in the navigation; its list filters by status.
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Returns', exact: true }).click();
    await heading(page, 'Returns').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Requested' });
    await page.waitForURL(/status=REQUESTED/);
    const row = page.getByRole('row').filter({ hasText: 'too small' });
    await row.waitFor();
    await row.getByRole('cell', { name: 'Requested', exact: true }).waitFor();
    await auditAll(session, 'Returns');
    await page.getByLabel('Status').selectOption({ label: 'Rejected' });
    await page.getByText('No returns match.').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Requested' });
    await row.getByRole('link').first().click();

    await heading(page, `Return of order ${order.order_number}`).waitFor();
    await page.getByText('Status: Requested').waitFor();
    await page.getByRole('row', { name: new RegExp(`^Jacket ${tag} 1 too small`) }).waitFor();
    await auditAll(session, 'Return requested');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Status: Approved').waitFor();
    expect(await page.getByRole('button', { name: 'Reject' }).count()).toBe(0);

    // Receive: the jacket goes back to stock, the damaged cap does not.
    const jacketRow = page.getByRole('row', { name: new RegExp(`^Jacket ${tag} `) });
    const capRow = page.getByRole('row', { name: new RegExp(`^Cap ${tag} `) });
    expect(await jacketRow.getByRole('checkbox', { name: 'Restock' }).isChecked()).toBe(true);
    await capRow.getByRole('checkbox', { name: 'Restock' }).uncheck();
    await auditAll(session, 'Return approved, receiving');
    await page.getByRole('button', { name: 'Receive' }).click();
    await page.getByText('Status: Received').waitFor();
    await jacketRow.getByRole('cell', { name: 'Yes (1)' }).waitFor();
    await capRow.getByRole('cell', { name: 'No', exact: true }).waitFor();
    expect(await stock(jacket.id)).toBe(before.jacket + 1);
    expect(await stock(cap.id)).toBe(before.cap);

    // Refund from the return: the order's Refund dialog, the refund tied to the return.
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = refundDialog(page);
    await dialog.waitFor();
    await dialog.getByLabel('Amount').fill('50');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Status: Refunded').waitFor();
    expect((await admin.get(`/api/v1/admin/returns/${returnId}`)).body.data.status).toBe('refunded');
    expect((await refundsOf(order.id)).map((r) => r.amount)).toEqual([5000]);
    await auditAll(session, 'Return refunded');
    await closeSession(session);
  }, 180_000);
});
