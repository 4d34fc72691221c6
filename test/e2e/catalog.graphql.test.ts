import { existsSync } from 'node:fs';
import { join } from 'node:path';

import {
  MediaUploadDocument,
  ProductCreateDocument,
  ProductsImportDocument,
  StoreCategoriesDocument,
} from '../../src/generated/graphql';
import { useShop } from '../fixtures/use-shop';
import { scratchDir } from '../harness/scratch-dir';

const mediaDir = scratchDir('svc-media');
const { t } = useShop({ shop: false, config: { 'server.max_upload_size': 64, 'media.local_path': mediaDir } });

describe('catalog over GraphQL', () => {
  it('creates a product and finds it by slug in an explicit locale', async () => {
    const created = await t.asAdmin().gql(ProductCreateDocument, {
      input: {
        currency: 'EUR',
        active: true,
        translations: [
          { locale: 'en', name: 'Lamp', slug: 'lamp-gql' },
          { locale: 'fr', name: 'Lampe', slug: 'lampe-gql' },
        ],
      },
    });
    expect(created.errors).toBeUndefined();
    const q =
      'query($slug: String!, $locale: String) { storeProduct(slug: $slug, locale: $locale) { id hasVariants } }';
    const fr = await t.asGuest().gql(q, { slug: 'lampe-gql', locale: 'fr' });
    expect(fr.data.storeProduct).toEqual({ id: created.data.productCreate.id, hasVariants: false });
    const missing = await t.asGuest().gql(q, { slug: 'lampe-gql' });
    expect(missing.errors?.[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('reports catalog error codes in extensions', async () => {
    const res = await t
      .asAdmin()
      .gql(
        'mutation { attributeCreate(input: {identifier: "ok-id", type: "colour", translations: [{locale: "en", name: "x"}]}) { id } }',
      );
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'invalid_attribute_type', status: 422 });
    const denied = await t.asCustomer().gql('mutation { tagCreate(input: {name: "x"}) { id } }');
    expect(denied.errors?.[0].extensions).toMatchObject({ code: 'forbidden' });
  });

  it('imports CSV text and serves the category tree', async () => {
    const res = await t
      .asAdmin()
      .gql(ProductsImportDocument, { input: { csv: 'sku,name,slug,currency\nG-1,Gee,gee-1,EUR\n' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.productsImport).toMatchObject({ total: 1, succeeded: 1 });
    await t.db.category.create({
      data: {
        translations: { create: [{ locale: 'en', name: 'Top', slug: 'top-gql' }] },
        children: { create: [{ translations: { create: [{ locale: 'en', name: 'Sub', slug: 'sub-gql' }] } }] },
      },
    });
    const tree = await t.asGuest().gql(StoreCategoriesDocument);
    const top = tree.data.storeCategories.find((c) => c.slug === 'top-gql');
    expect(top?.children.map((c) => c.name)).toEqual(['Sub']);
  });

  it('base64 uploads respect server.max_upload_size (413)', async () => {
    const res = await t
      .asAdmin()
      .gql(MediaUploadDocument, { input: { dataBase64: Buffer.alloc(100, 1).toString('base64'), filename: 'x.png' } });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'body_too_large', status: 413 });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const ok = await t
      .asAdmin()
      .gql(MediaUploadDocument, { input: { dataBase64: gif.toString('base64'), filename: 'dot.gif' } });
    expect(ok.data.mediaUpload.mime_type).toBe('image/gif');
    // Stored under media.local_path, served from there.
    expect(existsSync(join(mediaDir, ok.data.mediaUpload.url.replace('/uploads/', '')))).toBe(true);
    expect((await fetch(t.url + ok.data.mediaUpload.url)).status).toBe(200);
    const none = await t.asAdmin().gql(MediaUploadDocument, { input: {} });
    expect(none.errors?.[0].extensions).toMatchObject({ code: 'validation_error', field: 'file' });
  });
});
