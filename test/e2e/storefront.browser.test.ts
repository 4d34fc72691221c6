import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

import { seedDemo } from '../../app/seed/demo';
import { payprovPlugin } from '../../plugins/payprov';
import { ANONYMOUS } from '../../src/context/actor';
import { createContext } from '../../src/context/create-context';
import { useChromium } from '../harness/chromium';
import { FakeProvider } from '../harness/fake-provider';
import { startTestServer, type TestServer } from '../harness/server';
import { startStorefront, type Storefront } from '../harness/storefront';

/**
 * The reference storefront (storefront/, its production build) in a real Chromium against a running service with
 * the demo shop: a shopper's path by the names the pages are found by (ui-names.md), axe on every page, the same
 * path with JavaScript off, and the product page's JavaScript as transferred within its budget (150 kB).
 * `SVC_TEST_STOREFRONT_SCREENSHOTS=<folder>` saves each page (the README's pictures).
 */

let t: TestServer;
let fake: FakeProvider;
let shop: Storefront;
const SHOTS = process.env.SVC_TEST_STOREFRONT_SCREENSHOTS;
const JS_BUDGET_BYTES = 150 * 1024;

const { haveChromium, browser } = useChromium(
  'the storefront',
  async () => {
    fake = await FakeProvider.start();
    t = await startTestServer(
      {
        plugins: {
          payprov: {
            secret_key: 'sk_test_storefront',
            publishable_key: 'pk_test_storefront',
            webhook_secret: 'whsec_storefront',
            api_base: fake.url,
            js_url: `${fake.url}/js/v3`,
          },
        },
      },
      { plugins: [payprovPlugin] },
    );
    const ctx = createContext(t.service.services, { id: 'sf-seed', actor: ANONYMOUS, log: t.service.services.log });
    await seedDemo(ctx);
    const card = await t
      .asAdmin()
      .post('/api/v1/admin/payment-methods', { provider: 'payprov', translations: [{ locale: 'en', name: 'Card' }] });
    expect(card.status).toBe(201);
    shop = await startStorefront(t.url);
    return {
      close: async () => {
        await shop?.close();
        await t.close();
        await fake.close();
      },
    };
  },
  120_000,
);

/** axe-core on the page as it is: serious and critical findings fail the test, with the page's name. */
async function audit(page: Page, name: string, found: string[]) {
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }
  const result = await new AxeBuilder({ page }).analyze();
  for (const v of result.violations)
    if (v.impact === 'serious' || v.impact === 'critical')
      found.push(`${name}: ${v.id} ${v.nodes.map((n) => n.target).join(', ')}`);
}

const it_ = haveChromium ? it : it.skip;

describe('the storefront in a browser', () => {
  it_(
    'a shopper finds a T-shirt from the home page, picks a size and colour, and puts it in the cart',
    async () => {
      const context = await browser()!.newContext();
      const page = await context.newPage();
      const axe: string[] = [];
      const scripts: Array<{ url: string; bytes: number }> = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() !== 'script') return;
        void request
          .sizes()
          .then((s) => scripts.push({ url: request.url(), bytes: s.responseBodySize + s.responseHeadersSize }));
      });

      await page.goto(shop.url);
      await page.getByRole('heading', { name: 'Categories' }).first().waitFor();
      await audit(page, 'home', axe);
      expect(await page.getByRole('link', { name: 'Cart (0)' }).count()).toBe(1);
      await page.getByRole('link', { name: 'Sign in' }).waitFor();

      // Search: suggestions while typing, then the results page.
      await page.getByRole('combobox', { name: 'Search' }).pressSequentially('hoo');
      await page.locator('#search-suggestions option[value="Zip Hoodie"]').waitFor({ state: 'attached' });
      await page.getByRole('combobox', { name: 'Search' }).press('Enter');
      await page.getByRole('heading', { level: 1, name: /Results for/ }).waitFor();
      await page.getByRole('list', { name: 'Products' }).getByRole('link', { name: 'Zip Hoodie' }).waitFor();
      await audit(page, 'search', axe);
      await page.goto(shop.url);

      await page.getByRole('main').getByRole('link', { name: 'Apparel' }).click();
      await page.getByRole('heading', { level: 1, name: 'Apparel', exact: true }).waitFor();
      await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
      await page.waitForURL(/sort=price-desc/);
      await audit(page, 'category', axe);
      const names = await page.getByRole('list', { name: 'Products' }).getByRole('link').allInnerTexts();
      expect(names.map((n) => n.trim())).toEqual(['Zip Hoodie', 'Classic T-Shirt']);

      scripts.length = 0;
      await page.goto(`${shop.url}/p/classic-t-shirt`);
      await page.getByRole('heading', { level: 1, name: 'Classic T-Shirt', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      const js = scripts.reduce((sum, s) => sum + s.bytes, 0);
      expect(js).toBeGreaterThan(0);
      expect(js).toBeLessThanOrEqual(JS_BUDGET_BYTES);

      const size = page.getByRole('group', { name: 'Size' });
      await size.getByRole('radio', { name: 'M' }).check({ force: true });
      await page.getByRole('group', { name: 'Color' }).getByRole('radio', { name: 'White' }).check({ force: true });
      await page.getByLabel('Quantity').fill('2');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('status').getByText('Added to your cart.').waitFor();
      await page.getByRole('link', { name: 'Cart (2)' }).waitFor();
      await audit(page, 'product', axe);

      await page.getByRole('link', { name: 'Cart (2)' }).click();
      await page.getByRole('heading', { level: 1, name: 'Cart', exact: true }).waitFor();
      await page.getByLabel('Quantity').fill('3');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByRole('link', { name: 'Cart (3)' }).waitFor();
      await audit(page, 'cart', axe);
      await page.getByRole('button', { name: 'Remove' }).click();
      await page.getByText('Your cart is empty.').waitFor();
      await page.getByRole('link', { name: 'Cart (0)' }).waitFor();

      expect(axe).toEqual([]);
      // The browser holds only the sealed session cookie: no service token, and script cannot read it.
      const cookies = await context.cookies();
      expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['sf_session', true, 'Lax']]);
      await context.close();
    },
    120_000,
  );

  it_(
    'a guest buys with the invoice method: address, shipping method, the totals before paying, the confirmation',
    async () => {
      const context = await browser()!.newContext();
      const page = await context.newPage();
      const axe: string[] = [];
      await page.goto(`${shop.url}/p/enamel-mug`);
      await page.getByLabel('Quantity').fill('2');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: 'Cart (2)' }).click();
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByRole('heading', { level: 1, name: 'Checkout', exact: true }).waitFor();

      // Missing fields are named beside the fields, nothing is placed.
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('alert').getByText('Please correct the marked fields.').waitFor();
      await audit(page, 'checkout-errors', axe);

      await page.getByLabel('Email').fill('guest@example.com');
      await page.getByLabel('First name').fill('Greta');
      await page.getByLabel('Last name').fill('Guest');
      await page.getByLabel('Street').fill('Hauptstraße 1');
      await page.getByLabel('City').fill('Berlin');
      await page.getByLabel('Postal code').fill('10115');
      await page.getByLabel('Country').selectOption('DE');
      await page
        .getByRole('group', { name: 'Shipping method' })
        .getByRole('radio', { name: /Express/ })
        .check();
      // The totals follow the shipping method (Express €9.90) before anything is placed.
      await page.getByRole('definition').filter({ hasText: '€35.70' }).waitFor();
      await page.getByRole('group', { name: 'Payment method' }).getByRole('radio', { name: 'Invoice' }).check();
      for (const name of ['Subtotal', 'Shipping', 'Tax', 'Total'])
        await page.getByRole('term').getByText(name, { exact: true }).waitFor();
      await audit(page, 'checkout', axe);
      await page.getByRole('button', { name: 'Place order' }).click();

      await page.getByRole('heading', { level: 1, name: /Thank you/ }).waitFor();
      const number = await page.getByText(/ORD-/).innerText();
      const order = await t.db.order.findFirstOrThrow({ where: { email: 'guest@example.com' } });
      expect(number).toBe(order.orderNumber);
      expect(order.total).toBe(3570);
      await audit(page, 'confirmation', axe);
      await page.getByRole('link', { name: 'Cart (0)' }).waitFor();
      expect(axe).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it_(
    'a customer signs up (the guest cart comes along), buys, follows the shipment and asks for a return',
    async () => {
      const context = await browser()!.newContext();
      const page = await context.newPage();
      const axe: string[] = [];
      const email = `shopper-${Date.now()}@example.com`;
      await page.goto(`${shop.url}/p/enamel-mug`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: 'Cart (1)' }).waitFor();

      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
      await audit(page, 'sign-in', axe);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('wrong-password-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').getByText('Email or password is not right.').waitFor();
      await page.getByRole('link', { name: 'Create account' }).click();
      await page.getByLabel('First name').fill('Cora');
      await page.getByLabel('Last name').fill('Customer');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('a-long-and-unusual-passphrase');
      await audit(page, 'create-account', axe);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Account', exact: true }).waitFor();
      // The cart put together as a guest is the customer's now.
      await page.getByRole('link', { name: 'Cart (1)' }).click();
      await page.getByRole('heading', { level: 1, name: 'Cart', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Checkout' }).click();
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await page.getByLabel('First name').fill('Cora');
      await page.getByLabel('Last name').fill('Customer');
      await page.getByLabel('Street').fill('Ringstraße 5');
      await page.getByLabel('City').fill('Wien');
      await page.getByLabel('Postal code').fill('1010');
      await page.getByLabel('Country').selectOption('AT');
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('heading', { level: 1, name: /Thank you/ }).waitFor();

      const customer = await t.db.customer.findUniqueOrThrow({ where: { email } });
      const order = await t.db.order.findFirstOrThrow({ where: { customerId: customer.id } });
      await t.asAdmin().put(`/api/v1/admin/orders/${order.id}/status`, { status: 'confirmed' });
      const shipped = await t.asAdmin().post(`/api/v1/admin/orders/${order.id}/shipments`, {
        carrier: 'dhl',
        tracking_number: '00340434161094042557',
      });
      expect(shipped.status).toBe(201);

      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { level: 2, name: 'Orders' }).waitFor();
      await audit(page, 'account', axe);
      await page.getByRole('link', { name: order.orderNumber }).click();
      await page.getByRole('heading', { level: 1, name: `Order number ${order.orderNumber}` }).waitFor();
      await page.getByText('Status: Shipped').waitFor();
      const track = page.getByRole('link', { name: /Track 00340434161094042557/ });
      expect(await track.getAttribute('href')).toContain('00340434161094042557');
      await page.getByLabel('Enamel Mug').fill('1');
      await page.getByLabel('Reason').fill('Chipped on arrival');
      await audit(page, 'order', axe);
      await page.getByRole('button', { name: 'Request return' }).click();
      await page.getByRole('status').getByText('Return requested').waitFor();
      const ret = await t.db.return.findFirstOrThrow({ where: { orderId: order.id } });
      expect(ret.status).toBe('requested');

      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('link', { name: 'Sign in' }).waitFor();
      expect(axe).toEqual([]);
      await context.close();
    },
    180_000,
  );

  it_(
    'the category sidebar filters by a facet, and every count is what the API answers for the same filters',
    async () => {
      const context = await browser()!.newContext();
      const page = await context.newPage();
      const axe: string[] = [];
      await page.goto(`${shop.url}/c/apparel`);
      const filters = page.getByRole('region', { name: 'Filters' });
      await filters.getByRole('group', { name: 'Size' }).waitFor();
      await filters.getByRole('group', { name: 'Price' }).waitFor();
      await filters.getByRole('checkbox', { name: /^Black \(\d+\)$/ }).check();
      await page.waitForURL(/[?&]o=/);
      await filters.getByRole('checkbox', { name: /^Black \(\d+\)$/, checked: true }).waitFor();
      await audit(page, 'category-filtered', axe);

      // The same list asked of the API: the page's checkboxes carry its counts.
      const category = await t.db.category.findFirstOrThrow({ where: { translations: { some: { slug: 'apparel' } } } });
      const optionIds = new URL(page.url()).searchParams.getAll('o');
      const api = await t.asGuest().gql<{
        storeProducts: { items: { name: string }[]; facets: { values: { label: string; count: number }[] }[] };
      }>(
        `query($c: UUID!, $o: [UUID!]) { storeProducts(categoryId: $c, options: $o) { items { name }
         facets { kind values { label count } } } }`,
        { c: category.id, o: optionIds },
      );
      expect(api.errors).toBeUndefined();
      const shown = await page.getByRole('list', { name: 'Products' }).getByRole('link').allInnerTexts();
      expect(shown.map((n) => n.trim()).sort()).toEqual(api.data!.storeProducts.items.map((i) => i.name).sort());
      const labels = await filters
        .getByRole('checkbox')
        .evaluateAll((boxes) =>
          boxes.map((b) => (b as unknown as { labels: { textContent: string }[] }).labels[0]!.textContent),
        );
      const counts = (l: string) => Number(/\((\d+)\)$/.exec(l)![1]);
      const expected = api.data!.storeProducts.facets.flatMap((f) => f.values.map((v) => v.count));
      expect(labels.map(counts)).toEqual(expected);
      expect(axe).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it_(
    'a guest pays by card through payprov (the local payment double) and gets the confirmation',
    async () => {
      const context = await browser()!.newContext();
      const page = await context.newPage();
      const axe: string[] = [];
      await page.goto(`${shop.url}/p/coffee-beans-1kg`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: 'Cart (1)' }).click();
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByLabel('Email').fill('card@example.com');
      await page.getByLabel('First name').fill('Carla');
      await page.getByLabel('Last name').fill('Card');
      await page.getByLabel('Street').fill('Rue de Rivoli 1');
      await page.getByLabel('City').fill('Paris');
      await page.getByLabel('Postal code').fill('75001');
      await page.getByLabel('Country').selectOption('FR');
      await page.getByRole('group', { name: 'Payment method' }).getByRole('radio', { name: 'Card' }).check();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();

      await page.getByRole('heading', { level: 1, name: 'Payment', exact: true }).waitFor();
      await page.getByText('Amount to pay: €23.89').waitFor();
      await page.getByPlaceholder('card number').fill('4242 4242 4242 4242');
      await audit(page, 'payment', axe);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();

      await page.getByRole('heading', { level: 1, name: /Thank you/ }).waitFor();
      const order = await t.db.order.findFirstOrThrow({ where: { email: 'card@example.com' } });
      expect(order.paymentReference).toMatch(/^pi_/);
      expect(fake.intents.get(order.paymentReference!)?.amount).toBe(order.total);
      expect(axe).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it_(
    'with JavaScript off, browsing and adding to the cart still work',
    async () => {
      const context = await browser()!.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${shop.url}/c/apparel?sort=name`);
      await page.getByRole('heading', { level: 1, name: 'Apparel', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Zip Hoodie' }).click();
      await page.getByRole('heading', { level: 1, name: 'Zip Hoodie', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('status').getByText('Added to your cart.').waitFor();
      await page.getByRole('link', { name: 'Cart (1)' }).click();
      await page.getByRole('heading', { level: 1, name: 'Cart', exact: true }).waitFor();
      expect(await page.getByText('Zip Hoodie').count()).toBe(1);
      await context.close();
    },
    60_000,
  );

  it_(
    'German pages: German words, prices formatted for the locale, and a 404 for an unknown locale',
    async () => {
      const context = await browser()!.newContext();
      const page = await context.newPage();
      await page.goto(`${shop.url}/de/p/enamel-mug`);
      await page.getByRole('button', { name: 'In den Warenkorb' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      expect(await page.getByText('12,90 €').count()).toBeGreaterThan(0);
      const missing = await page.goto(`${shop.url}/xx/p/enamel-mug`);
      expect(missing?.status()).toBe(404);
      await context.close();
    },
    60_000,
  );
});

describe('the storefront for crawlers', () => {
  it('has robots.txt, a sitemap of the catalog in both locales, canonical links and JSON-LD with price and stock', async () => {
    const robots = await fetch(`${shop.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${shop.url}/sitemap.xml`);
    const sitemap = await (await fetch(`${shop.url}/sitemap.xml`)).text();
    for (const path of ['/p/classic-t-shirt', '/de/p/classic-t-shirt', '/c/apparel'])
      expect(sitemap).toContain(`<loc>${shop.url}${path}</loc>`);
    const html = await (await fetch(`${shop.url}/p/classic-t-shirt?utm=x`)).text();
    expect(html).toContain(`<link rel="canonical" href="${shop.url}/p/classic-t-shirt"/>`);
    expect(html).toContain('property="og:title" content="Classic T-Shirt');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as {
      '@type': string;
      offers: Array<{ price: string; priceCurrency: string; availability: string }>;
    };
    expect(ld['@type']).toBe('Product');
    expect(ld.offers[0]).toMatchObject({
      price: '24.99',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    expect((await fetch(`${shop.url}/p/no-such-product`)).status).toBe(404);
    const suggest = await fetch(`${shop.url}/search/suggest?q=mu`);
    expect(await suggest.json()).toEqual({ suggestions: ['Enamel Mug'] });
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  });
});
