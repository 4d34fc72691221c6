import { createAdmin } from '../fixtures/accounts';
import { audit, heading, useAdminBrowser } from '../harness/admin-browser';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * Order in the catalog, by buttons (no drag): the category tree reorders siblings (Move up / Move down) and a
 * category's Parent select moves it under another category or to the top, refusing a move under its own
 * descendant next to the field; a property group's options move up and down.
 */

let t: TestServer;
let adminEmail = '';

const { haveChromium, openSession, closeSession, signIn } = useAdminBrowser(
  "the admin catalog order's browser tests",
  async () => {
    t = await startTestServer();
    adminEmail = (await createAdmin(t, { role: 'admin' })).email;
    return t;
  },
  240_000,
);

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function category(name: string, parentId?: string): Promise<string> {
  const res = await t.asAdmin().post('/api/v1/admin/categories', {
    ...(parentId ? { parent_id: parentId } : {}),
    translations: [{ locale: 'en', name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') }],
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.body.data.id as string;
}

/** The names of a category's children in the tree's order. */
async function children(parentId: string): Promise<string[]> {
  const res = await t
    .asAdmin()
    .gql('query($p: UUID!) { categories(parentId: $p, limit: 50) { items { name } } }', { p: parentId });
  return res.data.categories.items.map((c: { name: string }) => c.name);
}

async function parentOf(id: string): Promise<string | null> {
  const res = await t.asAdmin().gql('query($id: UUID!) { category(id: $id) { parentId } }', { id });
  return res.data.category.parentId;
}

/** Polls `read` until it equals `expected` (the screen saves, then the test reads the API). */
async function eventually<T>(read: () => Promise<T>, expected: T) {
  for (let i = 0; i < 50; i++) {
    if (JSON.stringify(await read()) === JSON.stringify(expected)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await read()).toEqual(expected);
}

(haveChromium ? describe : describe.skip)('admin catalog order in Chromium', () => {
  it('reorders sibling categories, moves one under another parent and to the top, refuses a cycle', async () => {
    const id = stamp();
    const shelf = await category(`Shelf ${id}`);
    const other = await category(`Other ${id}`);
    const [a, , c] = [
      await category(`Alpha ${id}`, shelf),
      await category(`Beta ${id}`, shelf),
      await category(`Gamma ${id}`, shelf),
    ];
    const s = await openSession();
    const { page } = s;
    await signIn(s, adminEmail, `/admin/categories/${shelf}`);
    await heading(page, `Shelf ${id}`).waitFor();
    await page.getByRole('link', { name: `Gamma ${id}` }).waitFor();
    await audit(s, 'Category with movable subcategories');

    await page.getByRole('button', { name: `Move down Alpha ${id}` }).click();
    await eventually(() => children(shelf), [`Beta ${id}`, `Alpha ${id}`, `Gamma ${id}`]);
    await page.getByRole('button', { name: `Move up Gamma ${id}` }).click();
    await eventually(() => children(shelf), [`Beta ${id}`, `Gamma ${id}`, `Alpha ${id}`]);
    // The first one cannot go further up.
    expect(await page.getByRole('button', { name: `Move up Beta ${id}` }).isDisabled()).toBe(true);

    // Gamma moves under another category with its Parent select.
    await page.getByRole('link', { name: `Gamma ${id}` }).click();
    await heading(page, `Gamma ${id}`).waitFor();
    await page.getByLabel('Parent').selectOption({ label: `Other ${id}` });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    expect(await parentOf(c)).toBe(other);
    // Then to the top level.
    await page.getByLabel('Parent').selectOption({ label: '(top level)' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    expect(await parentOf(c)).toBeNull();

    // A category cannot go under its own subcategory: the service's refusal stands next to Parent.
    await page.goto(`${t.url}/admin/categories/${shelf}`);
    await heading(page, `Shelf ${id}`).waitFor();
    await page.getByLabel('Parent').selectOption({ label: `Alpha ${id}` });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('select[aria-invalid="true"]').waitFor();
    expect(await page.getByLabel('Parent').getAttribute('aria-invalid')).toBe('true');
    await audit(s, 'Category with a refused move');
    expect(await parentOf(shelf)).toBeNull();
    expect(await parentOf(a)).toBe(shelf);
    await closeSession(s);
  }, 240_000);

  it("moves a property group's options up and down", async () => {
    const id = stamp();
    const { data } = await t
      .asAdmin()
      .gql('mutation($i: PropertyGroupInput!) { propertyGroupCreate(input: $i) { id } }', {
        i: { identifier: `fit-${id}`, translations: [{ locale: 'en', name: `Fit ${id}` }] },
      });
    const groupId = data.propertyGroupCreate.id as string;
    for (const name of ['Slim', 'Regular', 'Loose'])
      await t
        .asAdmin()
        .gql('mutation($g: UUID!, $i: PropertyOptionInput!) { propertyOptionCreate(groupId: $g, input: $i) { id } }', {
          g: groupId,
          i: { translations: [{ locale: 'en', name }] },
        });
    const names = async () =>
      (
        await t
          .asAdmin()
          .gql('query($id: UUID!) { propertyGroup(id: $id) { options { translations { name } } } }', { id: groupId })
      ).data.propertyGroup.options.map((o: { translations: Array<{ name: string }> }) => o.translations[0].name);

    const s = await openSession();
    const { page } = s;
    await signIn(s, adminEmail, `/admin/properties/${groupId}`);
    await heading(page, `Fit ${id}`).waitFor();
    await page.getByRole('textbox', { name: 'Name of option Loose' }).waitFor();
    await page.getByRole('button', { name: 'Move down option Slim' }).click();
    await eventually(names, ['Regular', 'Slim', 'Loose']);
    await page.getByRole('button', { name: 'Move up option Loose' }).click();
    await eventually(names, ['Regular', 'Loose', 'Slim']);
    // The table follows the new order.
    await page
      .getByRole('table', { name: 'Options' })
      .getByRole('row')
      .nth(2)
      .getByRole('textbox', { name: 'Name of option Loose' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Move up option Regular' }).isDisabled()).toBe(true);
    await audit(s, 'Property group with movable options');
    await closeSession(s);
  }, 240_000);
});
