import { seedRichProducts } from '../fixtures/catalog-rich';
import { captureLog } from '../harness/capture-log';
import { startTestServer, type TestServer } from '../harness/server';
import { startStorefront, type Storefront } from '../harness/storefront';

/**
 * Issue 50: the storefront's category and product pages are server-rendered in one round trip to the service each
 * (the header's categories are cached by the storefront, so a warm page asks nothing else), and a German product
 * page's option legends are the groups' German names. Needs the storefront's build (`npm run storefront:build`).
 */
let t: TestServer;
let shop: Storefront;
let rich: Awaited<ReturnType<typeof seedRichProducts>>;
const captured = captureLog('info');

beforeAll(async () => {
  t = await startTestServer({}, { log: captured.log });
  rich = await seedRichProducts(t.db, 3);
  await t.db.categoryTranslation.create({
    data: { categoryId: rich.categoryId, locale: 'de', name: 'Katze', slug: `katze-${rich.tag}` },
  });
  shop = await startStorefront(t.url);
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await t?.close();
});

/** The page's HTML, and how many requests the service answered while the storefront rendered it. */
async function render(path: string) {
  const before = captured.entries.length;
  const res = await fetch(`${shop.url}${path}`);
  const html = await res.text();
  // The service writes a request's log line when it has answered it, before the storefront finishes the page.
  const calls = captured.entries.slice(before).filter((e) => e.msg === 'request' && e.path === '/graphql');
  return { status: res.status, html, calls: calls.length };
}

/** Renders twice: the first fills the storefront's cache of the header's categories for the locale. */
async function warm(path: string) {
  await render(path);
  return render(path);
}

describe('one round trip per page', () => {
  it('the category page', async () => {
    const page = await warm(`/c/cat-${rich.tag}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`Rich ${rich.tag} 0`);
    expect(page.calls).toBe(1);
    const german = await warm(`/de/c/katze-${rich.tag}`);
    expect(german.status).toBe(200);
    expect(german.html).toContain(`Reich ${rich.tag} 0`);
    expect(german.calls).toBe(1);
    const missing = await render('/c/no-such-category');
    expect(missing.status).toBe(404);
    expect(missing.calls).toBe(1);
  });

  it('the product page, its option legend in the page locale', async () => {
    const en = await warm(`/p/rich-${rich.tag}-0`);
    expect(en.status).toBe(200);
    expect(en.calls).toBe(1);
    expect(en.html).toMatch(/<legend[^>]*>Size</);
    const de = await warm(`/de/p/reich-${rich.tag}-0`);
    expect(de.status).toBe(200);
    expect(de.calls).toBe(1);
    expect(de.html).toMatch(/<legend[^>]*>Größe</);
  });
});
