import { createAdmin, createCustomer, PASSWORD } from '../fixtures/accounts';
import { createShop, guestCheckout, stockedProduct } from '../fixtures/shop';
import { audit, heading, mutationErrorCode, nav, type Page$, useAdminBrowser } from '../harness/admin-browser';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * The admin dashboard (admin/, served at /admin) in a real Chromium against a real server: sign-in through the
 * cookie session, products, orders, permissions, session expiry, errors with a retry, the page's headers, and
 * axe-core on every screen visited. The build is made first when admin/dist is missing or stale (CI builds it before).
 */

let t: TestServer;
let shop: Awaited<ReturnType<typeof createShop>>;
const staff = { owner: '', admin: '', manager: '', viewer: '' };
let customerEmail = '';

const { haveChromium, openSession, closeSession, signIn } = useAdminBrowser(
  "the admin dashboard's browser tests",
  async () => {
    t = await startTestServer();
    shop = await createShop(t);
    staff.owner = (await createAdmin(t, { role: 'super_admin' })).email;
    staff.admin = (await createAdmin(t, { role: 'admin' })).email;
    staff.manager = (await createAdmin(t, { role: 'manager' })).email;
    staff.viewer = (await createAdmin(t, { role: 'viewer' })).email;
    customerEmail = (await createCustomer(t)).email;
    return t;
  },
);

async function guestOrder(): Promise<{ id: string; order_number: string }> {
  const product = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 2500, name: 'Teapot' });
  const res = await guestCheckout(t, shop, product.id);
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('admin dashboard: serving', () => {
  it('serves index.html under a fresh nonce CSP for /admin and deep links; hashed assets are immutable', async () => {
    const [a, b] = [await fetch(`${t.url}/admin`), await fetch(`${t.url}/admin/orders/${crypto.randomUUID()}`)];
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const html = await a.text();
    expect(await b.text()).toContain('<div id="root">');
    const csp = a.headers.get('content-security-policy')!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)![1];
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(/'nonce-([A-Za-z0-9+/=]+)'/.exec(b.headers.get('content-security-policy')!)![1]).not.toBe(nonce);
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("connect-src 'self'");
    const scripts = html.match(/<script\b[^>]*>/g)!;
    expect(scripts.length).toBeGreaterThanOrEqual(1);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain('__SVC_CSP_NONCE__');

    const asset = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)![1];
    const js = await fetch(`${t.url}${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    const missing = await fetch(`${t.url}/admin/assets/index-00000000.js`);
    expect(missing.status).toBe(404);
  });

  it('viewer says who is signed in and what they may do (null for nobody), which is what the admin hides by', async () => {
    const VIEWER = '{ viewer { kind role email permissions } }';
    expect((await t.asGuest().gql(VIEWER)).data).toEqual({ viewer: null });
    const manager = (await t.asManager().gql(VIEWER)).data.viewer;
    expect(manager).toMatchObject({ kind: 'admin', role: 'manager' });
    expect(manager.permissions).toEqual(expect.arrayContaining(['products.update', 'orders.update']));
    expect(manager.permissions).not.toContain('products.delete');
    expect([...manager.permissions].sort()).toEqual(manager.permissions);
    expect((await t.asAdmin().gql(VIEWER)).data.viewer.permissions).toContain('products.delete');
    expect((await t.asCustomer().gql(VIEWER)).data.viewer).toMatchObject({ kind: 'customer', role: 'customer' });
    const key = (await t.asApiKey(['orders.read']).gql(VIEWER)).data.viewer;
    expect(key).toEqual({ kind: 'api_key', role: 'api_client', email: null, permissions: ['orders.read'] });
    // A bad token is nobody, not an error: the admin then tries one silent refresh.
    const bad = await t.asGuest().post('/graphql', { query: VIEWER }, { authorization: 'Bearer not-a-token' });
    expect(bad.body).toEqual({ data: { viewer: null } });
  });

  it('admin.enabled: false answers 404 at /admin', async () => {
    const off = await startTestServer({ 'admin.enabled': false });
    try {
      expect((await fetch(`${off.url}/admin`)).status).toBe(404);
      expect((await fetch(`${off.url}/admin/products`)).status).toBe(404);
    } finally {
      await off.close();
    }
  }, 120_000);
});

(haveChromium ? describe : describe.skip)('admin dashboard in Chromium', () => {
  it("signs in, creates, finds and bulk-deactivates a product, with the service's field errors by the fields", async () => {
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.admin, '/admin/products');
    // Back to where sign-in was asked for.
    await heading(page, 'Products').waitFor();
    for (const name of ['Home', 'Products', 'Categories', 'Inventory', 'Orders', 'Customers', 'Discounts', 'Settings'])
      await nav(page).getByRole('link', { name, exact: true }).waitFor();
    await audit(s, 'Products');

    await page.getByRole('link', { name: 'New product' }).click();
    await heading(page, 'New product').waitFor();
    // The heading renders before the form, which shows "Loading…" until the tax rules arrive: wait for its first field.
    await page.getByLabel('Name').waitFor();
    const labels = await page.locator('form label').allTextContents();
    expect(labels.slice(0, 2)).toEqual(['Name', 'Slug']);
    const unique = `Admin Lamp ${Date.now()}`;
    await page.getByLabel('Name').fill(unique);
    expect(await page.getByLabel('Slug').inputValue()).toBe(unique.toLowerCase().replaceAll(' ', '-'));
    await page.getByLabel('Price').fill('49.90');
    await page.getByLabel('SKU').fill(`LAMP-${Date.now()}`);
    await page.getByLabel('Stock').fill('7');
    await audit(s, 'New product');
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, unique).waitFor();
    await audit(s, 'Product detail');
    const created = await t.db.productTranslation.findFirstOrThrow({
      where: { name: unique },
      include: { product: true },
    });
    expect(created.product).toMatchObject({ priceGross: 4990, active: true, stock: 7 });

    // The same slug again: the service's error appears next to the Slug field.
    await page.goto(`${t.url}/admin/products/new`);
    await page.getByLabel('Name').fill(unique);
    await page.getByRole('button', { name: 'Save' }).click();
    const slug = page.getByLabel('Slug');
    await page.waitForFunction(() => {
      const d = (globalThis as unknown as Page$).document;
      return d.querySelector('input[aria-invalid="true"]') !== null || d.querySelector('[role=alert]') !== null;
    });
    expect(await slug.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await slug.getAttribute('aria-describedby'))!.split(' ').find((id) => id.endsWith('-error'));
    // In words, not the service's machine code (lib/error-text.ts).
    const message = await page.locator(`[id="${errorId}"]`).textContent();
    expect(message).toBe('This slug is already used.');
    expect(message).not.toMatch(/duplicate_slug/);
    await audit(s, 'New product with an error');

    // Search from the list; the URL holds it, so a reload shows the same list.
    await nav(page).getByRole('link', { name: 'Products', exact: true }).click();
    await heading(page, 'Products').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(unique);
    await page.waitForURL(/[?&]q=/);
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(unique) });
    await row.waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(2);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining(['Name', 'SKU', 'Price', 'Stock', 'Status']),
    );

    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Deactivate: 1 of 1 done.').waitFor();
    await row.getByRole('cell', { name: 'Inactive' }).waitFor();
    expect((await t.db.product.findUniqueOrThrow({ where: { id: created.productId } })).active).toBe(false);
    await audit(s, 'Products after a bulk action');

    // Delete asks first; the dialog holds focus and gives it back when cancelled.
    await row.getByRole('checkbox').check();
    const del = page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' });
    await del.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await audit(s, 'Delete confirmation');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(
      await dialog.evaluate((d) => d.contains((globalThis as unknown as Page$).document.activeElement as typeof d)),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await del.evaluate((b) => b === (globalThis as unknown as Page$).document.activeElement)).toBe(true);
    expect(await t.db.product.count({ where: { id: created.productId } })).toBe(1);
    // Confirmed, it goes.
    await del.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete: 1 of 1 done.').waitFor();
    expect(await t.db.product.count({ where: { id: created.productId } })).toBe(0);

    await closeSession(s);
  }, 120_000);

  it('pages and sorts products on the server, with the state in the URL; edits a product', async () => {
    const tag = `Pager${Date.now()}`;
    for (let i = 0; i < 27; i++)
      await stockedProduct(t, shop.warehouse.id, 1, {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        priceGross: 100 + i,
      });
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.admin, `/admin/products?q=${tag}`);
    await heading(page, 'Products').waitFor();
    await page.getByText('27 results · page 1 of 2').waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(26);
    // Sorting by price, highest first: a request to the server, the order in the URL.
    const price = page.getByRole('columnheader', { name: /Price/ });
    await price.getByRole('button').click();
    await page.waitForURL(/sort=PRICE_GROSS/);
    await price.getByRole('button').click();
    await page.waitForURL(/order=DESC/);
    expect(await price.getAttribute('aria-sort')).toBe('descending');
    await page.locator('table[aria-busy="false"]').waitFor();
    await page
      .getByRole('row')
      .nth(1)
      .getByRole('link', { name: `${tag} 26` })
      .waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await page.getByText('27 results · page 2 of 2').waitFor();
    await page
      .getByRole('row')
      .nth(1)
      .getByRole('link', { name: `${tag} 01` })
      .waitFor();
    await page.reload();
    await page
      .getByRole('row')
      .nth(2)
      .getByRole('link', { name: `${tag} 00` })
      .waitFor();
    await audit(s, 'Products, page 2 sorted');

    // Edit: a new name is saved and shown.
    await page.getByRole('link', { name: `${tag} 00` }).click();
    await heading(page, `${tag} 00`).waitFor();
    await page.getByLabel('Name').fill(`${tag} renamed`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    const renamed = await t.db.productTranslation.findFirstOrThrow({
      where: { name: `${tag} renamed` },
      include: { product: true },
    });
    // Saving the form leaves stock alone (it is a sum over warehouses; the form only sets it for a new product).
    expect(renamed.product.stock).toBe(1);
    await closeSession(s);
  }, 120_000);

  it('shows the home figures; confirms a guest order from Orders, offering only the moves the server lists; deep links reload', async () => {
    const order = await guestOrder();
    await t.db.order.update({ where: { id: order.id }, data: { notes: 'Please ring twice.' } });
    // One order to ship (confirmed), and one shipped whole with a return requested: a return waiting.
    const admin = t.asAdmin();
    const toShip = await guestOrder();
    expect((await admin.put(`/api/v1/admin/orders/${toShip.id}/status`, { status: 'confirmed' })).status).toBe(200);
    const returned = await guestOrder();
    expect((await admin.put(`/api/v1/admin/orders/${returned.id}/status`, { status: 'confirmed' })).status).toBe(200);
    const shipped = await admin.post(`/api/v1/admin/orders/${returned.id}/shipments`, {});
    expect(shipped.status).toBe(201);
    const line = shipped.body.data.items[0].order_item_id as string;
    const opened = await admin.post(`/api/v1/admin/orders/${returned.id}/returns`, {
      items: [{ order_item_id: line, quantity: 1, reason: 'Too small' }],
    });
    expect(opened.status).toBe(201);
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.admin);
    await heading(page, 'Home').waitFor();
    // Home: the figures a shop owner checks first, each waiting count a link to the filtered list.
    const figure = (label: string) => page.getByText(label, { exact: true }).locator('..');
    await figure('Orders today').waitFor();
    expect(Number(await figure('Orders today').locator('p').nth(1).textContent())).toBeGreaterThanOrEqual(1);
    expect(Number(await figure('Waiting for confirmation').locator('p').nth(1).textContent())).toBeGreaterThanOrEqual(
      1,
    );
    await page.getByRole('heading', { name: /Low stock/ }).waitFor();
    await page.getByRole('table', { name: 'Low stock' }).waitFor();
    await audit(s, 'Home');
    // Orders to ship and returns waiting (issue 48): the counts the API gives, each a link to its filtered list.
    const counts = (await t.asAdmin().gql('{ orderOverview { ordersToShip returnsWaiting } }')).data.orderOverview;
    expect(counts.ordersToShip).toBeGreaterThanOrEqual(1);
    expect(counts.returnsWaiting).toBeGreaterThanOrEqual(1);
    const count = (name: string) => page.getByRole('group', { name }).locator('p').nth(1).textContent();
    expect(Number(await count('Orders to ship'))).toBe(counts.ordersToShip);
    expect(Number(await count('Returns waiting'))).toBe(counts.returnsWaiting);
    await page.getByRole('link', { name: 'Show returns waiting' }).click();
    await heading(page, 'Returns').waitFor();
    await page.waitForURL(/status=WAITING/);
    expect(await page.getByLabel('Status').inputValue()).toBe('WAITING');
    await page
      .getByRole('table', { name: 'Returns' })
      .getByRole('link', { name: /^Order/ })
      .first()
      .waitFor();
    const returnRows = page.getByRole('table', { name: 'Returns' }).locator('tbody tr');
    expect(await returnRows.count()).toBe(counts.returnsWaiting);
    await audit(s, 'Returns waiting');
    await page.goBack();
    await heading(page, 'Home').waitFor();
    await page.getByRole('link', { name: 'Show orders to ship' }).click();
    await heading(page, 'Orders').waitFor();
    await page.waitForURL(/status=TO_SHIP/);
    expect(await page.getByLabel('Status').inputValue()).toBe('TO_SHIP');
    await page.getByRole('link', { name: toShip.order_number }).waitFor();
    expect(await page.getByRole('table', { name: 'Orders' }).locator('tbody tr').count()).toBe(counts.ordersToShip);
    await audit(s, 'Orders to ship');
    await page.goBack();
    await heading(page, 'Home').waitFor();
    await page.getByRole('link', { name: 'Pending orders' }).click();
    await heading(page, 'Orders').waitFor();
    await page.waitForURL(/status=PENDING/);
    expect(await page.getByLabel('Status').inputValue()).toBe('PENDING');
    await page.getByLabel('Status').selectOption('');
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    await page.waitForURL(/status=PENDING/);
    await page.getByRole('searchbox', { name: 'Search' }).fill(order.order_number);
    await page.getByRole('link', { name: order.order_number }).waitFor();
    await audit(s, 'Orders');
    await page.getByRole('link', { name: order.order_number }).click();
    await heading(page, `Order ${order.order_number}`).waitFor();
    const moves = page.getByRole('group', { name: 'Status changes' }).getByRole('button');
    expect(await moves.allTextContents()).toEqual(['Confirm', 'Cancel']);
    await page.getByRole('cell', { name: 'Teapot' }).waitFor();
    await page.getByText('Main St 1').first().waitFor();
    await audit(s, 'Order detail');

    // The customer's checkout note is shown; a comment goes with the status change into the history.
    await page.getByRole('region', { name: 'Customer’s note' }).getByText('Please ring twice.').waitFor();
    await page.getByLabel('Comment for the history (optional)').fill('Paid by phone');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Status: confirmed').waitFor();
    await page.getByText(/Pending → Confirmed · .* · “Paid by phone”/).waitFor();
    expect(await page.getByLabel('Comment for the history (optional)').inputValue()).toBe('');
    // The paid order's Refund is the Refund dialog (Refunds section), not a status move of the same name.
    expect(await moves.allTextContents()).toEqual(['Start processing', 'Cancel']);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('confirmed');

    // A deep link reloads to the same screen.
    expect(new URL(page.url()).pathname).toBe(`/admin/orders/${order.id}`);
    await page.reload();
    await heading(page, `Order ${order.order_number}`).waitFor();

    await closeSession(s);
  }, 120_000);

  it('says the automation plugin is not enabled when it is off, rather than “unavailable”', async () => {
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.owner, '/admin/settings/automation');
    await heading(page, 'Automation deliveries').waitFor();
    await page.getByRole('status').filter({ hasText: 'The automation plugin is not enabled.' }).waitFor();
    expect(await page.getByText(/unavailable/i).count()).toBe(0);
    await audit(s, 'Automation deliveries, plugin off');
    await closeSession(s);
  }, 120_000);

  it('finds a customer by search, shows the account with addresses and orders, and deactivates it', async () => {
    const customer = await createCustomer(t);
    await t.db.customerAddress.create({
      data: {
        customerId: customer.id,
        firstName: 'Cleo',
        lastName: 'Buyer',
        street: 'Harbour Rd 7',
        city: 'Hamburg',
        zip: '20095',
        countryCode: 'DE',
      },
    });
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.admin);
    await heading(page, 'Home').waitFor();
    await nav(page).getByRole('link', { name: 'Customers', exact: true }).click();
    await heading(page, 'Customers').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(customer.email);
    await page.waitForURL(/[?&]q=/);
    const link = page.getByRole('row', { name: new RegExp(customer.email) }).getByRole('link', { name: 'Cleo Buyer' });
    await link.waitFor();
    await page.locator('table[aria-busy="false"]').waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(2);
    await audit(s, 'Customers');
    await link.click();
    await heading(page, 'Cleo Buyer').waitFor();
    await page.getByText('Harbour Rd 7').waitFor();
    await page.getByRole('heading', { name: 'Orders (0)' }).waitFor();
    await audit(s, 'Customer detail');
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('button', { name: 'Activate', exact: true }).waitFor();
    expect((await t.db.customer.findUniqueOrThrow({ where: { id: customer.id } })).active).toBe(false);
    // A deep link to the customer reloads to the same screen.
    await page.reload();
    await heading(page, 'Cleo Buyer').waitFor();
    await closeSession(s);
  }, 120_000);

  it('builds a category tree level by level: a root, a subcategory under it, delete refused while it has one', async () => {
    const s = await openSession();
    const { page } = s;
    const root = `Lighting ${Date.now()}`;
    const child = `Desk lamps ${Date.now()}`;
    await signIn(s, staff.admin, '/admin/categories');
    await heading(page, 'Categories').waitFor();
    await page.getByRole('link', { name: 'New category' }).click();
    await heading(page, 'New category').waitFor();
    await page.getByLabel('Name').fill(root);
    await audit(s, 'New category');
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, root).waitFor();
    await page.getByRole('link', { name: 'New subcategory' }).click();
    await page.getByText(`Under: ${root}`).waitFor();
    await page.getByLabel('Name').fill(child);
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, child).waitFor();
    const [rootRow, childRow] = await Promise.all([
      t.db.category.findFirstOrThrow({ where: { translations: { some: { name: root } } } }),
      t.db.category.findFirstOrThrow({ where: { translations: { some: { name: child } } } }),
    ]);
    expect(childRow.parentId).toBe(rootRow.id);

    // The tree shows the roots only; a level opens on demand.
    await nav(page).getByRole('link', { name: 'Categories', exact: true }).click();
    await page.getByRole('link', { name: root }).waitFor();
    expect(await page.getByRole('link', { name: child }).count()).toBe(0);
    const toggle = page.getByRole('button', { name: `Subcategories of ${root}` });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByRole('link', { name: child }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await audit(s, 'Categories');

    // A category with a subcategory cannot go: the service says why, next to the button.
    await page.getByRole('link', { name: root }).click();
    await heading(page, root).waitFor();
    await audit(s, 'Category detail');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alert').waitFor();
    expect(await t.db.category.count({ where: { id: rootRow.id } })).toBe(1);
    // Without its subcategory it can.
    await page.getByRole('link', { name: child }).click();
    await heading(page, child).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await heading(page, 'Categories').waitFor();
    expect(await t.db.category.count({ where: { id: childRow.id } })).toBe(0);
    await closeSession(s);
  }, 120_000);

  it('hides what a staff member may not do: a manager gets no delete actions and the server agrees', async () => {
    // The manager may edit the catalog and orders but delete nothing (the read-only viewer is the next test).
    const product = await stockedProduct(t, shop.warehouse.id, 1, { name: 'Manager Vase' });
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.manager, `/admin/products/${product.id}`);
    await heading(page, 'Manager Vase').waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await audit(s, 'Product detail (manager)');
    await nav(page).getByRole('link', { name: 'Products', exact: true }).click();
    await page
      .getByRole('row', { name: /Manager Vase/ })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: 'Deactivate' }).waitFor();
    expect(
      await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).count(),
    ).toBe(0);
    // The server enforces it regardless of the screen: the manager's own session is refused a delete.
    expect(await mutationErrorCode(page, 'mutation($id: UUID!) { productDelete(id: $id) }', { id: product.id })).toBe(
      'forbidden',
    );
    await nav(page).getByRole('link', { name: 'Categories', exact: true }).click();
    await heading(page, 'Categories').waitFor();
    expect(await page.getByRole('link', { name: 'New category' }).count()).toBe(0);
    await closeSession(s);
  }, 120_000);

  it('shows a read-only staff member (viewer) every screen and no write action anywhere', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 1, { name: 'Viewer Lamp' });
    const order = await guestOrder();
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.viewer, '/admin/products');
    await heading(page, 'Products').waitFor();
    await page.getByRole('link', { name: 'Viewer Lamp' }).waitFor();
    expect(await page.getByRole('link', { name: 'New product' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await audit(s, 'Products (viewer)');

    await page.getByRole('link', { name: 'Viewer Lamp' }).click();
    await heading(page, 'Viewer Lamp').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).first().isEditable()).toBe(false);
    for (const name of ['Save', 'Delete']) expect(await page.getByRole('button', { name }).count()).toBe(0);
    await audit(s, 'Product detail (viewer)');

    await page.goto(`${t.url}/admin/orders/${order.id}`);
    await heading(page, `Order ${order.order_number}`).waitFor();
    await page.getByRole('cell', { name: 'Teapot' }).waitFor();
    expect(await page.getByRole('group', { name: 'Status changes' }).getByRole('button').count()).toBe(0);
    for (const name of ['Confirm', 'Cancel']) expect(await page.getByRole('button', { name }).count()).toBe(0);

    await nav(page).getByRole('link', { name: 'Settings', exact: true }).click();
    await heading(page, 'Settings').waitFor();
    // Reads only: the method and tax pages (each read-only), never staff, API keys or plugins.
    for (const name of ['Staff', 'API keys', 'Plugins'])
      expect(await page.getByRole('main').getByRole('link', { name, exact: true }).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Tax rules' }).first().waitFor();
    await audit(s, 'Settings (viewer)');

    // The server refuses the viewer's writes whatever the screen shows.
    const update = 'mutation($id: UUID!) { productUpdate(id: $id, input: { active: false }) { id } }';
    expect(await mutationErrorCode(page, update, { id: product.id })).toBe('forbidden');
    await closeSession(s);
  }, 120_000);

  it('refuses customers with a clear message and leaves them signed out', async () => {
    const s = await openSession();
    const { page } = s;
    await signIn(s, customerEmail);
    await page
      .getByRole('alert')
      .getByText(/customer account/)
      .waitFor();
    await heading(page, 'Sign in').waitFor();
    await audit(s, 'Sign in refused');
    const viewer = await page.evaluate(async () => {
      const res = await (globalThis as unknown as Page$).fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { kind } }' }),
      });
      return ((await res.json()) as { data: { viewer: unknown } }).data.viewer;
    });
    expect(viewer).toBeNull();
    await closeSession(s);
  }, 120_000);

  it('refreshes an expired access cookie silently; a lost session returns to sign-in and back', async () => {
    const s = await openSession();
    const { page, context } = s;
    await signIn(s, staff.admin, '/admin/orders');
    await heading(page, 'Orders').waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'svc_access_token')).toMatchObject({ httpOnly: true });
    expect(cookies.find((c) => c.name === 'svc_refresh_token')).toMatchObject({ httpOnly: true, path: '/api/v1/auth' });

    // The access cookie lapses (15 minutes): the next screen refreshes it without a word.
    await context.clearCookies({ name: 'svc_access_token' });
    await nav(page).getByRole('link', { name: 'Products', exact: true }).click();
    await heading(page, 'Products').waitFor();
    await page.getByRole('navigation', { name: 'Pagination' }).waitFor();
    expect((await context.cookies()).some((c) => c.name === 'svc_access_token')).toBe(true);

    // Both gone (signed out elsewhere, refresh lapsed): sign in again, then back to the same screen.
    await context.clearCookies({ name: 'svc_access_token' });
    await context.clearCookies({ name: 'svc_refresh_token' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('nothing-like-this');
    await heading(page, 'Sign in').waitFor();
    await page.getByText('Your session has ended').waitFor();
    await page.getByLabel('Email').fill(staff.admin);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Products').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/products');
    expect(new URL(page.url()).searchParams.get('q')).toBe('nothing-like-this');

    // Sign out ends the session.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await heading(page, 'Sign in').waitFor();
    expect((await context.cookies()).some((c) => c.name === 'svc_access_token')).toBe(false);
    await closeSession(s);
  }, 120_000);

  it('shows a retry when the connection is lost or the service answers 503, and recovers', async () => {
    const s = await openSession();
    const { page } = s;
    await signIn(s, staff.admin);
    await heading(page, 'Home').waitFor();
    await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
    await nav(page).getByRole('link', { name: 'Orders', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(/connection to the service was lost/)
      .waitFor();
    await audit(s, 'Orders, connection lost');
    await page.unroute('**/graphql');
    await page.route('**/graphql', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"errors":[{"message":"down"}]}' }),
    );
    await page.getByRole('button', { name: 'Retry' }).click();
    await page
      .getByRole('alert')
      .getByText(/service is unavailable/)
      .waitFor();
    await page.unroute('**/graphql');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('table').waitFor();
    await heading(page, 'Orders').waitFor();
    await closeSession(s);
  }, 120_000);
});
