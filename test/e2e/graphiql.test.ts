import type { Browser } from 'playwright-core';

import { chromiumAvailable, launchChromium } from '../harness/chromium';
import { startTestServer, type TestServer } from '../harness/server';

const haveChromium = chromiumAvailable("GraphiQL's browser test");

let t: TestServer;
let browser: Browser | undefined;
beforeAll(async () => {
  t = await startTestServer();
  if (haveChromium) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('GraphiQL at /graphiql (the offline explorer)', () => {
  it('is a page under a fresh nonce CSP whose scripts all carry the nonce and load from this server', async () => {
    const res = await t.asGuest().get('/graphiql');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)![1];
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("font-src 'self' data:");
    const scripts = res.text.match(/<script\b[^>]*>/g)!;
    expect(scripts).toHaveLength(4);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    for (const src of res.text.match(/(?:src|href)="[^"]+"/g)!) expect(src).toMatch(/="(\/graphiql\/assets\/|data:,")/);

    const js = await t.asGuest().get('/graphiql/assets/graphiql.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.text).toContain('GraphiQL');
    for (const name of ['react.js', 'react-dom.js', 'graphiql.css'])
      expect((await t.asGuest().get(`/graphiql/assets/${name}`)).status).toBe(200);
    // Only the four files: no path reaches anything else of node_modules.
    for (const name of ['constructor', '..%2Fpackage.json', 'graphiql.min.js.map'])
      expect((await t.asGuest().get(`/graphiql/assets/${name}`)).status).toBe(404);
  });

  (haveChromium ? it : it.skip)(
    'renders in Chromium, lists the Query fields in its docs and runs a query, offline and without errors',
    async () => {
      const page = await browser!.newPage();
      const problems: string[] = [];
      const offsite: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(`${m.text()} ${m.location().url}`));
      page.on('pageerror', (e) => problems.push(String(e)));
      page.on('request', (r) => !r.url().startsWith(t.url) && offsite.push(r.url()));
      await page.addInitScript({
        content: `window.__violations = [];
          document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));`,
      });

      // A browser holding a credential cookie (a guest order's): its POSTs pass CSRF only because the page's
      // fetcher echoes the csrf_token cookie as X-CSRF-Token.
      await page.context().addCookies([
        { name: 'svc_guest_token', value: 'a'.repeat(64), url: `${t.url}/graphql` },
        { name: 'csrf_token', value: 'b'.repeat(64), url: t.url },
      ]);
      await page.goto(`${t.url}/graphiql`);
      await page.waitForSelector('.graphiql-container');

      // The docs explorer lists the root Query type's fields (introspected from /graphql).
      await page.click('[aria-label="Show Documentation Explorer"]');
      await page.click('a.graphiql-doc-explorer-type-name:has-text("Query")');
      await page.waitForSelector('.graphiql-doc-explorer-field-name:has-text("storeProducts")');
      expect(await page.locator('.graphiql-doc-explorer-field-name:has-text("storeShippingMethods")').count()).toBe(1);

      // Running the default operation answers with data from this server.
      const answer = page.waitForResponse((r) => r.url() === `${t.url}/graphql` && r.request().method() === 'POST');
      await page.click('.graphiql-execute-button');
      const response = await answer;
      expect(response.request().headers()['x-csrf-token']).toBe('b'.repeat(64));
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { data?: Record<string, unknown> };
      expect(Object.keys(body.data ?? {})).toEqual(['storeProducts', 'storeShippingMethods', 'storePaymentMethods']);
      await page.waitForFunction(() =>
        /"storeProducts"/.test(
          (globalThis as unknown as { document: { body: { innerText: string } } }).document.body.innerText,
        ),
      );

      expect(await page.evaluate('window.__violations')).toEqual([]);
      expect(problems).toEqual([]);
      expect(offsite).toEqual([]);
      await page.close();
    },
    60_000,
  );
});

describe('GraphiQL configuration', () => {
  it('is off with graphql.graphiql false, and never served in production', async () => {
    for (const overrides of [{ 'graphql.graphiql': false }, { env: 'production' }]) {
      const off = await startTestServer(overrides);
      try {
        const res = await off.asGuest().get('/graphiql');
        expect(res.status).toBe(404);
        expect((await off.asGuest().get('/graphiql/assets/graphiql.js')).status).toBe(404);
      } finally {
        await off.close();
      }
    }
  });
});
