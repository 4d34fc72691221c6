import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3, header-based (`Authorization: AWS4-HMAC-SHA256 …`), single-chunk signed
 * payload. Written against the S3 documentation ("Signature Calculations for the Authorization Header:
 * Transferring Payload in a Single Chunk"); `sigv4.test.ts` checks it against that page's examples.
 */

/** sha256 of an empty payload (GET and DELETE requests). */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `s3` unless told otherwise. */
  service?: string;
}

export interface SigV4Request {
  method: string;
  /** The `Host` header as it will be sent (`host` or `host:port`). */
  host: string;
  /** The path before encoding (`/bucket/2026/01/ab12cd34-x.png`); send it encoded with {@link canonicalUri}. */
  path: string;
  query?: Record<string, string>;
  /** Further headers to sign and send; `host`, `x-amz-date` and `x-amz-content-sha256` are added. */
  headers?: Record<string, string>;
  /** Hex sha256 of the body (also sent as `x-amz-content-sha256`). */
  payloadHash: string;
}

export interface SignedRequest {
  /** Every signed header (lower-case names, `host` included) plus `authorization`. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/**
 * S3's UriEncode: every byte except `A-Z a-z 0-9 - . _ ~` becomes `%XY` (upper-case hex), `/` too unless
 * `encodeSlash` is false (object key paths). Not `encodeURIComponent`, which leaves `!'()*` alone.
 */
export function uriEncode(value: string, encodeSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (c === '/' && !encodeSlash)) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The canonical URI of a raw path: each segment encoded once, `/` kept (S3 does not normalize paths). */
export function canonicalUri(path: string): string {
  return path ? uriEncode(path, false) : '/';
}

function canonicalQuery(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([k, v]) => [uriEncode(k, true), uriEncode(v, true)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** `20130524T000000Z`, the `x-amz-date` form of a time. */
export function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]|\.\d{3}/g, '');
}

/** Signs a request at `now`; the caller sends `headers` (less `host`, which its HTTP client sets). */
export function signRequest(req: SigV4Request, creds: SigV4Credentials, now = new Date()): SignedRequest {
  const date = amzDate(now);
  const scope = `${date.slice(0, 8)}/${creds.region}/${creds.service ?? 's3'}/aws4_request`;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers ?? {}))
    headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  Object.assign(headers, { host: req.host, 'x-amz-date': date, 'x-amz-content-sha256': req.payloadHash });
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method.toUpperCase(),
    canonicalUri(req.path),
    canonicalQuery(req.query ?? {}),
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${creds.secretAccessKey}`, date.slice(0, 8));
  for (const part of [creds.region, creds.service ?? 's3', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}
