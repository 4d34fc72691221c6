import { createAdmin } from '../fixtures/accounts';
import { ADDRESS, createShop } from '../fixtures/shop';
import { audit, heading, useAdminBrowser } from '../harness/admin-browser';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * A product made in the admin carries its tax rule into an order: the shop owner picks the 19 % rule on the new
 * product, adds a variant with stock, and a guest's order of that variant is taxed at 19 % (not untaxed).
 */

let t: TestServer;
let shop: Awaited<ReturnType<typeof createShop>>;
let adminEmail = '';

const { haveChromium, openSession, closeSession, signIn } = useAdminBrowser(
  "the admin product tax rule's browser test",
  async () => {
    t = await startTestServer();
    shop = await createShop(t);
    adminEmail = (await createAdmin(t, { role: 'admin' })).email;
    return t;
  },
  240_000,
);

(haveChromium ? describe : describe.skip)('admin product: its tax rule reaches the order', () => {
  it('a product with a 19 % rule and a stocked variant, made in the admin, is ordered with 19 % tax', async () => {
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const group = await t.asAdmin().gql('mutation($i: PropertyGroupInput!) { propertyGroupCreate(input: $i) { id } }', {
      i: { identifier: `edition-${id}`, translations: [{ locale: 'en', name: `Edition ${id}` }] },
    });
    await t
      .asAdmin()
      .gql('mutation($g: UUID!, $i: PropertyOptionInput!) { propertyOptionCreate(groupId: $g, input: $i) { id } }', {
        g: group.data.propertyGroupCreate.id,
        i: { translations: [{ locale: 'en', name: 'First' }] },
      });

    const s = await openSession();
    const { page } = s;
    await signIn(s, adminEmail, '/admin/products/new');
    await heading(page, 'New product').waitFor();
    const name = `Taxed Mug ${id}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Price').fill('11.90');
    await page.getByLabel('Tax rule').selectOption({ label: 'VAT (19 %)' });
    await audit(s, 'New product with a tax rule');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await heading(page, name).waitFor();
    const productId = page.url().split('/').pop()!;
    // The edit form shows the rule it was made with.
    expect(await page.getByLabel('Tax rule').inputValue()).toBe(shop.tax.id);

    // One variant, priced like the product, with 5 in the main warehouse.
    const tab = (label: string) =>
      page.getByRole('tablist', { name: 'Product sections' }).getByRole('tab', { name: label });
    await tab('Variants and stock').click();
    await page.getByText('Add variants').click();
    await page
      .getByRole('group', { name: `Edition ${id}` })
      .getByLabel('First', { exact: true })
      .check();
    await page.getByLabel('Variant price (optional)').fill('11.90');
    await page.getByRole('button', { name: 'Generate 1 variant' }).click();
    await page.getByText('Created 1 variant.').waitFor();
    const row = page.getByRole('table', { name: 'Variants' }).getByRole('row').nth(1);
    await row.getByRole('textbox', { name: / in Main$/ }).fill('5');
    await row.getByRole('button', { name: /^Save / }).click();
    await row.getByText('Saved.').waitFor();
    await closeSession(s);

    const product = (
      await t.asAdmin().gql('query($id: UUID!) { product(id: $id) { taxRuleId variants { id } } }', { id: productId })
    ).data.product;
    expect(product.taxRuleId).toBe(shop.tax.id);
    const variantId = product.variants[0].id as string;
    const res = await t.asGuest().post('/api/v1/store/checkout', {
      items: [{ product_id: productId, variant_id: variantId, quantity: 1 }],
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
      email: 'guest@example.com',
    });
    expect(res.status).toBe(201);
    const order = res.body.data;
    expect(order.items).toEqual([
      expect.objectContaining({ variant_id: variantId, tax_rate: 1900, total_gross: 1190, total_net: 1000 }),
    ]);
    // The line's 1.90 plus the shipping's 0.78 (its own 19 % rule).
    expect(order.tax_total).toBe(190 + 78);
  }, 300_000);
});
