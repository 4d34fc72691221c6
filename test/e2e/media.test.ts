import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { MediaUploadDocument } from '../../src/generated/graphql';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false, config: { 'server.max_upload_size': 4096 } });

const M = '/api/v1/admin/media';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');

async function upload(
  bytes: Buffer,
  name: string,
  type: string,
  fields: Record<string, string> = {},
  as = t.asAdmin(),
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([bytes], { type }), name);
  const auth = (await (as as unknown as { authorization(): Promise<string | undefined> }).authorization()) ?? '';
  const res = await fetch(t.url + M, { method: 'POST', body: form, headers: auth ? { authorization: auth } : {} });
  return { status: res.status, body: (await res.json()) as any };
}

describe('media upload', () => {
  it('stores a PNG detected from its content (the declared type is ignored) and serves it under /uploads/', async () => {
    const res = await upload(PNG, '../My Photo.txt', 'text/plain', { alt_text: 'A photo' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      filename: 'My-Photo.txt',
      mime_type: 'image/png',
      size: PNG.length,
      alt_text: 'A photo',
      created_at: expect.any(String),
      url: expect.stringMatching(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{8}-My-Photo\.txt$/),
    });
    const served = await fetch(t.url + res.body.data.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect((await t.asAdmin().get(`${M}/${res.body.data.id}`)).body.data).toEqual(res.body.data);
    expect((await t.asAdmin().get(M)).body.data[0].id).toBe(res.body.data.id);
  });

  it('accepts SVG only through the declared-type fallback; other types are 415', async () => {
    const svg = await upload(SVG, 'logo.svg', 'image/svg+xml');
    expect(svg.status).toBe(201);
    expect(svg.body.data.mime_type).toBe('image/svg+xml');
    const asText = await upload(SVG, 'logo.svg', 'text/plain');
    expect(asText.status).toBe(415);
    expect(asText.body.errors[0]).toMatchObject({ code: 'unsupported_media_type', detail: 'file type not allowed' });
    const exe = await upload(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), 'x.png', 'image/png');
    expect(exe.status).toBe(415);
  });

  it('400 validation_error field file when missing; 413 over server.max_upload_size; needs media.create', async () => {
    const form = new FormData();
    form.append('alt_text', 'nothing');
    const auth = await (t.asAdmin() as unknown as { authorization(): Promise<string> }).authorization();
    const missing = await fetch(t.url + M, { method: 'POST', body: form, headers: { authorization: auth } });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as any).errors[0]).toMatchObject({
      code: 'validation_error',
      field: 'file',
      detail: 'required',
    });
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(5000)]), 'big.png', 'image/png');
    expect(big.status).toBe(413);
    expect(big.body.errors[0].code).toBe('body_too_large');
    expect((await upload(PNG, 'a.png', 'image/png', {}, t.asCustomer())).status).toBe(403);
    expect((await upload(PNG, 'a.png', 'image/png', {}, t.asManager())).status).toBe(201);
  });

  it('GraphQL clients upload base64', async () => {
    const res = await t
      .asAdmin()
      .gql(MediaUploadDocument, { input: { dataBase64: PNG.toString('base64'), filename: 'g.png' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.mediaUpload).toMatchObject({ mime_type: 'image/png', filename: 'g.png', size: PNG.length });
  });
});

describe('media delete', () => {
  it('removes the file and the record; a missing file is fine; a bad stored path is 400', async () => {
    const up = await upload(PNG, 'd.png', 'image/png');
    const root = join(t.service.services.config.data_dir, 'uploads');
    const file = join(root, up.body.data.url.replace('/uploads/', ''));
    expect(existsSync(file)).toBe(true);
    expect((await t.asAdmin().delete(`${M}/${up.body.data.id}`)).status).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect((await t.asAdmin().get(`${M}/${up.body.data.id}`)).status).toBe(404);
    const gone = await t.db.media.create({
      data: { filename: 'x', mimeType: 'image/png', size: 1, storageKey: '2026/01/abcdef01-x.png' },
    });
    expect((await t.asAdmin().delete(`${M}/${gone.id}`)).status).toBe(204);
    for (const key of ['../../etc/passwd', '2026/01/abcdef01-x/../../../../outside.png', 'x.png']) {
      const bad = await t.db.media.create({ data: { filename: 'x', mimeType: 'image/png', size: 1, storageKey: key } });
      const res = await t.asAdmin().delete(`${M}/${bad.id}`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].code).toBe('invalid_media_path');
    }
    expect((await t.asManager().delete(`${M}/${gone.id}`)).status).toBe(403);
  });
});
