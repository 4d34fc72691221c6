/**
 * Without `mail.smtp_url` nothing leaves the machine: the order confirmation is written `kept` in the checkout's
 * transaction, readable through the API, and a resend leaves it kept.
 */
import { guestCheckout, stockedProduct } from '../fixtures/shop';
import { createShop } from '../fixtures/shop';
import type { Shop } from '../fixtures/use-shop';
import { captureLog } from '../harness/capture-log';
import { startTestServer, type TestServer } from '../harness/server';

const logged = captureLog('info');
let t: TestServer;
let shop: Shop;
beforeAll(async () => {
  t = await startTestServer({}, { log: logged.log });
  shop = await createShop(t);
});
afterAll(() => t?.close());

describe('mail without an SMTP server', () => {
  it('says at start that emails are kept', () => {
    expect(logged.entries.map((e) => e.msg)).toContain('mail: kept in the database (no mail.smtp_url)');
  });

  it('keeps the order confirmation, readable through the API', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const res = await guestCheckout(t, shop, product.id, { email: 'kept@example.com' });
    expect(res.status).toBe(201);
    const orderId = res.body.data.id as string;
    // Written with the order: readable as soon as the checkout answered.
    const row = await t.db.email.findFirstOrThrow({ where: { orderId } });
    expect(row).toMatchObject({ status: 'kept', attempts: 0, kind: 'order_confirmation', locale: 'en' });

    const one = await t.asAdmin().get(`/api/v1/admin/emails/${row.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ recipient: 'kept@example.com', status: 'kept', order_id: orderId });
    expect(one.body.data.subject).toBe(`Shop: order ${res.body.data.order_number} confirmed`);
    expect(one.body.data.html).toContain('Thank you for your order');

    const resent = await t.asAdmin().post(`/api/v1/admin/emails/${row.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.data.status).toBe('kept');
  });
});
