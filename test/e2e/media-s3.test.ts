import { Writable } from 'node:stream';

import { MediaUploadDocument, ProductDocument, StoreProductByIdDocument } from '../../src/generated/graphql';
import { createLogger } from '../../src/platform/logger';
import { type FakeS3, s3MediaConfig, startFakeS3 } from '../harness/fake-s3';
import { startTestServer, type TestServer } from '../harness/server';

// media.storage: s3 against a fake S3 that checks every signature. The log is kept to check what failures log.
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});

const PUBLIC_URL = 'https://cdn.example.test/shop-media';
let fake: FakeS3;
let t: TestServer;
beforeAll(async () => {
  fake = await startFakeS3();
  t = await startTestServer(
    { ...s3MediaConfig(fake), 'media.s3.public_url': `${PUBLIC_URL}/` },
    { log: createLogger('info', sink) },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(async () => {
  await fake.setMode('ok');
  fake.secretAccessKey = 'fake-secret-access-key';
});

const M = '/api/v1/admin/media';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
const KEY_URL = new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/(\\d{4}/\\d{2}/[0-9a-f]{8}-[A-Za-z0-9._-]+)$`);

async function upload(bytes: Buffer, name: string, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([bytes], { type }), name);
  const auth = (await (t.asAdmin() as unknown as { authorization(): Promise<string> }).authorization()) ?? '';
  const res = await fetch(t.url + M, { method: 'POST', body: form, headers: { authorization: auth } });
  return { status: res.status, requestId: res.headers.get('x-request-id'), text: await res.text() };
}

async function uploadOk(name = 'photo.png') {
  const res = await upload(PNG, name, 'image/png');
  expect(res.status).toBe(201);
  const data = JSON.parse(res.text).data;
  return { ...data, key: KEY_URL.exec(data.url)?.[1] as string };
}

const mediaCount = async () => (await t.asAdmin().get(`${M}?limit=1`)).body.meta.total as number;
const logged = (requestId: string | null) =>
  lines.map((l) => JSON.parse(l)).filter((l) => l.requestId === requestId && l.msg === 'media storage call failed');

describe('media on S3', () => {
  it('stores the upload in the bucket (sniffed Content-Type) and answers with the public URL', async () => {
    const res = await upload(PNG, '../My Photo.txt', 'text/plain', { alt_text: 'A photo' });
    expect(res.status).toBe(201);
    const data = JSON.parse(res.text).data;
    expect(data).toEqual({
      id: expect.any(String),
      filename: 'My-Photo.txt',
      mime_type: 'image/png',
      size: PNG.length,
      alt_text: 'A photo',
      created_at: expect.any(String),
      url: expect.stringMatching(KEY_URL),
    });
    const key = KEY_URL.exec(data.url)?.[1] as string;
    expect(fake.objects.get(key)).toEqual({ body: PNG, contentType: 'image/png' });
    expect((await t.asAdmin().get(`${M}/${data.id}`)).body.data).toEqual(data);
    // The object is where a path-style client would look for it.
    const direct = await fetch(`${fake.url}/${fake.bucket}/${key}`);
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(PNG);
    // Nothing is served locally with S3 storage.
    const local = await t.asGuest().get(`/uploads/${key}`);
    expect(local.status).toBe(404);
    expect(local.body.errors[0].code).toBe('not_found');
  });

  it('GraphQL base64 uploads land in the bucket too', async () => {
    const res = await t
      .asAdmin()
      .gql(MediaUploadDocument, { input: { dataBase64: PNG.toString('base64'), filename: 'g.png' } });
    expect(res.errors).toBeUndefined();
    const key = KEY_URL.exec(res.data.mediaUpload.url)?.[1] as string;
    expect(fake.objects.get(key)?.body).toEqual(PNG);
  });

  it('products show S3 URLs in admin and store reads, REST and GraphQL', async () => {
    const media = await uploadOk('front.png');
    const n = Date.now().toString(36);
    const created = await t.asAdmin().post('/api/v1/admin/products', {
      currency: 'EUR',
      sku: `S3-${n}`,
      active: true,
      translations: [{ locale: 'en', name: 'S3', slug: `s3-${n}` }],
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const want = [{ media_id: media.id, position: 0, url: media.url }];
    expect((await t.asAdmin().put(`/api/v1/admin/products/${id}`, { media_ids: [media.id] })).body.data.media).toEqual(
      want,
    );
    expect((await t.asAdmin().get(`/api/v1/admin/products/${id}`)).body.data.media).toEqual(want);
    expect((await t.asGuest().get(`/api/v1/store/products/s3-${n}`)).body.data.media).toEqual(want);
    expect((await t.asGuest().get(`/api/v1/store/products/id/${id}`)).body.data.media).toEqual(want);
    expect((await t.asAdmin().gql(ProductDocument, { id })).data.product?.media).toEqual(want);
    expect((await t.asGuest().gql(StoreProductByIdDocument, { id })).data.storeProductById?.media).toEqual(want);
    // The lists are written by PostgreSQL (compiled reads): it makes the same URLs, encoding as S3 paths are
    // encoded (a key stored by hand with a space, a plus and a non-ASCII letter).
    const odd = await t.db.media.create({
      data: { filename: 'x', mimeType: 'image/png', size: 1, storageKey: `2026/01/abcdef02-${n} x+é.png` },
    });
    await t.db.productMedia.create({ data: { productId: id, mediaId: odd.id, position: 1 } });
    const both = [
      ...want,
      { media_id: odd.id, position: 1, url: `${PUBLIC_URL}/2026/01/abcdef02-${n}%20x%2B%C3%A9.png` },
    ];
    const listed = (path: string, client = t.asGuest()) =>
      client.get(path).then((r) => r.body.data.items.find((p: { id: string }) => p.id === id)?.media);
    expect(await listed('/api/v1/store/products?limit=1')).toEqual(both);
    expect(await listed('/api/v1/admin/products?limit=1', t.asAdmin())).toEqual(both);
  });

  it('delete removes the object and the row', async () => {
    const media = await uploadOk();
    expect(fake.objects.has(media.key)).toBe(true);
    expect((await t.asAdmin().delete(`${M}/${media.id}`)).status).toBe(204);
    expect(fake.objects.has(media.key)).toBe(false);
    expect(fake.log.at(-1)).toEqual({ method: 'DELETE', key: media.key, status: 204 });
    expect((await t.asAdmin().get(`${M}/${media.id}`)).status).toBe(404);
    // An object already gone is fine; a stored key that is not a media key is refused before S3 is asked.
    const gone = await t.db.media.create({
      data: { filename: 'x', mimeType: 'image/png', size: 1, storageKey: '2026/01/abcdef01-gone.png' },
    });
    expect((await t.asAdmin().delete(`${M}/${gone.id}`)).status).toBe(204);
    const bad = await t.db.media.create({
      data: { filename: 'x', mimeType: 'image/png', size: 1, storageKey: '2026/01/abcdef01-x/../../other.png' },
    });
    const asked = fake.log.length;
    const res = await t.asAdmin().delete(`${M}/${bad.id}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_media_path');
    expect(fake.log.length).toBe(asked);
  });
});

describe('media on S3 when S3 fails', () => {
  it('a 500 from S3 is 502 provider_error naming the call; no row is written; the log has the status, not the secret', async () => {
    const before = await mediaCount();
    await fake.setMode('fail');
    const res = await upload(PNG, 'a.png', 'image/png');
    expect(res.status).toBe(502);
    expect(JSON.parse(res.text).errors).toEqual([{ code: 'provider_error', detail: 'media storage put failed' }]);
    expect(res.text).not.toMatch(/internal error|InternalError/);
    await fake.setMode('ok');
    expect(await mediaCount()).toBe(before);
    expect(logged(res.requestId)).toEqual([
      expect.objectContaining({
        level: 50,
        op: 'put',
        storage: 's3',
        call: 'PutObject',
        status: 500,
        s3Code: 'InternalError',
      }),
    ]);
    expect(lines.join('')).not.toContain(fake.secretAccessKey);

    await fake.setMode('fail');
    const gql = await t
      .asAdmin()
      .gql(MediaUploadDocument, { input: { dataBase64: PNG.toString('base64'), filename: 'g.png' } });
    expect(gql.errors?.[0]).toMatchObject({
      message: 'media storage put failed',
      extensions: { code: 'provider_error', status: 502 },
    });
  });

  it('a wrong secret (SignatureDoesNotMatch) is 502 without the provider message', async () => {
    const before = await mediaCount();
    fake.secretAccessKey = 'not-the-services-secret';
    const res = await upload(PNG, 'a.png', 'image/png');
    expect(res.status).toBe(502);
    expect(res.text).not.toMatch(/signature/i);
    expect(logged(res.requestId)).toEqual([expect.objectContaining({ status: 403, s3Code: 'SignatureDoesNotMatch' })]);
    expect(await mediaCount()).toBe(before);
  });

  it('an unreachable endpoint is 502', async () => {
    const before = await mediaCount();
    await fake.setMode('unreachable');
    const res = await upload(PNG, 'a.png', 'image/png');
    expect(res.status).toBe(502);
    expect(JSON.parse(res.text).errors[0].code).toBe('provider_error');
    expect(logged(res.requestId)).toEqual([expect.objectContaining({ call: 'PutObject', reason: 'network' })]);
    await fake.setMode('ok');
    expect(await mediaCount()).toBe(before);
  });

  it('delete while S3 fails is 502 and the media stays readable (and deletable later)', async () => {
    const media = await uploadOk();
    await fake.setMode('fail');
    const res = await t.asAdmin().delete(`${M}/${media.id}`);
    expect(res.status).toBe(502);
    expect(res.body.errors).toEqual([{ code: 'provider_error', detail: 'media storage delete failed' }]);
    await fake.setMode('ok');
    expect((await t.asAdmin().get(`${M}/${media.id}`)).body.data.url).toBe(media.url);
    expect(fake.objects.has(media.key)).toBe(true);
    expect((await t.asAdmin().delete(`${M}/${media.id}`)).status).toBe(204);
  });

  it('when the row insert fails after the put, the object is removed again', async () => {
    // A trigger makes exactly this insert fail, after the object was stored.
    await t.db.$executeRawUnsafe(`CREATE FUNCTION s3_test_refuse() RETURNS trigger AS $$ BEGIN
      IF NEW.alt_text = 'refuse me' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await t.db.$executeRawUnsafe(
      'CREATE TRIGGER s3_test_refuse BEFORE INSERT ON media FOR EACH ROW EXECUTE FUNCTION s3_test_refuse()',
    );
    try {
      const before = await mediaCount();
      const objects = fake.objects.size;
      const res = await upload(PNG, 'undo.png', 'image/png', { alt_text: 'refuse me' });
      expect(res.status).toBe(500);
      expect(fake.log.slice(-2).map((r) => [r.method, r.status])).toEqual([
        ['PUT', 200],
        ['DELETE', 204],
      ]);
      expect(fake.log.at(-1)?.key).toMatch(/-undo\.png$/);
      expect(fake.objects.size).toBe(objects);
      expect(await mediaCount()).toBe(before);
    } finally {
      await t.db.$executeRawUnsafe('DROP TRIGGER s3_test_refuse ON media');
      await t.db.$executeRawUnsafe('DROP FUNCTION s3_test_refuse()');
    }
  });
});
