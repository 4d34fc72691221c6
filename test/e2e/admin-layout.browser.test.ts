import { statSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { createAdmin } from '../fixtures/accounts';
import { audit, heading, nav, useAdminBrowser } from '../harness/admin-browser';
import { scratchDir } from '../harness/scratch-dir';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * The frame every admin screen shares, in a real Chromium: down to a phone's 375 px the page never scrolls
 * sideways (the sidebar folds into a Menu button, tables scroll inside their own box), and after moving to
 * another screen the keyboard focus is on that screen's heading, so a screen reader says where the person is.
 * Screenshots of each narrow screen land in the test's scratch folder.
 */

let t: TestServer;
let email = '';
const shots = scratchDir('svc-admin-layout');
const stamp = Date.now().toString(36);

const { haveChromium, openSession, closeSession, signIn } = useAdminBrowser('the admin layout', async () => {
  t = await startTestServer();
  email = (await createAdmin(t, { role: 'admin' })).email;
  const admin = t.asAdmin();
  // A warehouse with a long name and a tag: lists with rows, so there is a table to overflow.
  const created = await admin.post('/api/v1/admin/warehouses', {
    name: `Central distribution warehouse with a rather long name ${stamp}`,
    code: `LONG-${stamp}`,
    city: 'Bremerhaven-Lehe Nord',
  });
  expect(created.status).toBe(201);
  const tag = await admin.gql('mutation($i: TagCreateInput!) { tagCreate(input: $i) { id } }', {
    i: { name: `Layout ${stamp}` },
  });
  expect(tag.errors).toBeUndefined();
  return t;
});

/** What a browser-side callback sees (this project compiles without DOM types). */
type Doc = {
  documentElement: { scrollWidth: number; clientWidth: number };
  activeElement: { tagName: string; textContent: string | null; getAttribute(n: string): string | null } | null;
  querySelectorAll(s: string): ArrayLike<{ scrollWidth: number; clientWidth: number }>;
};

/** The page's width beyond the viewport (0 when nothing scrolls sideways), and its widest table's own scroll. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const d = (globalThis as unknown as { document: Doc }).document;
    const boxes = Array.from(d.querySelectorAll('table')).map((table) => {
      const box = (table as unknown as { parentElement: { scrollWidth: number; clientWidth: number } }).parentElement;
      return box.scrollWidth - box.clientWidth;
    });
    return { page: d.documentElement.scrollWidth - d.documentElement.clientWidth, tables: boxes };
  });

/** The focused element: its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as unknown as { document: Doc }).document.activeElement;
    return { tag: active?.tagName ?? '', text: active?.textContent?.trim() ?? '', role: active?.getAttribute('role') };
  });

(haveChromium ? describe : describe.skip)('admin layout in Chromium', () => {
  it('works at 375 px: no sideways scroll, the menu button opens the navigation, tables scroll in their box', async () => {
    const s = await openSession();
    const { page } = s;
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(s, email, '/admin/inventory');
    await heading(page, 'Inventory').waitFor();

    // Folded: the primary navigation is behind the Menu button.
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await nav(page).isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    const screens: Array<[string, string]> = [
      ['/admin', 'Home'],
      ['/admin/products', 'Products'],
      ['/admin/tags', 'Tags'],
      ['/admin/tags/new', 'New tag'],
      ['/admin/inventory', 'Inventory'],
      ['/admin/inventory/warehouses/new', 'New warehouse'],
      ['/admin/orders', 'Orders'],
      ['/admin/customers', 'Customers'],
      ['/admin/discounts', 'Discounts'],
      ['/admin/settings', 'Settings'],
      ['/admin/settings/tax', 'Tax rules'],
      ['/admin/settings/shipping', 'Shipping methods'],
      ['/admin/settings/payment-methods', 'Payment methods'],
    ];
    for (const [path, title] of screens) {
      await page.goto(`${t.url}${path}`);
      await heading(page, title).waitFor();
      await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
      const file = join(shots, `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-375.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(statSync(file).size).toBeGreaterThan(1000);
      const { page: sideways } = await overflow(page);
      expect([path, sideways]).toEqual([path, 0]);
      await audit(s, `${title} at 375 px`);
    }

    // The inventory's table is wider than the phone: it scrolls inside its own box, the page does not.
    await page.goto(`${t.url}/admin/inventory`);
    await page.getByRole('link', { name: new RegExp(`rather long name ${stamp}`) }).waitFor();
    const widths = await overflow(page);
    expect(widths.page).toBe(0);
    expect(Math.max(...widths.tables)).toBeGreaterThan(0);

    // The menu opens the navigation; a link in it goes there, closes it and focuses the new heading.
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav(page).waitFor();
    await audit(s, 'Menu open at 375 px');
    await page.screenshot({ path: join(shots, 'menu-open-375.png') });
    await nav(page).getByRole('link', { name: 'Orders' }).click();
    await heading(page, 'Orders').waitFor();
    await nav(page).waitFor({ state: 'hidden' });
    await page.waitForFunction(
      () => (globalThis as unknown as { document: Doc }).document.activeElement?.tagName === 'H1',
    );
    expect(await focused(page)).toMatchObject({ tag: 'H1', text: 'Orders' });
    await closeSession(s);
  }, 240_000);

  it('moves focus to the new screen’s heading after navigation, and leaves it alone while searching', async () => {
    const s = await openSession();
    const { page } = s;
    await signIn(s, email, '/admin');
    await heading(page, 'Home').waitFor();

    // The primary navigation: focus lands on the list's heading.
    await nav(page).getByRole('link', { name: 'Categories' }).click();
    await heading(page, 'Categories').waitFor();
    await page.waitForFunction(
      () => (globalThis as unknown as { document: Doc }).document.activeElement?.tagName === 'H1',
    );
    expect(await focused(page)).toMatchObject({ tag: 'H1', text: 'Categories' });

    // A link inside a screen, to a detail whose heading shows once its data arrived.
    await page.getByRole('navigation', { name: 'Catalog' }).getByRole('link', { name: 'Tags' }).click();
    await heading(page, 'Tags').waitFor();
    await page.waitForFunction(
      () => (globalThis as unknown as { document: Doc }).document.activeElement?.textContent?.trim() === 'Tags',
    );
    await page.getByRole('link', { name: `Layout ${stamp}` }).click();
    await heading(page, `Layout ${stamp}`).waitFor();
    await page.waitForFunction(
      () => (globalThis as unknown as { document: Doc }).document.activeElement?.tagName === 'H1',
    );
    expect(await focused(page)).toMatchObject({ tag: 'H1', text: `Layout ${stamp}` });

    // Back on the list, typing a search changes only the URL's search: the focus stays in the search box.
    await page.getByRole('link', { name: 'Tags', exact: true }).first().click();
    await heading(page, 'Tags').waitFor();
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.click();
    await box.pressSequentially('layout');
    await page.waitForURL(/[?&]q=layout/);
    await page.getByRole('link', { name: `Layout ${stamp}` }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'INPUT' });

    // An empty search result is a sentence, with no pager.
    await box.fill(`nothing-${stamp}`);
    await page.getByText(`No tags match “nothing-${stamp}”.`).waitFor();
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
    expect(await page.getByText(/0 results/).count()).toBe(0);
    await audit(s, 'Tags, nothing found');
    await closeSession(s);
  }, 240_000);
});
