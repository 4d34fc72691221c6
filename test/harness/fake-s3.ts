import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An S3-compatible server for tests: path-style (`/<bucket>/<key>`, like MinIO), objects in memory. Every
 * request must carry a valid SigV4 signature for the shared key pair, checked with its own canonicalization
 * (not the service's signer), else 403 `SignatureDoesNotMatch`. GETs are public, like a public-read bucket.
 */
export type FakeS3Mode = 'ok' | 'fail' | 'unreachable' | 'hang';

export interface FakeS3 {
  /** The endpoint (`http://127.0.0.1:<port>`). */
  url: string;
  bucket: string;
  accessKeyId: string;
  /** The secret the fake verifies with; change it to make the service's key pair wrong. */
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType?: string; contentDisposition?: string }>;
  /** Every request that reached a handler, with the status it got. */
  log: Array<{ method: string; key: string; status: number }>;
  /** `fail`: 500 InternalError to everything; `unreachable`: stops listening; `hang`: never answers. */
  setMode(mode: FakeS3Mode): Promise<void>;
  close(): Promise<void>;
}

/** The service's configuration for `media.storage: s3` against this fake (a test adds what it varies). */
export const s3MediaConfig = (fake: FakeS3) => ({
  'media.storage': 's3',
  'media.s3.bucket': fake.bucket,
  'media.s3.endpoint': fake.url,
  'media.s3.region': 'eu-central-1',
  'media.s3.access_key_id': fake.accessKeyId,
  'media.s3.secret_access_key': fake.secretAccessKey,
});

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
// RFC 3986 unreserved characters stay, everything else is %XX: encodeURIComponent plus the five it leaves alone.
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(res: http.ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>fake</RequestId></Error>`,
  );
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** Null when the request is signed correctly, else the S3 error code to answer with. */
function verify(req: http.IncomingMessage, body: Buffer, fake: FakeS3): { status: number; code: string } | null {
  const m = AUTH.exec(req.headers.authorization ?? '');
  if (!m) return { status: 403, code: 'AccessDenied' };
  const [, accessKeyId, day, region, signedHeaders, signature] = m;
  if (accessKeyId !== fake.accessKeyId) return { status: 403, code: 'InvalidAccessKeyId' };
  const names = signedHeaders.split(';');
  const date = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((n) => names.includes(n)) || !date.startsWith(day))
    return { status: 403, code: 'AccessDenied' };
  if (payloadHash !== sha256(body)) return { status: 400, code: 'XAmzContentSHA256Mismatch' };
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname
    .split('/')
    .map((s) => encode(decodeURIComponent(s)))
    .join('/');
  const query = [...url.searchParams]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join('&');
  const headers = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, path, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  let key = hmac(`AWS4${fake.secretAccessKey}`, day);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = hmac(key, ['AWS4-HMAC-SHA256', date, scope, sha256(canonical)].join('\n'));
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
    ? null
    : { status: 403, code: 'SignatureDoesNotMatch' };
}

export async function startFakeS3(
  opts: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3> {
  let mode: FakeS3Mode = 'ok';
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeS3 = {
    url: '',
    bucket: opts.bucket ?? 'shop-media',
    accessKeyId: opts.accessKeyId ?? 'FAKEACCESSKEY',
    secretAccessKey: opts.secretAccessKey ?? 'fake-secret-access-key',
    objects: new Map(),
    log: [],
    setMode: async () => undefined,
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [, bucket, ...rest] = decodeURIComponent(new URL(req.url ?? '/', 'http://fake').pathname).split('/');
      const key = rest.join('/');
      res.on('finish', () => fake.log.push({ method: req.method ?? '', key, status: res.statusCode }));
      if (mode === 'hang') return void hanging.add(res);
      if (mode === 'fail')
        return xmlError(res, 500, 'InternalError', 'We encountered an internal error. Please try again.');
      if (bucket !== fake.bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (req.method === 'GET') {
        const obj = fake.objects.get(key);
        if (!obj) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, {
          'content-type': obj.contentType ?? 'application/octet-stream',
          ...(obj.contentDisposition ? { 'content-disposition': obj.contentDisposition } : {}),
        });
        return void res.end(obj.body);
      }
      const denied = verify(req, Buffer.concat(chunks), fake);
      if (denied)
        return xmlError(
          res,
          denied.status,
          denied.code,
          'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
        );
      if (req.method === 'PUT') {
        // Like S3, the object keeps the Content-Type and Content-Disposition it was put with and serves them back.
        fake.objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'],
          ...(req.headers['content-disposition'] ? { contentDisposition: req.headers['content-disposition'] } : {}),
        });
        res.writeHead(200, { etag: `"${createHash('md5').update(Buffer.concat(chunks)).digest('hex')}"` });
        return void res.end();
      }
      if (req.method === 'DELETE') {
        fake.objects.delete(key);
        res.writeHead(204);
        return void res.end();
      }
      xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  fake.setMode = async (next) => {
    if (mode === 'unreachable' && next !== 'unreachable') await listen(port);
    if (next === 'unreachable' && mode !== 'unreachable') await stop();
    if (mode === 'hang' && next !== 'hang') for (const res of hanging) res.destroy();
    mode = next;
  };
  fake.close = async () => {
    if (mode !== 'unreachable') await stop();
  };
  return fake;
}
