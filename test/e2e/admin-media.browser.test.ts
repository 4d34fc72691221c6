import { createAdmin } from '../fixtures/accounts';
import { audit, heading, useAdminBrowser } from '../harness/admin-browser';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * The product's media panel uploads what the server allows, not a fixed 750 kB: with `server.max_upload_size`
 * at 2 MiB (and the JSON body still at 1 MiB) a 1.2 MB image goes through as multipart, the hint and a
 * refusal name 2 MB; an image's alt text is set in the panel and becomes its `<img alt>`.
 */

let t: TestServer;
let adminEmail = '';

const { haveChromium, openSession, closeSession, signIn } = useAdminBrowser(
  "the admin media panel's browser test",
  async () => {
    t = await startTestServer({ 'server.max_upload_size': 2 * 1024 * 1024 });
    adminEmail = (await createAdmin(t, { role: 'admin' })).email;
    return t;
  },
  240_000,
);

/** A PNG signature and `size` bytes in all (the upload sniffs the signature, nothing decodes the rest). */
const png = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 1)]);

(haveChromium ? describe : describe.skip)('admin media panel in Chromium', () => {
  it('uploads past 750 kB up to the server limit, refuses above it naming it, sets alt text', async () => {
    const { data } = await t.asAdmin().gql('mutation($i: ProductCreateInput!) { productCreate(input: $i) { id } }', {
      i: { currency: 'EUR', translations: [{ locale: 'en', name: 'Media Lamp', slug: 'media-lamp' }] },
    });
    const productId = data.productCreate.id as string;
    const s = await openSession();
    const { page } = s;
    await signIn(s, adminEmail, `/admin/products/${productId}`);
    await heading(page, 'Media Lamp').waitFor();
    await page.getByRole('tab', { name: 'Media' }).click();
    await page.getByText('at most 2 MB each', { exact: false }).waitFor();

    // 1.2 MB: more than the old cap and more than a JSON body may carry, within the upload limit.
    await page
      .getByLabel('Upload images')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(1_200_000) });
    await page.getByRole('img', { name: /^Image 1: .*big\.png$/ }).waitFor();
    await page
      .getByLabel('Upload images')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: png(3 * 1024 * 1024) });
    await page.getByText('huge.png: larger than 2 MB, the most the service takes.').waitFor();

    await page.getByRole('textbox', { name: 'Alt text of big.png' }).fill('A brass lamp, lit');
    await page.getByRole('button', { name: 'Save alt text of big.png' }).click();
    await page.getByRole('img', { name: 'A brass lamp, lit' }).waitFor();
    await audit(s, 'Product media with alt text');
    const media = (
      await t.asAdmin().gql('query($id: UUID!) { product(id: $id) { media { altText url } } }', { id: productId })
    ).data.product.media;
    expect(media).toEqual([{ altText: 'A brass lamp, lit', url: expect.stringMatching(/big\.png$/) }]);
    await closeSession(s);
  }, 240_000);
});
