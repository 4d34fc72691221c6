import { canonicalUri, EMPTY_SHA256, sha256Hex, signRequest, type SigV4Credentials } from './sigv4';

export interface S3ClientOptions extends SigV4Credentials {
  /** `https://s3.eu-central-1.amazonaws.com`, `http://minio:9000`, … (a path prefix is kept). */
  endpoint: string;
  bucket: string;
  /** `<endpoint>/<bucket>/<key>`; false: `<bucket>.<endpoint host>/<key>`. */
  forcePathStyle: boolean;
  timeoutMs?: number;
}

export type S3Call = 'PutObject' | 'DeleteObject';

/**
 * A failed S3 call. It carries what an operator needs (call, HTTP status, S3 error code) and deliberately not
 * the provider's message, which can echo request details back.
 */
export class S3Error extends Error {
  constructor(
    readonly call: S3Call,
    readonly reason: 'timeout' | 'network' | 'status',
    readonly status?: number,
    readonly s3Code?: string,
  ) {
    super(`${call} failed (${status ?? reason})`);
    this.name = 'S3Error';
  }
}

/**
 * The two object calls media storage needs, on `fetch` and SigV4. Not the AWS SDK: it is large, and its default
 * CRC32 checksum headers are refused by several S3-compatible servers (docs/decisions.md).
 */
export class S3Client {
  private readonly origin: string;
  private readonly prefix: string;
  private readonly timeoutMs: number;

  constructor(private readonly opts: S3ClientOptions) {
    const endpoint = new URL(opts.endpoint);
    this.origin = opts.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${opts.bucket}.${endpoint.host}`;
    this.prefix = decodeURIComponent(endpoint.pathname.replace(/\/+$/, ''));
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  /** The object's raw (unencoded) path on the server. */
  private pathOf(key: string): string {
    return this.opts.forcePathStyle ? `${this.prefix}/${this.opts.bucket}/${key}` : `${this.prefix}/${key}`;
  }

  /** The bucket's URL: what media URLs are built on when `media.s3.public_url` is empty. */
  bucketUrl(): string {
    return this.origin + canonicalUri(this.pathOf('')).replace(/\/$/, '');
  }

  /** `contentDisposition` is stored with the object and sent back with it on every GET (S3's object metadata). */
  async putObject(key: string, body: Buffer, contentType: string, contentDisposition?: string): Promise<void> {
    await this.send('PutObject', 'PUT', key, body, {
      'content-type': contentType,
      'content-length': String(body.length),
      ...(contentDisposition ? { 'content-disposition': contentDisposition } : {}),
    });
  }

  /** Deleting an object that is not there is a success (S3 answers 204 anyway; some servers say 404). */
  async deleteObject(key: string): Promise<void> {
    await this.send('DeleteObject', 'DELETE', key, undefined, {}, [404]);
  }

  private async send(
    call: S3Call,
    method: string,
    key: string,
    body: Buffer | undefined,
    headers: Record<string, string>,
    alsoOk: number[] = [],
  ): Promise<void> {
    const path = this.pathOf(key);
    const url = new URL(this.origin + canonicalUri(path));
    const payloadHash = body ? sha256Hex(body) : EMPTY_SHA256;
    const { host: _host, ...signed } = signRequest(
      { method, host: url.host, path, headers, payloadHash },
      this.opts,
    ).headers;
    let res: Response;
    try {
      res = await fetch(url, { method, headers: signed, body, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      // AbortSignal.timeout rejects with a DOMException named TimeoutError; checked by name, not instanceof Error,
      // because a DOMException need not share the realm of this module's Error (jest runs modules in a vm).
      throw new S3Error(call, (err as { name?: unknown } | null)?.name === 'TimeoutError' ? 'timeout' : 'network');
    }
    // The body is read (and dropped) either way so the connection can be reused; only the error code is kept.
    const text = await res.text().catch(() => '');
    if (res.ok || alsoOk.includes(res.status)) return;
    throw new S3Error(call, 'status', res.status, /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(text)?.[1]);
  }
}
