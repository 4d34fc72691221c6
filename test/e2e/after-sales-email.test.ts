/**
 * The return received and refund emails (issues 48, 49): receiving a return tells the customer what came back, and
 * a refund that succeeds tells them how much, each once, in the transaction that records it, through a real SMTP
 * server (smtp-server), every value escaped.
 */
import { createShop, stockedProduct } from '../fixtures/shop';
import type { Shop } from '../fixtures/use-shop';
import { startTestServer, type TestServer } from '../harness/server';
import { partOf, startSmtpReceiver } from '../harness/smtp-receiver';
import { eventually } from '../harness/webhook-receiver';

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let t: TestServer;
let shop: Shop;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await startTestServer({ 'mail.smtp_url': smtp.url, 'mail.poll_interval_ms': 50, 'cache.enabled': false });
  shop = await createShop(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
const O = '/api/v1/admin/orders';
const ADDRESS = {
  first_name: 'Ada',
  last_name: 'L',
  street: 'Main St 1',
  city: 'Berlin',
  zip: '10115',
  country_code: 'DE',
};

/** The email of `kind` about an order once sent: its row and the message the SMTP server accepted (by Message-ID). */
const sent = async (orderId: string, kind: string) => {
  await eventually(async () => !!(await t.db.email.findFirst({ where: { orderId, kind, status: 'sent' } })), 20_000);
  const row = await t.db.email.findFirstOrThrow({ where: { orderId, kind } });
  const message = smtp.received.filter((m) => m.messageId?.includes(row.id));
  expect(message).toHaveLength(1);
  return { row, message: message[0] };
};

describe('after-sales emails', () => {
  it('tells the customer a return came back, then what was refunded, once each', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 10, {
      active: true,
      priceGross: 1999,
      name: 'Parka <b>XL</b>',
    });
    const placed = await t.asGuest().post('/api/v1/store/checkout', {
      items: [{ product_id: product.id, quantity: 2 }],
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
      email: 'after@example.com',
    });
    expect(placed.status).toBe(201);
    const order = placed.body.data as { id: string; order_number: string; items: Array<{ id: string }> };
    const admin = t.asAdmin();
    expect((await admin.put(`${O}/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
    expect((await admin.post(`${O}/${order.id}/shipments`, { notify: false })).status).toBe(201);
    const guestToken = (await admin.get(`${O}/${order.id}`)).body.data.guest_token as string;

    const asked = await t
      .asGuest()
      .post(
        `/api/v1/store/orders/${order.id}/returns`,
        { items: [{ order_item_id: order.items[0].id, quantity: 1, reason: 'too big' }] },
        { 'x-guest-token': guestToken },
      );
    expect(asked.status).toBe(201);
    const returnId = asked.body.data.id as string;
    expect((await admin.put(`/api/v1/admin/returns/${returnId}/status`, { status: 'approved' })).status).toBe(200);
    const receipt = await admin.put(`/api/v1/admin/returns/${returnId}/status`, {
      status: 'received',
      items: [{ order_item_id: order.items[0].id, restock: true }],
    });
    expect(receipt.status).toBe(200);

    const back = await sent(order.id, 'return_received');
    expect(back.row.subject).toBe(`Shop: we received your return for order ${order.order_number}`);
    expect(back.message.to).toEqual(['after@example.com']);
    expect(partOf(back.message.raw, 'text/html')).toContain('Parka &lt;b&gt;XL&lt;/b&gt;');
    expect(partOf(back.message.raw, 'text/plain')).toContain('- 1 × Parka <b>XL</b>');

    const refund = await admin.post(`${O}/${order.id}/refunds`, {
      amount: 1999,
      reason: 'returned',
      return_id: returnId,
    });
    expect(refund.status).toBe(201);
    const money = await sent(order.id, 'refund');
    expect(money.row.subject).toBe(`Shop: refund of €19.99 for order ${order.order_number}`);
    expect(partOf(money.message.raw, 'text/plain')).toContain(
      `We have refunded €19.99 for order ${order.order_number} (returned).`,
    );

    // Once each, linked to the order (its timeline lists them).
    await new Promise((r) => setTimeout(r, 300));
    const rows = await t.db.email.findMany({ where: { orderId: order.id }, select: { kind: true } });
    expect(rows.map((r) => r.kind).sort()).toEqual(['order_confirmation', 'refund', 'return_received']);
  });
});
