import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

import { createAdmin } from '../fixtures/accounts';
import { createShop, guestCheckout, stockedProduct } from '../fixtures/shop';
import type { Shop } from '../fixtures/use-shop';
import {
  adminBrowser,
  audit,
  heading,
  mutationErrorCode,
  requireAdminBuild,
  type Session,
} from '../harness/admin-browser';
import { useChromium } from '../harness/chromium';
import { startTestServer, type TestServer } from '../harness/server';
import { startSmtpReceiver } from '../harness/smtp-receiver';

/**
 * Settings › Emails in the admin (issue 49, Chromium against real servers). A shop without `mail.smtp_url` keeps
 * its emails: the order confirmation of a guest order is listed (recipient, subject, kind, status), opens with
 * its HTML in a sandboxed frame (no script, a product named like markup arrives as text) and its text part, and a
 * read-only role sees it without Resend. A shop whose SMTP server refuses an email for good lists it as failed
 * with the server's answer (the status filter finds it); Resend sends it, and the SMTP server receives it once.
 * axe-core on the list and the detail.
 */

let kept: TestServer;
let keptShop: Shop;
let sending: TestServer;
let sendingShop: Shop;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let staffEmail = '';
let viewerEmail = '';
let sendingStaff = '';

const frame = useChromium(
  "the admin's emails browser tests",
  async () => {
    requireAdminBuild();
    kept = await startTestServer({});
    keptShop = await createShop(kept);
    staffEmail = (await createAdmin(kept, { role: 'admin' })).email;
    viewerEmail = (await createAdmin(kept, { role: 'viewer' })).email;
    // A second shop that sends through a real SMTP server on 127.0.0.1, one that can refuse.
    smtp = await startSmtpReceiver();
    sending = await startTestServer({
      'mail.smtp_url': smtp.url,
      'mail.poll_interval_ms': 50,
      'mail.retry_base_seconds': 1,
    });
    sendingShop = await createShop(sending);
    sendingStaff = (await createAdmin(sending, { role: 'admin' })).email;
    return {
      close: async () => {
        await kept.close();
        await sending.close();
        await smtp.close();
      },
    };
  },
  180_000,
);
const keptAdmin = adminBrowser(() => kept.url, frame.browser);
const sendingAdmin = adminBrowser(() => sending.url, frame.browser);

async function until<T>(read: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Settings → Emails, from the primary navigation. */
async function openEmails(page: Page) {
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Settings' }).click();
  await heading(page, 'Settings').waitFor();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Emails' }).click();
  await heading(page, 'Emails').waitFor();
}

const emailFrame = (page: Page) => page.frameLocator('iframe[title^="The email"]');

/**
 * axe-core on a new screen: no violation of any impact (the harness's `audit` fails only serious and critical
 * ones, at the session's end). One analysis per screen, without the sandboxed email frame.
 * With `SVC_TEST_ADMIN_SCREENSHOTS` the harness's audit runs instead, for its screenshot.
 */
async function auditAll(s: Session, screen: string) {
  if (process.env.SVC_TEST_ADMIN_SCREENSHOTS) return audit(s, screen);
  // The email's own frame is left out: sandboxed without scripts, axe cannot run in it and waits for it (the email
  // HTML is checked on its own by email-render.browser.test.ts).
  const result = await new AxeBuilder({ page: s.page }).exclude('iframe[title^="The email"]').analyze();
  expect(result.violations.map((v) => `${screen}: ${v.id} (${v.impact})`)).toEqual([]);
}

(frame.haveChromium ? describe : describe.skip)('Settings › Emails in Chromium', () => {
  it('lists a kept order confirmation and shows its HTML in a sandboxed frame and its text part', async () => {
    const name = '<img src=x onerror=alert(1)> Teapot';
    const product = await stockedProduct(kept, keptShop.warehouse.id, 5, { name, priceGross: 1250 });
    const res = await guestCheckout(kept, keptShop, product.id, { email: 'first-buyer@example.com' });
    expect(res.status).toBe(201);
    const number = res.body.data.order_number as string;
    const subject = `Shop: order ${number} confirmed`;

    const session = await keptAdmin.openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await keptAdmin.signIn(session, staffEmail);
    await heading(page, 'Home').waitFor();
    await openEmails(page);
    const row = page.getByRole('row', { name: new RegExp(subject) });
    await row.getByRole('cell', { name: 'first-buyer@example.com' }).waitFor();
    await row.getByRole('cell', { name: 'order confirmation' }).waitFor();
    await row.getByRole('cell', { name: 'Kept (not sent)' }).waitFor();
    await auditAll(session, 'Emails');

    await row.getByRole('link', { name: subject }).click();
    await heading(page, subject).waitFor();
    const iframe = page.locator('iframe[title^="The email"]');
    // Sandboxed with nothing allowed: no script runs in it, it cannot navigate the admin or submit anything.
    expect(await iframe.getAttribute('sandbox')).toBe('');
    expect(await iframe.getAttribute('srcdoc')).toContain(number);
    const html = emailFrame(page);
    await html.getByText('Thank you for your order').waitFor();
    // The product's name arrives as text: no element came of it.
    await html.getByText(name).first().waitFor();
    expect(await html.locator('img').count()).toBe(0);
    const text = page.getByRole('region', { name: 'Text part' });
    expect(await text.locator('pre').textContent()).toContain(number);
    expect(await page.getByRole('region', { name: 'Last error' }).count()).toBe(0);
    await auditAll(session, 'Email');

    // Resend in a shop without an SMTP server keeps it again, and says why.
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByText(/Kept again: no SMTP server is configured/).waitFor();
    await page.getByTestId('email-status').filter({ hasText: 'Kept (not sent)' }).waitFor();
    await keptAdmin.closeSession(session);
  }, 180_000);

  it('shows a read-only role the emails without Resend; the service refuses it too', async () => {
    const product = await stockedProduct(kept, keptShop.warehouse.id, 5);
    const res = await guestCheckout(kept, keptShop, product.id, { email: 'viewer-sees@example.com' });
    expect(res.status).toBe(201);
    const row = await kept.db.email.findFirstOrThrow({ where: { orderId: res.body.data.id } });

    const session = await keptAdmin.openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await keptAdmin.signIn(session, viewerEmail);
    await heading(page, 'Home').waitFor();
    await openEmails(page);
    await page.getByRole('link', { name: row.subject }).click();
    await heading(page, row.subject).waitFor();
    await emailFrame(page).getByText('Thank you for your order').waitFor();
    expect(await page.getByRole('button', { name: 'Resend' }).count()).toBe(0);
    expect(await mutationErrorCode(page, 'mutation($id: UUID!) { emailResend(id: $id) { id } }', { id: row.id })).toBe(
      'forbidden',
    );
    await keptAdmin.closeSession(session);
  }, 180_000);

  it('lists an email the SMTP server refused as failed with its answer, and resends it once', async () => {
    smtp.refuseNext(550, 'Mailbox unavailable');
    const product = await stockedProduct(sending, sendingShop.warehouse.id, 5);
    const res = await guestCheckout(sending, sendingShop, product.id, { email: 'refused@example.com' });
    expect(res.status).toBe(201);
    const orderId = res.body.data.id as string;
    const failed = await until(async () => {
      const e = await sending.db.email.findFirst({ where: { orderId } });
      return e?.status === 'failed' ? e : undefined;
    });
    const received = () => smtp.received.filter((m) => m.to.includes('refused@example.com'));
    expect(received()).toHaveLength(0);

    const session = await sendingAdmin.openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await sendingAdmin.signIn(session, sendingStaff);
    await heading(page, 'Home').waitFor();
    await openEmails(page);
    // The status filter (in the URL) finds the failed ones.
    await page.getByLabel('Status').selectOption({ label: 'Failed' });
    await page.waitForURL(/[?&]status=FAILED/);
    const row = page.getByRole('row', { name: new RegExp(failed.subject) });
    await row.getByRole('cell', { name: 'Failed', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: /^(Kept \(not sent\)|Sent|Pending)$/ }).count()).toBe(0);
    await auditAll(session, 'Emails filtered by status');

    await row.getByRole('link', { name: failed.subject }).click();
    await heading(page, failed.subject).waitFor();
    await page
      .getByRole('region', { name: 'Last error' })
      .getByText(/^550 .*Mailbox unavailable/)
      .waitFor();
    await auditAll(session, 'Failed email');
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('Queued: it is sent again in a moment.').waitFor();
    await until(async () => (received().length === 1 ? true : undefined));
    expect(received()[0].messageId).toBe(`<${failed.id}@localhost>`);
    // Read again, the email says it was sent; one message reached the server.
    await until(async () => {
      await page.reload();
      await heading(page, failed.subject).waitFor();
      return (await page.getByTestId('email-status').textContent()) === 'Sent' ? true : undefined;
    });
    expect(await page.getByRole('region', { name: 'Last error' }).count()).toBe(0);
    expect(received()).toHaveLength(1);
    await sendingAdmin.closeSession(session);
  }, 180_000);
});
