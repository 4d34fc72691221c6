import type { Page } from 'playwright-core';

import { createAdmin } from '../fixtures/accounts';
import { type PayprovShop, startPayprovShop, until } from '../fixtures/payprov';
import { ADDRESS, guestCheckout } from '../fixtures/shop';
import { audit, heading, nav, useAdminBrowser } from '../harness/admin-browser';

/**
 * Orders and their card payments in the admin (Chromium against a real server with payprov and the provider
 * double): a guest order paid by card after it was placed is found in Orders, confirmed, captured and refunded
 * in two parts; an order placed on invoice gets a payment link, whose status follows the buyer's payment; each
 * payment shows once (the admin's Card payments panel owns payprov's payments: no plugin panel, no second list);
 * the history names who changed the status; an order line, Home's low stock and a stock row name the variant.
 * axe-core on every screen.
 */

let s: PayprovShop;
let staffEmail = '';

const { haveChromium, openSession, closeSession, signIn } = useAdminBrowser(
  "the admin's sales browser tests",
  async () => {
    // Deferred capture: the staff member captures (or shipping does), so the buttons have something to do.
    s = await startPayprovShop({ capture_on: 'shipped' });
    staffEmail = (await createAdmin(s.t, { role: 'admin' })).email;
    return { url: s.t.url, close: () => s.close() };
  },
);

/** A guest order on invoice (the shop's manual method): pending, unpaid. 10.00 + 4.90 shipping. */
async function invoiceOrder() {
  const product = await s.product(5, 1000);
  const res = await guestCheckout(s.t, s.shop, product.id);
  expect(res.status).toBe(201);
  return res.body.data as { id: string; order_number: string; total: number };
}

/** Orders → search by number → the order's screen. */
async function openOrder(page: Page, orderNumber: string) {
  await nav(page).getByRole('link', { name: 'Orders', exact: true }).click();
  await heading(page, 'Orders').waitFor();
  await page.getByRole('searchbox', { name: 'Search' }).fill(orderNumber);
  await page.waitForURL(/[?&]q=/);
  await page.getByRole('link', { name: orderNumber }).click();
  await heading(page, `Order ${orderNumber}`).waitFor();
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

/**
 * The order screen shows each payment once (issue 52: the Card payments panel, payprov's extension panel and the
 * transactions list showed a card payment up to three times): one payments heading, one article per payment, its
 * id written nowhere else, no plugin panel.
 */
async function expectPaymentsOnce(page: Page, intentIds: string[]) {
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.filter((h) => /payment/i.test(h))).toEqual(['Card payments']);
  expect(await page.getByRole('article', { name: /^Payment / }).count()).toBe(intentIds.length);
  // Each payment's id is written only inside the Card payments panel (its card and its refunds' caption).
  for (const id of intentIds) {
    const everywhere = await page.getByText(id).count();
    expect(everywhere).toBeGreaterThan(0);
    expect(await section(page, 'Card payments').getByText(id).count()).toBe(everywhere);
  }
  expect(await page.locator('[data-extension]').count()).toBe(0);
}

/** A product with variants Navy / XL and Red / XL, 3 units each, its variants generated through the API. */
async function variantProduct(tag: string) {
  const admin = s.t.asAdmin();
  const group = async (identifier: string, names: string[]) => {
    const created = await s.t.db.propertyGroup.create({
      data: {
        identifier: `${identifier}-${tag}`,
        translations: { create: [{ locale: 'en', name: identifier }] },
        options: {
          create: names.map((name, position) => ({ position, translations: { create: [{ locale: 'en', name }] } })),
        },
      },
      include: { options: { orderBy: { position: 'asc' } } },
    });
    return created.options.map((o) => o.id);
  };
  const colors = await group('color', ['Navy', 'Red']);
  const sizes = await group('size', ['XL']);
  const product = await admin.post('/api/v1/admin/products', {
    currency: 'EUR',
    active: true,
    price_gross: 2500,
    tax_rule_id: s.shop.tax.id,
    sku: `TEE-${tag}`,
    translations: [{ locale: 'en', name: `Tee ${tag}`, slug: `tee-${tag}` }],
  });
  expect(product.status).toBe(201);
  const id = product.body.data.id as string;
  const variants = await admin.post(`/api/v1/admin/products/${id}/variants`, {
    sku: `TEE-${tag}`,
    option_groups: [colors, sizes],
  });
  expect(variants.status).toBe(201);
  const ids = (variants.body.data as Array<{ id: string }>).map((v) => v.id);
  const stock = await admin.put(`/api/v1/admin/warehouses/${s.shop.warehouse.id}/stock`, {
    items: ids.map((variant_id) => ({ product_id: id, variant_id, quantity: 3 })),
  });
  expect(stock.status).toBe(200);
  return { id, name: `Tee ${tag}`, navy: ids[0] };
}

(haveChromium ? describe : describe.skip)('admin orders and payments in Chromium', () => {
  it('finds a card-paid guest order, confirms it, captures and refunds it in two parts; it shows once', async () => {
    const order = await invoiceOrder();
    // The guest pays the placed order by card (post-order intent); the provider holds the money.
    const intentRes = await s.t.asGuest().post('/api/v1/store/payprov/payment-intent', {
      order_id: order.id,
      payment_method_id: s.method.id,
      guest_token: (await s.orderOf(order.id)).guestToken,
    });
    expect(intentRes.status).toBe(201);
    const intentId = intentRes.body.data.id as string;
    s.fake.authorize(intentId);

    const session = await openSession();
    const { page } = session;
    // This machine is shared: give slow screens time rather than fail on load.
    page.setDefaultTimeout(60_000);
    await signIn(session, staffEmail, '/admin');
    await heading(page, 'Home').waitFor();
    await openOrder(page, order.order_number);
    await audit(session, 'Order with an authorized card payment');

    // Confirm: the status buttons come from the server's state machine.
    await page.getByRole('group', { name: 'Status changes' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Status: confirmed').waitFor();
    expect((await s.orderOf(order.id)).status).toBe('confirmed');
    // The history names who did it: the guest placed it, this staff member confirmed it.
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText(new RegExp(`^Placed \\(Pending\\) · by customer guest@example\\.com · `)).waitFor();
    await history.getByText(new RegExp(`^Pending → Confirmed · by ${staffEmail.replace(/\./g, '\\.')} · `)).waitFor();

    const payments = section(page, 'Card payments');
    const card = payments.getByRole('article', { name: `Payment ${intentId}` });
    await card.getByText('requires_capture').waitFor();
    await card.getByRole('button', { name: 'Capture payment' }).click();
    await card
      .getByTestId('payment-status')
      .filter({ hasText: /^completed · captured/ })
      .waitFor();
    expect(s.fake.intent(intentId).status).toBe('succeeded');
    expect(s.fake.performed('capture', intentId)).toBe(1);
    await audit(session, 'Order with a captured payment');

    // A partial refund, then the rest (the default amount is what is left).
    const amount = card.getByLabel('Refund amount (EUR)');
    expect(await amount.inputValue()).toBe('14.90');
    await amount.fill('20');
    await card.getByRole('button', { name: 'Refund payment' }).click();
    await card.getByText('Between').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await amount.fill('5.00');
    await card.getByRole('button', { name: 'Refund payment' }).click();
    // A refund asks first, naming the amount, what was paid and what is left (issue 52: it was one click).
    const ask = page.getByRole('alertdialog', { name: /^Refund .*5\.00\?$/ });
    await ask.getByText(/Paid .*14\.90, already refunded .*0\.00; after this refund .*9\.90 can still be/).waitFor();
    await audit(session, 'Refund confirmation');
    // Keeping it refunds nothing; confirming does.
    await ask.getByRole('button', { name: 'Keep' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(s.fake.refunds.filter((r) => r.payment_intent === intentId)).toEqual([]);
    await card.getByRole('button', { name: 'Refund payment' }).click();
    await ask.getByRole('button', { name: /^Refund .*5\.00$/ }).click();
    await card.getByTestId('payment-refunded').filter({ hasText: '5.00' }).waitFor();
    expect(s.fake.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([500]);
    expect((await s.transactionOf(intentId))!.refundedAt).toBeNull();
    await audit(session, 'Order with a partial refund');
    expect(await amount.inputValue()).toBe('9.90');
    await card.getByRole('button', { name: 'Refund payment' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Refund .*9\.90$/ })
      .click();
    await card
      .getByTestId('payment-status')
      .filter({ hasText: /refunded/ })
      .waitFor();
    expect(s.fake.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([500, 990]);
    expect((await s.transactionOf(intentId))!.refundedAt).not.toBeNull();
    await card.getByRole('button', { name: 'Refund payment' }).waitFor({ state: 'detached' });

    // The card payment shows once: in the Card payments panel, not again in a transactions list or a plugin panel.
    await expectPaymentsOnce(page, [intentId]);
    const extensions = (await s.t.asAdmin().gql('{ adminPluginExtensions { id slot } }')).data.adminPluginExtensions;
    expect(extensions).toEqual([]);

    await closeSession(session);
  }, 180_000);

  it('creates a payment link for an order on invoice, copies it, and follows its status to completed', async () => {
    const order = await invoiceOrder();
    const session = await openSession();
    const { page, context } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.t.url });
    page.setDefaultTimeout(60_000);
    await signIn(session, staffEmail, `/admin/orders/${order.id}`);
    // Back to the order after signing in (the deep link survives the sign-in).
    await heading(page, `Order ${order.order_number}`).waitFor();
    const payments = section(page, 'Card payments');
    await payments.getByText('No card payment for this order yet.').waitFor();
    await expectPaymentsOnce(page, []);
    await payments.getByRole('button', { name: 'Create payment link' }).click();
    const url = payments.getByLabel('New payment link (shown once)');
    await url.waitFor();
    const paymentUrl = await url.inputValue();
    expect(paymentUrl).toMatch(new RegExp(`^${s.t.url}/plugins/payprov/pay/[A-Za-z0-9_-]{43}$`));
    await payments.getByRole('button', { name: 'Copy link' }).click();
    await payments.getByText('Copied to the clipboard.').waitFor();
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe(paymentUrl);
    await payments.getByTestId('link-status').filter({ hasText: 'pending' }).waitFor();
    await audit(session, 'Order with a payment link');

    // The buyer pays on the link's page (its card authorized at the provider, then the page completes).
    const token = paymentUrl.split('/').pop()!;
    const link = await s.t.asGuest().get(`/api/v1/store/payprov/payment-link/${token}`);
    expect(link.status).toBe(200);
    expect(link.body.data.amount).toBe(order.total);
    const intentId = String(link.body.data.client_secret).split('_secret_')[0];
    s.fake.authorize(intentId);
    const done = await s.t
      .asGuest()
      .post(`/api/v1/store/payprov/payment-link/${token}/complete`, { payment_intent_id: intentId });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'completed', order_id: order.id });
    await until(async () => (await s.orderOf(order.id)).status === 'confirmed');

    // The screen follows the link (it asks again while one is out): completed, the payment held, the order confirmed.
    await payments.getByTestId('link-status').filter({ hasText: 'completed' }).waitFor({ timeout: 15_000 });
    await payments
      .getByRole('article', { name: `Payment ${intentId}` })
      .getByText('requires_capture')
      .waitFor();
    await page.getByText('Status: confirmed').waitFor();
    await payments.getByRole('button', { name: 'Create payment link' }).waitFor({ state: 'detached' });
    await audit(session, 'Order paid through a payment link');

    // A used link is refused (410) and the panel of payprov shows its status too.
    const again = await s.t
      .asGuest()
      .post(`/api/v1/store/payprov/payment-link/${token}/complete`, { payment_intent_id: intentId });
    expect(again.status).toBe(410);
    await expectPaymentsOnce(page, [intentId]);
    await closeSession(session);
  }, 180_000);

  it('names the variant on an order line, in Home’s low stock and on a stock row', async () => {
    const tee = await variantProduct(Date.now().toString(36));
    const res = await s.t.asGuest().post('/api/v1/store/checkout', {
      items: [{ product_id: tee.id, variant_id: tee.navy, quantity: 1 }],
      shipping_address: ADDRESS,
      shipping_method_id: s.shop.shipping.id,
      payment_method_id: s.shop.payment.id,
      email: 'variant@example.com',
    });
    expect(res.status).toBe(201);
    const session = await openSession();
    const { page } = session;
    page.setDefaultTimeout(60_000);
    await signIn(session, staffEmail, `/admin/orders/${res.body.data.id}`);
    await heading(page, `Order ${res.body.data.order_number}`).waitFor();
    // The line: the product, and the variant under it.
    const line = page.getByRole('row', { name: new RegExp(tee.name) });
    await line.getByText('Navy / XL', { exact: true }).waitFor();
    await audit(session, 'Order with a variant line');

    // Home's low stock (2 Navy left, 3 Red) and the warehouse's stock rows say which variant.
    await nav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await page
      .getByRole('table', { name: 'Low stock' })
      .getByRole('link', { name: `${tee.name} — Navy / XL` })
      .waitFor();
    await page.goto(
      `${s.t.url}/admin/inventory/warehouses/${s.shop.warehouse.id}?page=1&q=${encodeURIComponent(tee.name)}`,
    );
    const row = page.getByRole('row', { name: new RegExp(`${tee.name} — Red / XL`) });
    await row.getByRole('cell', { name: '3', exact: true }).waitFor();
    await row.getByRole('button', { name: new RegExp(`^Set stock of ${tee.name} — Red / XL`) }).click();
    await page.locator('strong', { hasText: `${tee.name} — Red / XL` }).waitFor();
    await audit(session, 'Stock levels with variants');
    await closeSession(session);
  }, 180_000);
});
