/**
 * Uploads are served with the type the upload recorded (sniffed from the bytes), never the one the file name
 * implies: an SVG named `x.html` is `image/svg+xml`, a PNG named `x.js` is `image/png`. SVG is sandboxed on
 * every storage (a CSP locally, a download disposition on S3, where a bucket sends no CSP), and `nosniff` comes
 * with every local answer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { type FakeS3, s3MediaConfig, startFakeS3 } from '../harness/fake-s3';
import { startTestServer, type TestServer } from '../harness/server';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(document.domain)</script></svg>',
);
const XML_SVG = Buffer.concat([Buffer.from('<?xml version="1.0"?>\n'), SVG]);
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n');
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 1)]);

/** What each upload is, the name it is sent under (one a browser would run), and what it must be served as. */
const CASES: Array<{ what: string; bytes: Buffer; name: string; declared: string; type: string }> = [
  { what: 'an SVG named x.html', bytes: SVG, name: 'x.html', declared: 'image/svg+xml', type: 'image/svg+xml' },
  { what: 'an XML SVG named x.js', bytes: XML_SVG, name: 'x.js', declared: 'image/svg+xml', type: 'image/svg+xml' },
  { what: 'a PNG named x.js', bytes: PNG, name: 'x.js', declared: 'text/javascript', type: 'image/png' },
  { what: 'a PNG named x.svg', bytes: PNG, name: 'x.svg', declared: 'image/svg+xml', type: 'image/png' },
  { what: 'a PDF named x.htm', bytes: PDF, name: 'x.htm', declared: 'text/html', type: 'application/pdf' },
  { what: 'a GIF named x.mjs', bytes: GIF, name: 'x.mjs', declared: 'image/gif', type: 'image/gif' },
];

async function upload(t: TestServer, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const auth = (await t.asAdmin().authHeader()) as string;
  const res = await fetch(`${t.url}/api/v1/admin/media`, {
    method: 'POST',
    body: form,
    headers: { authorization: auth },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { url: string; mime_type: string; id: string } }).data;
}

/** The media type of a Content-Type header, without parameters (`; charset=…`). */
const mediaType = (header: string | null) => header?.split(';')[0].trim();

describe('local uploads', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it.each(CASES)(
    '$what is recorded and served as $type, sandboxed, nosniff',
    async ({ bytes, name, declared, type }) => {
      const media = await upload(t, bytes, name, declared);
      expect(media.mime_type).toBe(type);
      for (const method of ['GET', 'HEAD']) {
        const served = await fetch(t.url + media.url, { method });
        expect(served.status).toBe(200);
        expect(mediaType(served.headers.get('content-type'))).toBe(type);
        expect(served.headers.get('x-content-type-options')).toBe('nosniff');
        expect(served.headers.get('content-security-policy')).toMatch(/(^|; )sandbox($|;)/);
        expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
        if (method === 'GET') expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
      }
      // The record says the same as the answer.
      expect((await t.asAdmin().get(`/api/v1/admin/media/${media.id}`)).body.data.mime_type).toBe(type);
    },
  );

  it('a file no upload would store (put in the folder by hand) is a sandboxed download, never HTML', async () => {
    const key = '2026/01/0badc0de-page.html';
    const file = join(t.service.services.config.data_dir, 'uploads', key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from([0x00, 0x01, 0x02, 0x3c, 0x68]));
    const served = await fetch(`${t.url}/uploads/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('paths that are no stored key, missing files and other methods are the JSON 404, with nosniff', async () => {
    const file = join(t.service.services.config.data_dir, 'uploads', 'notes.html');
    writeFileSync(file, '<script>alert(1)</script>');
    for (const path of [
      '/uploads/notes.html',
      '/uploads/2026/01/00000000-missing.png',
      '/uploads/2026/01/',
      '/uploads/',
    ]) {
      const res = await fetch(t.url + path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(((await res.json()) as { errors: Array<{ code: string }> }).errors[0].code).toBe('not_found');
    }
    const media = await upload(t, PNG, 'p.png', 'image/png');
    const post = await fetch(t.url + media.url, { method: 'POST' });
    expect(post.status).not.toBe(200);
    expect(post.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('S3 uploads', () => {
  let t: TestServer;
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3();
    t = await startTestServer(s3MediaConfig(fake));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it.each(CASES)('$what is stored and served by the bucket as $type (SVG as a download)', async (c) => {
    const media = await upload(t, c.bytes, c.name, c.declared);
    expect(media.mime_type).toBe(c.type);
    const key = decodeURIComponent(new URL(media.url).pathname.replace(`/${fake.bucket}/`, ''));
    const svg = c.type === 'image/svg+xml';
    expect(fake.objects.get(key)).toEqual({
      body: c.bytes,
      contentType: c.type,
      ...(svg ? { contentDisposition: 'attachment' } : {}),
    });
    // What a browser opening the media URL gets from the bucket.
    const served = await fetch(media.url);
    expect(served.status).toBe(200);
    expect(mediaType(served.headers.get('content-type'))).toBe(c.type);
    expect(served.headers.get('content-disposition')).toBe(svg ? 'attachment' : null);
  });
});
