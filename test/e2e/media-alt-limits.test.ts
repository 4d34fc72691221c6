import { useShop } from '../fixtures/use-shop';

/**
 * What the admin's media panel asks beyond the upload: the upload limits as configured (so it refuses a file
 * before sending it, naming the real limit) and an image's alt text set and cleared after the upload, over
 * GraphQL and REST alike; a product's media carry the alt text.
 */

const { t } = useShop({ shop: false, config: { 'server.max_upload_size': 4096 } });

const M = '/api/v1/admin/media';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);

async function uploaded(): Promise<string> {
  const res = await t.asAdmin().gql('mutation($i: MediaUploadInput!) { mediaUpload(input: $i) { id } }', {
    i: { filename: 'lamp.png', dataBase64: PNG.toString('base64') },
  });
  return res.data.mediaUpload.id;
}

describe('media limits and alt text', () => {
  it('mediaLimits says the configured size and the accepted types; REST too; staff only', async () => {
    const res = await t.asAdmin().gql('{ mediaLimits { maxUploadBytes acceptedTypes } }');
    expect(res.data.mediaLimits.maxUploadBytes).toBe(4096);
    expect(res.data.mediaLimits.acceptedTypes).toEqual(expect.arrayContaining(['image/png', 'image/jpeg']));
    expect((await t.asManager().gql('{ mediaLimits { maxUploadBytes } }')).data.mediaLimits.maxUploadBytes).toBe(4096);
    const rest = await t.asAdmin().get(`${M}/limits`);
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ max_upload_bytes: 4096, accepted_types: expect.any(Array) });
    expect((await t.asCustomer().get(`${M}/limits`)).status).toBe(403);
  });

  it('sets and clears alt text over GraphQL and REST; the product shows it; bad ids and long text are 4xx', async () => {
    const id = await uploaded();
    const set = await t
      .asAdmin()
      .gql('mutation($id: UUID!, $i: MediaUpdateInput!) { mediaUpdate(id: $id, input: $i) { id altText } }', {
        id,
        i: { altText: 'A brass desk lamp' },
      });
    expect(set.data.mediaUpdate).toEqual({ id, altText: 'A brass desk lamp' });

    const { productCreate } = (
      await t.asAdmin().gql('mutation($i: ProductCreateInput!) { productCreate(input: $i) { id } }', {
        i: { currency: 'EUR', mediaIds: [id], translations: [{ locale: 'en', name: 'Lamp', slug: 'alt-lamp' }] },
      })
    ).data;
    const product = await t
      .asAdmin()
      .gql('query($id: UUID!) { product(id: $id) { media { mediaId altText } } }', { id: productCreate.id });
    expect(product.data.product.media).toEqual([{ mediaId: id, altText: 'A brass desk lamp' }]);
    const list = await t.asAdmin().gql('{ products(limit: 5) { items { id media { altText } } } }');
    expect(list.data.products.items.find((p: { id: string }) => p.id === productCreate.id).media).toEqual([
      { altText: 'A brass desk lamp' },
    ]);

    const rest = await t.asAdmin().put(`${M}/${id}`, { alt_text: '  ' });
    expect(rest.status).toBe(200);
    expect(rest.body.data.alt_text).toBeNull();
    expect((await t.asAdmin().put(`${M}/${id}`, { alt_text: 'Lamp' })).body.data.alt_text).toBe('Lamp');

    expect((await t.asAdmin().put(`${M}/00000000-0000-4000-8000-000000000000`, { alt_text: 'x' })).status).toBe(404);
    const long = await t.asAdmin().put(`${M}/${id}`, { alt_text: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ code: 'validation_error', field: 'alt_text' });
    expect((await t.asCustomer().put(`${M}/${id}`, { alt_text: 'x' })).status).toBe(403);
  });
});
