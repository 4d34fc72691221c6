/**
 * The shipment email (issues 48 and 49): a shipment tells the customer what shipped, with the carrier's name, the
 * tracking number and link, in the shipment's transaction and once per shipment; `notify: false` ships silently.
 * Sent through a real SMTP server (smtp-server), so the message a customer gets is what is checked.
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

async function confirmedOrder(productName: string) {
  const product = await stockedProduct(t, shop.warehouse.id, 10, { active: true, priceGross: 1200, name: productName });
  const res = await t.asGuest().post('/api/v1/store/checkout', {
    items: [{ product_id: product.id, quantity: 3 }],
    shipping_address: {
      first_name: 'Ada',
      last_name: 'L',
      street: 'Main St 1',
      city: 'Berlin',
      zip: '10115',
      country_code: 'DE',
    },
    shipping_method_id: shop.shipping.id,
    payment_method_id: shop.payment.id,
    email: 'parcel@example.com',
  });
  expect(res.status).toBe(201);
  const order = res.body.data as { id: string; order_number: string; items: Array<{ id: string }> };
  expect((await t.asAdmin().put(`${O}/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
  return order;
}

describe('the shipment email', () => {
  it('tells the customer what shipped and how to track it, once per shipment, escaped', async () => {
    const receiver = smtp;
    const order = await confirmedOrder('<img src=x onerror=alert(1)> Parka');
    const shipped = await t.asAdmin().post(`${O}/${order.id}/shipments`, {
      items: [{ order_item_id: order.items[0].id, quantity: 2 }],
      carrier: 'dhl',
      tracking_number: 'JD 0146/99',
    });
    expect(shipped.status).toBe(201);

    const subject = `Shop: order ${order.order_number} is on its way`;
    await eventually(() => receiver.received.some((m) => m.subject === subject), 20_000);
    const mail = receiver.received.find((m) => m.subject === subject)!;
    expect(mail.to).toEqual(['parcel@example.com']);
    const html = partOf(mail.raw, 'text/html')!;
    const text = partOf(mail.raw, 'text/plain')!;
    expect(html).toContain('with DHL');
    expect(html).toContain('JD 0146/99');
    expect(html).toContain('href="https://www.dhl.com/en/express/tracking.html?AWB=JD%200146%2F99"');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Parka');
    expect(html).not.toContain('<img src=x');
    expect(text).toContain('- 2 × <img src=x onerror=alert(1)> Parka');
    expect(text).toContain('Track your parcel: https://www.dhl.com/en/express/tracking.html?AWB=JD%200146%2F99');

    // Linked to the order (its timeline lists it), one row for the shipment.
    const rows = await t.db.email.findMany({ where: { orderId: order.id, kind: 'shipment' } });
    expect(rows).toHaveLength(1);
    expect(rows[0].dedupeKey).toBe(`shipment:${shipped.body.data.id}`);

    // A silent shipment of the last unit: no second shipment email.
    const silent = await t.asAdmin().post(`${O}/${order.id}/shipments`, { notify: false });
    expect(silent.status).toBe(201);
    expect(await t.db.email.count({ where: { orderId: order.id, kind: 'shipment' } })).toBe(1);
  });

  it('says no carrier or tracking it does not have', async () => {
    const receiver = smtp;
    const order = await confirmedOrder('Scarf');
    expect((await t.asAdmin().post(`${O}/${order.id}/shipments`, {})).status).toBe(201);
    const subject = `Shop: order ${order.order_number} is on its way`;
    await eventually(() => receiver.received.some((m) => m.subject === subject), 20_000);
    const text = partOf(receiver.received.find((m) => m.subject === subject)!.raw, 'text/plain')!;
    expect(text).toContain(`these items of order ${order.order_number} have shipped.`);
    expect(text).not.toContain('Tracking number');
    expect(text).not.toContain('Track your parcel');
  });
});
