import { type PayprovShop, startPayprovShop, until } from '../../../test/fixtures/payprov';
import { ADDRESS } from '../../../test/fixtures/shop';
import { useChromium } from '../../../test/harness/chromium';

let s: PayprovShop;
const { haveChromium, browser } = useChromium("the pay page's browser tests", async () => {
  s = await startPayprovShop();
  return s;
});

const createLink = async () => {
  const product = await s.product();
  const cart = await s.t.asGuest().post('/api/v1/store/cart', { currency: 'EUR' });
  const headers = { 'x-cart-token': cart.body.data.session_token as string };
  await s.t
    .asGuest()
    .post(`/api/v1/store/cart/${cart.body.data.id}/items`, { product_id: product.id, quantity: 1 }, headers);
  const res = await s.t.asGuest().post(
    '/api/v1/store/payprov/payment-link',
    {
      cart_id: cart.body.data.id,
      payment_method_id: s.method.id,
      shipping_method_id: s.shop.shipping.id,
      shipping_address: ADDRESS,
      email: 'page@example.com',
    },
    headers,
  );
  expect(res.status).toBe(201);
  return { url: res.body.data.payment_url as string, intentId: res.body.data.payment_intent_id as string };
};

/** The page's global object as these browser-side predicates see it (this file has no DOM types). */
type PageGlobal = {
  __events: unknown[];
  document: { getElementById(id: string): { textContent: string } };
};

describe('payprov: pay page', () => {
  it('is a standalone page under a fresh nonce CSP, with the nonce on every script tag', async () => {
    const { url } = await createLink();
    const path = new URL(url).pathname;
    const [a, b] = [await s.t.asGuest().get(path), await s.t.asGuest().get(path)];
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = a.headers.get('content-security-policy')!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)![1];
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(nonce).not.toBe(/'nonce-([A-Za-z0-9+/=]+)'/.exec(b.headers.get('content-security-policy')!)![1]);
    expect(csp).toContain("'strict-dynamic'");
    for (const directive of ['script-src', 'frame-src', 'connect-src'])
      expect(csp.split('; ').find((d) => d.startsWith(directive))).toContain('https://js.stripe.com');
    const scripts = a.text.match(/<script\b[^>]*>/g)!;
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(a.text).toContain('<payprov-payment');
    expect(a.text).not.toContain('Main St');

    const unknown = await s.t.asGuest().get(`/plugins/payprov/pay/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
  });

  (haveChromium ? it : it.skip)(
    'renders in Chromium without CSP violations; the component dispatches payment-error and payment-success',
    async () => {
      const { url, intentId } = await createLink();
      const local = url.replace('https://shop.example.com', s.t.url).replace(/^http:\/\/[^/]+/, s.t.url);
      const page = await browser()!.newPage();
      const problems: string[] = [];
      const offsite: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(String(e)));
      page.on('request', (r) => !r.url().startsWith('http://127.0.0.1:') && offsite.push(r.url()));
      // Browser-side code as strings: this file is type-checked without the DOM library.
      await page.addInitScript({
        content: `
          window.__events = [];
          window.__violations = [];
          for (const type of ['payment-success', 'payment-error'])
            document.addEventListener(type, (e) =>
              window.__events.push({ type, detail: e.detail, bubbles: e.bubbles, composed: e.composed }));
          document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));`,
      });
      const events = () => page.evaluate('window.__events') as Promise<Array<Record<string, unknown>>>;

      await page.goto(local);
      await page.waitForSelector('payprov-payment button');
      expect(await page.locator('payprov-payment input[name=card]').count()).toBe(1);

      await page.evaluate("window.__stubMode = 'decline'");
      await page.click('payprov-payment button');
      await page.waitForFunction(() => (globalThis as unknown as PageGlobal).__events.length === 1);
      expect((await events())[0]).toEqual({
        type: 'payment-error',
        detail: { message: 'Your card was declined.' },
        bubbles: true,
        composed: true,
      });

      // No help from the test: the provider script records the card's outcome at the double, as
      // `npm run payprov:double` serves it, and the page completes the link on its own.
      expect(s.fake.intent(intentId).status).toBe('requires_payment_method');
      await page.evaluate("window.__stubMode = 'success'");
      await page.click('payprov-payment button');
      await page.waitForFunction(() => (globalThis as unknown as PageGlobal).__events.length === 2);
      expect((await events())[1]).toEqual({
        type: 'payment-success',
        detail: { paymentIntentId: intentId },
        bubbles: true,
        composed: true,
      });
      await page.waitForFunction(() =>
        (globalThis as unknown as PageGlobal).document
          .getElementById('payprov-status')
          .textContent.startsWith('Thank you'),
      );
      await until(async () => (await s.t.db.order.count({ where: { paymentReference: intentId } })) === 1);
      // The buyer sees the order number they can quote, not the order's id.
      const order = await s.t.db.order.findFirstOrThrow({ where: { paymentReference: intentId } });
      const shown = (await page.textContent('#payprov-status')) ?? '';
      expect(shown).toBe(`Thank you! Your order ${order.orderNumber} is placed.`);
      expect(shown).not.toContain(order.id);
      expect(s.fake.intent(intentId).status).not.toBe('requires_payment_method');

      expect(await page.evaluate('window.__violations')).toEqual([]);
      expect(problems).toEqual([]);
      expect(offsite).toEqual([]);
      await page.close();
    },
    30_000,
  );
});
