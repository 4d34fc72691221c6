import { useChromium } from '../harness/chromium';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * The two API explorers in Chromium: GraphiQL (/graphiql) and Swagger UI (/api/v1/docs). Their pages' headers,
 * assets and switches are checked without a browser in graphiql.test.ts and openapi.test.ts.
 */
let t: TestServer;
const { haveChromium, browser } = useChromium("the API explorers' browser tests", async () => {
  t = await startTestServer();
  return t;
});

/**
 * A new page that records console errors, page errors, requests leaving this server (data: URLs aside) and CSP
 * violations; `expectClean()` asserts there were none.
 */
async function watchedPage() {
  const page = await browser()!.newPage();
  const problems: string[] = [];
  const offsite: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`${m.text()} ${m.location().url}`));
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('request', (r) => !r.url().startsWith(t.url) && !r.url().startsWith('data:') && offsite.push(r.url()));
  await page.addInitScript({
    content: `window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));`,
  });
  const expectClean = async () => {
    expect(await page.evaluate('window.__violations')).toEqual([]);
    expect(problems).toEqual([]);
    expect(offsite).toEqual([]);
  };
  return { page, expectClean };
}

describe('GraphiQL at /graphiql', () => {
  (haveChromium ? it : it.skip)(
    'renders in Chromium, lists the Query fields in its docs and runs a query, offline and without errors',
    async () => {
      const { page, expectClean } = await watchedPage();

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

      await expectClean();
      await page.close();
    },
    60_000,
  );
});

describe('REST explorer (/api/v1/docs)', () => {
  (haveChromium ? it : it.skip)(
    'renders in Chromium and lists every operation, without console errors or requests leaving the machine',
    async () => {
      const { page, expectClean } = await watchedPage();
      await page.goto(`${t.url}/api/v1/docs`);
      await page.waitForSelector('.opblock-tag');
      const served = (await t.asGuest().get('/api/v1/openapi.json')).body as { paths: Record<string, object> };
      const count = Object.values(served.paths).reduce((n, item) => n + Object.keys(item).length, 0);
      // Swagger UI parsed every operation. From 150 tags and operations on it renders only those in view (a
      // virtual list), so the DOM holds a window of them, not all: ask its own state, then scroll to the last tag.
      await page.waitForFunction(`window.ui.specSelectors.operations().size === ${count}`);
      const tags = (served as unknown as { tags: Array<{ name: string }> }).tags.map((tag) => tag.name);
      await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
      await page.waitForSelector(`[data-tag="${tags[tags.length - 1]}"]`);
      await page.evaluate('window.scrollTo(0, 0)');
      expect(await page.locator('.opblock-summary-path').first().textContent()).toMatch(/^\/api\/v1\//);
      expect(await page.locator('.info .title').textContent()).toContain('svc commerce REST API');
      await expectClean();
      await page.close();
    },
    60_000,
  );
});
