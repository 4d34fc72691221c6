import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { payprovPlugin } from '../../plugins/payprov';
import { compressionCounts } from '../../src/http/compression/codec';
import { GRAPHIQL_ASSETS } from '../../src/http/graphiql';
import { definePlugin } from '../../src/plugin-api';
import { createAdmin, PASSWORD } from '../fixtures/accounts';
import { stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';
import { FakeProvider } from '../harness/fake-provider';
import { startTestServer, type TestServer } from '../harness/server';

/**
 * Compressed answers (issue 51): JSON reads above `http.compression.threshold_bytes` and static files in the coding
 * the client's Accept-Encoding prefers, with `Vary`, the right length and validators; the response cache keeping
 * the compressed bytes (a hit compresses nothing: the process's compression counter says so); nothing that can
 * carry a credential compressed. Requests go over node:http, which, unlike fetch, decodes nothing.
 */

const { t, shop } = useShop();

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(
  base: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: opts.method ?? 'GET',
        headers: { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The body as the client reads it, by its Content-Encoding. */
function decoded(r: Raw): Buffer {
  const coding = r.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(r.body);
  if (coding === 'gzip') return gunzipSync(r.body);
  expect(coding).toBeUndefined();
  return r.body;
}

/** Every compression this process did (dynamic, cached and static). */
const compressions = () => Object.values(compressionCounts).reduce((sum, n) => sum + n, 0);
const varies = (r: Raw) => /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(r.headers.vary ?? ''));
const CSRF = `csrf_token=${'a'.repeat(64)}`;
const LIST = '/api/v1/store/products?limit=25';

beforeAll(async () => {
  for (let i = 0; i < 16; i++)
    await stockedProduct(t, shop.warehouse.id, 5, { name: `Compressed enamel mug number ${i} with a long name` });
});

describe('JSON reads above the threshold', () => {
  it('go out brotli, gzip or unencoded by Accept-Encoding, with Vary, their length, and the same bytes decoded', async () => {
    // A customer's reads are not cached: this is the per-request path.
    const authorization = (await t.asCustomer().authHeader())!;
    const get = (acceptEncoding?: string) =>
      raw(t.url, LIST, {
        headers: { authorization, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const identity = await get();
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(varies(identity)).toBe(true);
    expect(identity.body.length).toBeGreaterThan(1400);
    const expected = JSON.parse(identity.body.toString('utf8'));

    for (const [header, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, *', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['deflate', undefined],
      ['identity;q=0', undefined],
      ['*;q=0', undefined],
    ] as const) {
      const res = await get(header);
      expect([header, res.status, res.headers['content-encoding']]).toEqual([header, 200, coding]);
      expect(varies(res)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(JSON.parse(decoded(res).toString('utf8'))).toEqual(expected);
      if (coding) expect(res.body.length).toBeLessThan(identity.body.length / 3);
    }
  });

  it('GraphQL queries by POST and by GET are compressed', async () => {
    const query = '{ storeProducts(limit: 25) { items { id name slug description variants { id sku priceGross } } } }';
    const customer = t.asCustomer();
    const authorization = (await customer.authHeader())!;
    const post = await raw(t.url, '/graphql', {
      method: 'POST',
      headers: { authorization, 'accept-encoding': 'br' },
      body: JSON.stringify({ query }),
    });
    expect(post.headers['content-encoding']).toBe('br');
    expect(varies(post)).toBe(true);
    expect(JSON.parse(decoded(post).toString()).data.storeProducts.items.length).toBeGreaterThan(5);
    const get = await raw(t.url, `/graphql?query=${encodeURIComponent(query)}`, {
      headers: { authorization, 'accept-encoding': 'gzip', 'apollo-require-preflight': 'true' },
    });
    expect(get.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(get).toString())).toEqual(JSON.parse(decoded(post).toString()));
  });

  it('leaves answers under the threshold alone, without Vary', async () => {
    const res = await raw(t.url, '/api/v1/health', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1400);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res)).toBe(false);
  });

  it('answers HEAD with the unencoded representation and Vary (nothing is compressed to learn a length)', async () => {
    const authorization = (await t.asCustomer().authHeader())!;
    const before = compressionCounts.dynamic;
    const head = await raw(t.url, LIST, { method: 'HEAD', headers: { authorization, 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(varies(head)).toBe(true);
    expect(compressionCounts.dynamic).toBe(before);
  });
});

describe('the response cache keeps compressed bodies', () => {
  it('a hit sends the bytes the miss compressed, compressing nothing; each coding has its ETag and 304', async () => {
    // A fresh key: the cache may hold the list from another test.
    const path = `${LIST}&page=1`;
    const miss = await raw(t.url, path, { headers: { cookie: CSRF, 'accept-encoding': 'br' } });
    expect(miss.headers['x-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBe('br');
    const etag = String(miss.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}-br"$/);

    const before = compressions();
    const hit = await raw(t.url, path, { headers: { cookie: CSRF, 'accept-encoding': 'gzip, br' } });
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers.etag).toBe(etag);
    expect(varies(hit)).toBe(true);
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(Number(hit.headers['content-length'])).toBe(hit.body.length);
    expect(compressions()).toBe(before);

    // gzip is made once, on its first hit, and kept too.
    const gzip1 = await raw(t.url, path, { headers: { cookie: CSRF, 'accept-encoding': 'gzip' } });
    expect(gzip1.headers['content-encoding']).toBe('gzip');
    expect(compressions()).toBe(before + 1);
    const gzip2 = await raw(t.url, path, { headers: { cookie: CSRF, 'accept-encoding': 'gzip' } });
    expect(gzip2.body.equals(gzip1.body)).toBe(true);
    expect(gzip2.headers.etag).toBe(etag.replace('-br"', '-gz"'));
    expect(compressions()).toBe(before + 1);

    const identity = await raw(t.url, path, { headers: { cookie: CSRF } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.etag).toBe(etag.replace('-br"', '"'));
    expect(decoded(gzip1).equals(identity.body)).toBe(true);
    expect(decoded(hit).equals(identity.body)).toBe(true);

    // 304 for the coding the client holds; the brotli tag is no match for a client that now reads identity only.
    const notModified = await raw(t.url, path, {
      headers: { cookie: CSRF, 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.headers.etag).toBe(etag);
    expect((await raw(t.url, path, { headers: { cookie: CSRF, 'if-none-match': etag } })).status).toBe(200);

    // HEAD of a hit: the headers the GET would have (the kept encoding's length), no body.
    const head = await raw(t.url, path, { method: 'HEAD', headers: { cookie: CSRF, 'accept-encoding': 'br' } });
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(miss.body.length);
    expect(head.body.length).toBe(0);
  });
});

describe('static files', () => {
  it("GraphiQL's files: brotli or gzip by Accept-Encoding, Vary, an ETag per coding, 304, HEAD and Range", async () => {
    const file = readFileSync(GRAPHIQL_ASSETS.get('graphiql.js')!);
    const path = '/graphiql/assets/graphiql.js';
    const br = await raw(t.url, path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=86400');
    expect(varies(br)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(file.length / 2);
    expect(decoded(br).equals(file)).toBe(true);
    // After `npm run build`, the build's copy is what goes out (scripts/copy-build-assets.js).
    const copy = join(
      __dirname,
      '..',
      '..',
      'dist',
      'precompressed',
      `${createHash('sha256').update(file).digest('hex')}.br`,
    );
    if (existsSync(copy)) expect(br.body.equals(readFileSync(copy))).toBe(true);
    // Made or read once: the second request compresses nothing.
    const before = compressionCounts.static;
    const again = await raw(t.url, path, { headers: { 'accept-encoding': 'br' } });
    expect(again.body.equals(br.body)).toBe(true);
    expect(compressionCounts.static).toBe(before);

    const gzip = await raw(t.url, path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).equals(file)).toBe(true);
    const identity = await raw(t.url, path);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(varies(identity)).toBe(true);
    expect(identity.body.equals(file)).toBe(true);
    const tags = [br, gzip, identity].map((r) => String(r.headers.etag));
    expect(new Set(tags).size).toBe(3);

    const notModified = await raw(t.url, path, { headers: { 'accept-encoding': 'br', 'if-none-match': tags[0] } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.body.length).toBe(0);
    expect((await raw(t.url, path, { headers: { 'if-none-match': tags[2] } })).status).toBe(304);
    expect((await raw(t.url, path, { headers: { 'accept-encoding': 'gzip', 'if-none-match': tags[0] } })).status).toBe(
      200,
    );

    const head = await raw(t.url, path, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(br.body.length);
    expect(head.body.length).toBe(0);

    // A byte range is a range of the file itself, whatever the client accepts.
    const range = await raw(t.url, path, { headers: { 'accept-encoding': 'br', range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 100-199/${file.length}`);
    expect(varies(range)).toBe(true);
    expect(range.body.equals(file.subarray(100, 200))).toBe(true);
  });

  it("the OpenAPI document is compressed once and kept; Swagger UI's files too", async () => {
    const first = await raw(t.url, '/api/v1/openapi.json', { headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    const before = compressionCounts.static;
    const second = await raw(t.url, '/api/v1/openapi.json', { headers: { 'accept-encoding': 'br' } });
    expect(second.body.equals(first.body)).toBe(true);
    expect(compressionCounts.static).toBe(before);
    expect(JSON.parse(decoded(second).toString()).openapi).toMatch(/^3\.1/);
    const swagger = await raw(t.url, '/api/v1/docs/assets/swagger-ui-bundle.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(swagger.status).toBe(200);
    expect(swagger.headers['content-encoding']).toBe('gzip');
    expect(decoded(swagger).toString()).toContain('SwaggerUIBundle');
  });
});

describe('what is never compressed, and the plugins’ assets', () => {
  let every: TestServer;
  let provider: FakeProvider;
  const dir = mkdtempSync(join(tmpdir(), 'svc-shelf-'));
  const text = (n: number) => `export const words = ${JSON.stringify('lorem ipsum dolor '.repeat(n))};\n`;
  const shelf = definePlugin({
    name: 'shelf',
    version: '0.0.1',
    description: 'Serves a folder (test plugin).',
    configSchema: {},
    init: (ctx) => ctx.serveAssets(dir),
  });

  beforeAll(async () => {
    writeFileSync(join(dir, 'plain.js'), text(200));
    // A copy beside its file is sent as it is (the build's), while it is not older than the file.
    writeFileSync(join(dir, 'made.js'), text(300));
    writeFileSync(join(dir, 'made.js.br'), brotliCompressSync(Buffer.from(text(300))));
    writeFileSync(join(dir, 'stale.js.gz'), gzipSync(Buffer.from('stale')));
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'stale.js.gz'), past, past);
    writeFileSync(join(dir, 'stale.js'), text(250));
    writeFileSync(join(dir, 'tiny.js'), 'x');
    writeFileSync(join(dir, 'image.png'), Buffer.alloc(4096, 7));
    provider = await FakeProvider.start();
    every = await startTestServer(
      {
        'http.compression.threshold_bytes': 0,
        // No reconciler loop of payprov's.
        'server.background_jobs': false,
        plugins: {
          shelf: {},
          payprov: {
            secret_key: 'sk_test_payprov',
            publishable_key: 'pk_test_payprov',
            webhook_secret: 'whsec_test_payprov_signing_secret',
            api_base: provider.url,
            js_url: `${provider.url}/js/v3`,
          },
        },
      },
      { plugins: [shelf, payprovPlugin] },
    );
  });
  afterAll(async () => {
    await every?.close();
    await provider?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sign-in, refresh and other writes, mutations, and reads showing a secret go out unencoded at threshold 0', async () => {
    const accept = { 'accept-encoding': 'br, gzip' };
    /** Left out by the rule itself (no Vary: the coding never depended on the header), not for being small. */
    const excluded = (r: Raw) => [r.headers['content-encoding'], varies(r)];
    // A small read is negotiable at threshold 0 (Vary; too small to gain from brotli 1): the rules below are not the
    // threshold's.
    expect(varies(await raw(every.url, '/api/v1/health', { headers: accept }))).toBe(true);
    const admin = await createAdmin(every);
    const login = await raw(every.url, '/api/v1/auth/login', {
      method: 'POST',
      headers: accept,
      body: JSON.stringify({ email: admin.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(excluded(login)).toEqual([undefined, false]);
    const refreshToken = JSON.parse(login.body.toString()).data.refresh_token as string;
    const refresh = await raw(every.url, '/api/v1/auth/refresh', {
      method: 'POST',
      headers: accept,
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(refresh.status).toBe(200);
    expect(excluded(refresh)).toEqual([undefined, false]);

    const gqlLogin = await raw(every.url, '/graphql', {
      method: 'POST',
      headers: accept,
      body: JSON.stringify({
        query: 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }',
        variables: { i: { email: admin.email, password: PASSWORD } },
      }),
    });
    expect(JSON.parse(gqlLogin.body.toString()).data?.login.accessToken).toBeDefined();
    expect(excluded(gqlLogin)).toEqual([undefined, false]);

    const authorization = (await every.asAdmin().authHeader())!;
    const orders = await raw(every.url, '/api/v1/admin/orders', { headers: { ...accept, authorization } });
    expect(orders.status).toBe(200);
    expect(excluded(orders)).toEqual([undefined, false]);
    const guestTokens = await raw(every.url, '/graphql', {
      method: 'POST',
      headers: { ...accept, authorization },
      body: JSON.stringify({ query: '{ orders { items { id guestToken } } }' }),
    });
    expect(guestTokens.status).toBe(200);
    expect(excluded(guestTokens)).toEqual([undefined, false]);
    const plainQuery = await raw(every.url, '/graphql', {
      method: 'POST',
      headers: { ...accept, authorization },
      body: JSON.stringify({
        query: `{ ${Array.from({ length: 18 }, (_, i) => `typename${i}: __typename`).join(' ')} }`,
      }),
    });
    expect(plainQuery.headers['content-encoding']).toBe('br');
    // An error echoes what the client sent: never compressed either.
    const error = await raw(every.url, '/api/v1/store/products/no-such-product', { headers: accept });
    expect(error.status).toBe(404);
    expect(excluded(error)).toEqual([undefined, false]);
  });

  it("serves a plugin's assets compressed: a copy beside the file as it is, else compressed once; never a 404", async () => {
    const get = (name: string, coding = 'br') =>
      raw(every.url, `/plugins/shelf/assets/${name}`, { headers: { 'accept-encoding': coding } });
    const plain = await get('plain.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBe('br');
    expect(varies(plain)).toBe(true);
    expect(decoded(plain).toString()).toBe(text(200));

    const made = await get('made.js');
    expect(made.body.equals(readFileSync(join(dir, 'made.js.br')))).toBe(true);
    // No gzip copy beside it: gzip is made at run time, still from the file.
    expect(decoded(await get('made.js', 'gzip')).toString()).toBe(text(300));

    // A copy older than its file is not trusted.
    const stale = await get('stale.js', 'gzip');
    expect(stale.status).toBe(200);
    expect(decoded(stale).toString()).toBe(text(250));

    // Not worth it (a 1-byte file), or not text: sent as they are, the image without Vary.
    const tiny = await get('tiny.js');
    expect([tiny.status, tiny.headers['content-encoding'], tiny.body.toString()]).toEqual([200, undefined, 'x']);
    const image = await get('image.png');
    expect([image.status, image.headers['content-encoding'], varies(image)]).toEqual([200, undefined, false]);

    // The copies are not files of the folder, nor is anything outside it.
    for (const name of ['made.js.br', '..%2Fpackage.json', '.hidden', 'missing.js'])
      expect((await get(name)).status).toBe(404);
  });

  it("serves payprov's pay page assets compressed", async () => {
    for (const name of ['pay-page.js', 'payprov-payment.js']) {
      const res = await raw(every.url, `/plugins/payprov/assets/${name}`, { headers: { 'accept-encoding': 'br' } });
      expect([name, res.status, res.headers['content-encoding']]).toEqual([name, 200, 'br']);
      expect(decoded(res).equals(readFileSync(join(__dirname, '../../plugins/payprov/assets', name)))).toBe(true);
    }
  });
});

describe('http.compression.enabled: false', () => {
  it('sends everything unencoded, without Vary', async () => {
    const off = await startTestServer({ 'http.compression.enabled': false });
    try {
      const authorization = (await off.asCustomer().authHeader())!;
      const accept = { 'accept-encoding': 'br, gzip' };
      for (const [path, headers] of [
        [LIST, { ...accept, authorization }],
        [LIST, { ...accept, cookie: CSRF }],
        ['/graphiql/assets/graphiql.js', accept],
        ['/api/v1/openapi.json', accept],
      ] as const) {
        const res = await raw(off.url, path, { headers });
        expect([path, res.status, res.headers['content-encoding'], varies(res)]).toEqual([path, 200, undefined, false]);
      }
    } finally {
      await off.close();
    }
  });
});
