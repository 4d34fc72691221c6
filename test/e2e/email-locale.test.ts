/**
 * Orders and customers carry a locale, and every email uses it (issue 49: templates "per email kind and locale,
 * the order's or the account's locale, else the default"). A checkout's locale is its explicit `locale`, else the
 * request's Accept-Language, else the signed-in customer's stored locale; a registration's is its `locale`, else
 * the Accept-Language. Order emails: the order's locale, else the customer's, else `i18n.default_locale`; account
 * emails: the account's, else the request's language, else the default. Read from what a real SMTP server received.
 */
import { randomUUID } from 'node:crypto';

import { mailsTo, until, useAccountMail } from '../fixtures/account-mail';
import { PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { ADDRESS, createShop, GQL_ADDRESS, stockedProduct } from '../fixtures/shop';
import type { Shop } from '../fixtures/use-shop';
import { partOf, type ReceivedMail } from '../harness/smtp-receiver';

const s = useAccountMail();
let shop: Shop;
beforeAll(async () => {
  shop = await createShop(s.t);
});

const CHECKOUT = '/api/v1/store/checkout';
const ORDERS = '/api/v1/admin/orders';
const DE = { 'accept-language': 'de-DE;q=0.8, de, en;q=0.5' };

/** A REST checkout of one unit of a fresh product, as a guest or the customer `customer`, with more `body` fields. */
async function checkout(opts: { headers?: Record<string, string>; body?: Record<string, unknown>; customer?: string }) {
  const product = await stockedProduct(s.t, shop.warehouse.id, 5, { priceGross: 1999 });
  const client = opts.customer ? s.t.asCustomer(opts.customer) : s.t.asGuest();
  return client.post(
    CHECKOUT,
    {
      items: [{ product_id: product.id, quantity: 1 }],
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
      ...(opts.customer ? {} : { email: uniqueEmail('buyer') }),
      ...opts.body,
    },
    opts.headers,
  );
}

/**
 * A received email's subject as the reader sees it: a non-ASCII subject travels as RFC 2047 encoded words
 * (`=?UTF-8?Q?…?=`), decoded here (their bytes joined first: a character may span two words).
 */
function subjectOf(mail: ReceivedMail): string {
  const raw = mail.subject ?? '';
  const words = [...raw.matchAll(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi)];
  if (!words.length) return raw;
  const bytes = words.map(([, enc, text]) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ),
  );
  return Buffer.concat(bytes).toString('utf8');
}

/** Waits for an email to `to` whose (decoded) subject matches. */
function receivedMail(to: string, subject: RegExp) {
  return until(() => mailsTo(s, to).find((m) => subject.test(subjectOf(m))));
}

/** The email the SMTP server received for the order whose subject matches. */
function receivedFor(order: { order_number: string; email: string }, subject: RegExp) {
  return until(() =>
    mailsTo(s, order.email).find((m) => subject.test(subjectOf(m)) && subjectOf(m).includes(order.order_number)),
  );
}

async function ship(orderId: string) {
  expect((await s.t.asAdmin().put(`${ORDERS}/${orderId}/status`, { status: 'confirmed' })).status).toBe(200);
  expect((await s.t.asAdmin().post(`${ORDERS}/${orderId}/shipments`, { carrier: 'dhl' })).status).toBe(201);
}

describe("an order's locale", () => {
  it("is the request's Accept-Language, and the confirmation is the German template", async () => {
    const res = await checkout({ headers: DE });
    expect(res.status).toBe(201);
    expect(res.body.data.locale).toBe('de');
    const order = res.body.data as { id: string; order_number: string; email: string };
    expect((await s.t.db.order.findUniqueOrThrow({ where: { id: order.id } })).locale).toBe('de');

    const mail = await receivedFor(order, /Bestellung/);
    expect(subjectOf(mail)).toBe(`Shop: Bestellung ${order.order_number} bestätigt`);
    // Money written the German way: 19,99 €.
    expect(partOf(mail.raw, 'text/plain')).toMatch(/19,99\s€/);
    const row = await s.t.db.email.findFirstOrThrow({ where: { orderId: order.id, kind: 'order_confirmation' } });
    expect(row.locale).toBe('de');

    // Both surfaces show it: the admin REST projection and the GraphQL type.
    expect((await s.t.asAdmin().get(`${ORDERS}/${order.id}`)).body.data.locale).toBe('de');
    const listed = await s.t.asAdmin().get(`${ORDERS}?search=${order.order_number}`);
    expect(listed.body.data.map((o: { locale: string }) => o.locale)).toEqual(['de']);
    const gql = await s.t.asAdmin().gql(`{ order(id: "${order.id}") { locale } }`);
    expect(gql.data.order).toEqual({ locale: 'de' });
  });

  it('is the explicit `locale` of the checkout before the header (REST and GraphQL)', async () => {
    const rest = await checkout({ headers: DE, body: { locale: 'en-GB' } });
    expect(rest.status).toBe(201);
    expect(rest.body.data.locale).toBe('en-GB');
    const mail = await receivedFor(rest.body.data, /confirmed/);
    expect(subjectOf(mail)).toBe(`Shop: order ${rest.body.data.order_number} confirmed`);

    const product = await stockedProduct(s.t, shop.warehouse.id, 5);
    const gql = await s.t
      .asGuest()
      .gql(`mutation ($input: CheckoutInput!) { checkoutComplete(input: $input) { orderNumber email locale } }`, {
        input: {
          items: [{ productId: product.id, quantity: 1 }],
          shippingAddress: GQL_ADDRESS,
          shippingMethodId: shop.shipping.id,
          paymentMethodId: shop.payment.id,
          email: uniqueEmail('gql'),
          locale: 'de-AT',
        },
      });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.checkoutComplete.locale).toBe('de-AT');
    const german = await receivedFor(
      { order_number: gql.data.checkoutComplete.orderNumber, email: gql.data.checkoutComplete.email },
      /Bestellung/,
    );
    expect(subjectOf(german)).toContain('bestätigt');
  });

  it('refuses a locale that is not a language tag: 400 `validation_error` on `locale`, no order', async () => {
    const email = uniqueEmail('bad-locale');
    for (const locale of ['../../etc/passwd', 'DE', 'de-AT-extra-long', 'x'.repeat(40)]) {
      const res = await checkout({ body: { email, locale } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ code: 'validation_error', field: 'locale' })]);
    }
    const gql = await s.t
      .asGuest()
      .gql(`mutation ($input: CheckoutInput!) { checkoutComplete(input: $input) { id } }`, {
        input: {
          items: [{ productId: (await stockedProduct(s.t, shop.warehouse.id, 1)).id, quantity: 1 }],
          shippingAddress: GQL_ADDRESS,
          shippingMethodId: shop.shipping.id,
          paymentMethodId: shop.payment.id,
          email,
          locale: 'de_DE',
        },
      });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'validation_error' });
    expect(await s.t.db.order.count({ where: { email } })).toBe(0);
  });

  it("is the signed-in customer's stored locale when the checkout and the request name none", async () => {
    const id = randomUUID();
    await s.t.asCustomer(id).ready();
    await s.t.db.customer.update({ where: { id }, data: { locale: 'de' } });
    const res = await checkout({ customer: id });
    expect(res.status).toBe(201);
    expect(res.body.data.locale).toBe('de');
  });

  it("without one, its emails use the customer's current locale: a German shipment email", async () => {
    const id = randomUUID();
    const customer = await s.t.asCustomer(id).ready();
    // Placed with no language anywhere: the order has none, the confirmation is the default (English).
    const placed = await checkout({ customer: id });
    expect(placed.status).toBe(201);
    const order = placed.body.data as { id: string; order_number: string; email: string; locale: string | null };
    expect(order.locale).toBeNull();
    expect(subjectOf(await receivedFor(order, /confirmed/))).toContain('confirmed');

    // The customer then chooses German for their account: the shipment email follows.
    const updated = await customer.put('/api/v1/store/account', { locale: 'de' });
    expect(updated.status).toBe(200);
    expect(updated.body.data.locale).toBe('de');
    await ship(order.id);
    const mail = await receivedFor(order, /unterwegs/);
    expect(subjectOf(mail)).toBe(`Shop: Bestellung ${order.order_number} ist unterwegs`);
  });

  it('with no locale anywhere, every email is in the default locale', async () => {
    const res = await checkout({});
    expect(res.status).toBe(201);
    const order = res.body.data as { id: string; order_number: string; email: string; locale: string | null };
    expect(order.locale).toBeNull();
    expect(subjectOf(await receivedFor(order, /confirmed/))).toBe(`Shop: order ${order.order_number} confirmed`);
    await ship(order.id);
    expect(subjectOf(await receivedFor(order, /on its way/))).toBe(`Shop: order ${order.order_number} is on its way`);
    const rows = await s.t.db.email.findMany({ where: { orderId: order.id } });
    expect(rows.map((r) => r.locale)).toEqual(['en', 'en']);
  });
});

describe("a customer's locale", () => {
  const register = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    s.t
      .asGuest()
      .post(
        '/api/v1/store/auth/register',
        { password: PASSWORD, first_name: 'Lena', last_name: 'Lang', ...body },
        headers,
      );

  it('is stored from the registration’s Accept-Language; a reset asked without one is still German', async () => {
    const email = uniqueEmail('de-reg');
    const created = await register({ email }, DE);
    expect(created.status).toBe(201);
    expect(created.body.data.locale).toBe('de');
    // The verification email of the registration is German too.
    const verify = await receivedMail(email, /E-Mail-Adresse/);
    expect(subjectOf(verify)).toBe('Shop: Bestätigen Sie Ihre E-Mail-Adresse');

    // The reset request names no language (an English browser even): the account's own wins.
    const asked = await s.t.asGuest().post('/api/v1/store/auth/password-reset', { email }, { 'accept-language': 'en' });
    expect(asked.status).toBe(202);
    const mail = await receivedMail(email, /Passwort zurücksetzen/);
    expect(subjectOf(mail)).toBe('Shop: Passwort zurücksetzen');
  });

  it('is the explicit `locale` of the registration; without any, account emails follow the request', async () => {
    const email = uniqueEmail('explicit');
    const created = await register({ email, locale: 'en' }, DE);
    expect(created.status).toBe(201);
    expect(created.body.data.locale).toBe('en');

    const plain = uniqueEmail('none');
    const none = await register({ email: plain });
    expect(none.body.data.locale).toBeNull();
    // No stored locale: the reset request's Accept-Language chooses, else the default.
    await s.t.asGuest().post('/api/v1/store/auth/password-reset', { email: plain }, DE);
    expect(subjectOf(await receivedMail(plain, /Passwort zurücksetzen/))).toBe('Shop: Passwort zurücksetzen');
    await s.t.asGuest().post('/api/v1/store/auth/password-reset', { email: plain });
    expect(subjectOf(await receivedMail(plain, /reset your password/))).toBe('Shop: reset your password');

    expect((await register({ email: uniqueEmail('bad'), locale: 'not a tag' })).body.errors).toEqual([
      expect.objectContaining({ code: 'validation_error', field: 'locale' }),
    ]);
  });

  it('is set and cleared by staff, shown in REST and GraphQL, and checked', async () => {
    const created = await s.t.asAdmin().post('/api/v1/admin/customers', {
      email: uniqueEmail('staff-made'),
      password: PASSWORD,
      first_name: 'A',
      last_name: 'B',
      locale: 'pt-BR',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.locale).toBe('pt-BR');
    const path = `/api/v1/admin/customers/${created.body.data.id}`;
    expect((await s.t.asAdmin().put(path, { locale: 'de-CH' })).body.data.locale).toBe('de-CH');
    const gql = await s.t.asAdmin().gql(`{ customer(id: "${created.body.data.id}") { locale } }`);
    expect(gql.data.customer).toEqual({ locale: 'de-CH' });
    expect((await s.t.asAdmin().put(path, { locale: null })).body.data.locale).toBeNull();
    const bad = await s.t.asAdmin().put(path, { locale: 'de/../x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ code: 'validation_error', field: 'locale' })]);
  });
});
