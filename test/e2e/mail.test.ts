/**
 * Transactional email (issue 49, first slice): the order confirmation is written in the checkout's transaction,
 * sent by the background jobs through a real SMTP server (started here with the `smtp-server` package), retried
 * when the server refuses for now, stored `failed` with the server's answer when it refuses for good, sent once
 * per order, and rendered from escaped templates that `mail.templates_dir` can override.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ADDRESS, guestCheckout, stockedProduct } from '../fixtures/shop';
import { createShop } from '../fixtures/shop';
import type { Shop } from '../fixtures/use-shop';
import { captureLog } from '../harness/capture-log';
import { scratchDir } from '../harness/scratch-dir';
import { startTestServer, type TestServer } from '../harness/server';
import { partOf, startSmtpReceiver } from '../harness/smtp-receiver';

const templates = scratchDir('mail-templates');
const logged = captureLog('info');
const config: Record<string, unknown> = {
  'mail.poll_interval_ms': 50,
  'mail.retry_base_seconds': 1,
  'mail.shop_name': 'Tea & Co',
  'mail.templates_dir': templates,
};
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
// Registered before the server's: it starts with the receiver's URL.
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  // With credentials: the start log names the host and port only.
  config['mail.smtp_url'] = `smtp://shop:s3cret-pw@127.0.0.1:${smtp.port}`;
});
afterAll(() => smtp?.close());
let t: TestServer;
let shop: Shop;
beforeAll(async () => {
  t = await startTestServer(config, { log: logged.log });
  shop = await createShop(t);
});
afterAll(() => t?.close());

let n = 0;
const uniqueEmail = () => `buyer-${Date.now()}-${++n}@example.com`;

async function until<T>(read: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const receivedBy = (to: string) => smtp.received.filter((m) => m.to.includes(to));

async function placeOrder(opts: { name?: string; email?: string } = {}) {
  const product = await stockedProduct(t, shop.warehouse.id, 10, { name: opts.name, priceGross: 1250 });
  const email = opts.email ?? uniqueEmail();
  const res = await guestCheckout(t, shop, product.id, { quantity: 2, email });
  expect(res.status).toBe(201);
  return { order: res.body.data as { id: string; order_number: string }, email, product };
}

const emailRow = (orderId: string) => t.db.email.findFirst({ where: { orderId } });
const settled = (orderId: string) =>
  until(async () => {
    const row = await emailRow(orderId);
    return row && row.status !== 'pending' ? row : undefined;
  });

describe('the order confirmation', () => {
  it('is sent through the SMTP server the start log names, without its credentials', () => {
    expect(logged.entries.map((e) => e.msg)).toContain(`mail: smtp to 127.0.0.1:${smtp.port}`);
    expect(JSON.stringify(logged.entries)).not.toContain('s3cret-pw');
  });

  it('signs in with the credentials of mail.smtp_url', async () => {
    const { order } = await placeOrder();
    expect((await settled(order.id)).status).toBe('sent');
    expect(smtp.logins).toContain('shop');
  });

  it('is sent once through SMTP, with a stable Message-ID, escaped values and locale-formatted totals', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const { order, email } = await placeOrder({ name });
    const row = await settled(order.id);
    expect(row).toMatchObject({ kind: 'order_confirmation', status: 'sent', attempts: 1, recipient: email });
    const [mail, ...more] = receivedBy(email);
    expect(more).toHaveLength(0);
    expect(mail.messageId).toBe(`<${row.id}@localhost>`);
    expect(mail.from).toBe('shop@localhost');
    expect(mail.subject).toContain(order.order_number);

    const html = partOf(mail.raw, 'text/html') ?? '';
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('Tea &amp; Co');
    // 2 × 12.50 EUR + 4.90 shipping, written the English way.
    expect(html).toContain('€25.00');
    expect(html).toContain('€29.90');
    expect(html).toContain(`${ADDRESS.zip} ${ADDRESS.city}`);
    const text = partOf(mail.raw, 'text/plain') ?? '';
    expect(text).toContain(`2 × ${name}: €25.00`);
    expect(text).toContain('Tea & Co');
    expect(row.html).toBe(html.replace(/\r\n/g, '\n'));
  });

  it('is sent once when the checkout is retried with the same Idempotency-Key', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 10);
    const email = uniqueEmail();
    const body = {
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
      email,
    };
    const first = await t.asGuest().post('/api/v1/store/checkout', body, { 'idempotency-key': `mail-${email}` });
    const again = await t.asGuest().post('/api/v1/store/checkout', body, { 'idempotency-key': `mail-${email}` });
    expect(first.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    await settled(first.body.data.id);
    // A few sender rounds more: nothing else arrives.
    await new Promise((r) => setTimeout(r, 300));
    expect(receivedBy(email)).toHaveLength(1);
    expect(await t.db.email.count({ where: { orderId: first.body.data.id } })).toBe(1);
  });

  it('is retried after a transient refusal (4xx) and delivered once', async () => {
    smtp.refuseNext(451, 'Temporary local problem, try later');
    const { order, email } = await placeOrder();
    const row = await settled(order.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(receivedBy(email)).toHaveLength(1);
  });

  it('is failed, with the server answer kept, after a permanent refusal (5xx)', async () => {
    smtp.refuseNext(550, 'Mailbox unavailable');
    const { order, email } = await placeOrder();
    const row = await settled(order.id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/^550 .*Mailbox unavailable/);
    expect(receivedBy(email)).toHaveLength(0);
  });

  it('takes its subject from mail.templates_dir when an override exists', async () => {
    const file = join(templates, 'order_confirmation.en.subject');
    writeFileSync(file, 'Your {{shop_name}} order {{order_number}} <is> on its way\n');
    try {
      const { order, email } = await placeOrder();
      const row = await settled(order.id);
      // Subjects are never HTML: the value is inserted as it is, and the built-in HTML part stays.
      expect(row.subject).toBe(`Your Tea & Co order ${order.order_number} <is> on its way`);
      expect(receivedBy(email)[0].subject).toBe(row.subject);
      expect(row.html).toContain('Thank you for your order');
    } finally {
      rmSync(file);
    }
  });
});

describe('the emails API', () => {
  it('lists, reads and resends an email over REST and GraphQL, for staff who may read and update orders', async () => {
    smtp.refuseNext(550, 'No such user here');
    const { order, email } = await placeOrder();
    const failed = await settled(order.id);
    expect(failed.status).toBe('failed');

    const list = await t.asManager().get('/api/v1/admin/emails?status=failed&kind=order_confirmation&limit=100');
    expect(list.status).toBe(200);
    const listed = (list.body.data as Array<Record<string, unknown>>).find((e) => e.id === failed.id);
    expect(listed).toMatchObject({ recipient: email, status: 'failed', order_id: order.id, attempts: 1 });
    expect(listed?.last_error).toMatch(/No such user here/);
    expect(list.body.meta.total).toBeGreaterThanOrEqual(1);

    const one = await t.asManager().get(`/api/v1/admin/emails/${failed.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.html).toContain(order.order_number);
    expect(one.body.data.text).toContain(order.order_number);

    const gql = await t
      .asManager()
      .gql(
        `query($id: UUID!) { email(id: $id) { status kind lastError } emails(status: FAILED, limit: 100) { items { id } } }`,
        { id: failed.id },
      );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.email).toMatchObject({ status: 'FAILED', kind: 'order_confirmation' });
    expect(gql.data.emails.items.map((e: { id: string }) => e.id)).toContain(failed.id);

    // Customers never see the outbox; the resend is sent once, with the same Message-ID.
    expect((await t.asCustomer().get('/api/v1/admin/emails')).status).toBe(403);
    const resent = await t.asManager().post(`/api/v1/admin/emails/${failed.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    const sent = await settled(order.id);
    expect(sent.status).toBe('sent');
    expect(receivedBy(email)).toHaveLength(1);
    expect(receivedBy(email)[0].messageId).toBe(`<${failed.id}@localhost>`);

    expect((await t.asManager().get(`/api/v1/admin/emails/${order.id}`)).status).toBe(404);
    const viaGql = await t.asManager().gql(`mutation($id: UUID!) { emailResend(id: $id) { status } }`, {
      id: failed.id,
    });
    expect(viaGql.data.emailResend.status).toBe('PENDING');
  });
});
