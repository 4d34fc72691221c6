/**
 * Issue 24: JSON nested 20,000 levels deep (about 100 KB) is a 400, never a stack overflow. Sent to every
 * route with a body: the REST route table, every plugin route (both bundled plugins on), /graphql (body, and
 * `variables`/`extensions` as GET parameters), /mcp/store and /mcp/admin. No answer is a 5xx, each is 400
 * `validation_error` (`max_depth`) in its surface's envelope (a GraphQL document nested as deep is 400
 * `invalid_query`), and no error-level line is logged. A body at the limit is still accepted.
 */
import { randomUUID } from 'node:crypto';

import { ROUTES } from '../../app/domains';
import { automationPlugin } from '../../plugins/automation';
import { payprovPlugin } from '../../plugins/payprov';
import { captureLog, type LogEntry } from '../harness/capture-log';
import { FakeProvider } from '../harness/fake-provider';
import { startTestServer, type TestServer } from '../harness/server';

const LEVELS = 20_000;
/** `{"a":{"a":…1…}}`: 120 KB, under the 1 MiB body limit. */
const deepObject = `${'{"a":'.repeat(LEVELS)}1${'}'.repeat(LEVELS)}`;
/** `[[[…]]]`: the other shape a parser or a recursive walker meets. */
const deepArray = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;
const LIMIT = 64;

let t: TestServer;
let fake: FakeProvider;
let logs: LogEntry[];
let requests = 0;

beforeAll(async () => {
  fake = await FakeProvider.start();
  const capture = captureLog('info');
  logs = capture.entries;
  t = await startTestServer(
    {
      plugins: {
        payprov: {
          secret_key: 'sk_test_payprov',
          publishable_key: 'pk_test_payprov',
          webhook_secret: 'whsec_test_depth',
          api_base: fake.url,
          js_url: `${fake.url}/js/v3`,
          reconcile_interval_seconds: 86_400,
        },
        automation: { webhook_base_url: 'http://127.0.0.1:9/hooks', secret: 'depth-secret-'.padEnd(32, 'x') },
      },
    },
    { plugins: [payprovPlugin, automationPlugin], log: capture.log },
  );
});
afterAll(async () => {
  process.stderr.write(`json-depth: ${requests} requests\n`);
  await t?.close();
  await fake?.close();
});

/** Sends raw text, as a super admin (so nothing but the body could refuse the request). */
async function send(
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string> = {},
  anonymous = false,
) {
  const auth = anonymous ? undefined : await t.asSuperAdmin().authHeader();
  const res = await fetch(t.url + path, {
    method,
    body,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
      authorization: auth ?? '',
    },
  });
  requests++;
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

/** `/x/{id}/y/:other` with every parameter replaced by a fresh UUID. */
const concrete = (path: string) => path.replace(/\{[^}]+\}|:\w+/g, () => randomUUID());

const errorLines = () => logs.filter((l) => Number(l.level) >= 50);

describe('JSON nested 20,000 levels deep', () => {
  const bodyRoutes = ROUTES.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));

  it('is 400 validation_error (max_depth) on every REST route with a body', async () => {
    expect(bodyRoutes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of bodyRoutes) {
      for (const body of [deepObject, deepArray]) {
        const res = await send(route.method, concrete(route.path), body);
        const entry = res.json?.errors?.[0];
        if (res.status !== 400 || entry?.code !== 'validation_error' || entry?.detail !== 'max_depth')
          wrong.push(`${route.method} ${route.path}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is 400 on every plugin route with a body (webhook receivers included)', async () => {
    const plugins = t.service.plugins.active();
    // Raw routes (declared in httpRoutes) and route rows (over the plugin's GraphQL operations) alike.
    const routes = plugins.flatMap((p) =>
      [...(p.httpRoutes ?? []), ...(p.routes ?? [])]
        .filter((r) => r.method !== 'GET' && r.method !== 'DELETE')
        .map((r) => ({
          method: r.method,
          path: `${r.mount === 'store' ? `/api/v1/store/${p.name}` : `/plugins/${p.name}`}${r.path}`,
        })),
    );
    expect(routes.length).toBeGreaterThan(3);
    const wrong: string[] = [];
    for (const route of routes) {
      for (const body of [deepObject, deepArray]) {
        const res = await send(route.method, concrete(route.path), body, { 'x-cart-token': 'x' });
        if (res.status !== 400 || res.json?.errors?.[0]?.detail !== 'max_depth')
          wrong.push(`${route.method} ${route.path}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is 400 on /graphql, in GraphQL’s shape, for a body and for GET variables/extensions', async () => {
    // Anonymous store queries go through the response cache's key builder first: both callers are covered.
    const cacheable = `{"query":"{ storeProducts { items { id } } }","variables":{"x":${deepObject}}}`;
    for (const [body, anonymous] of [
      [deepObject, false],
      [deepArray, false],
      [`{"query":"{ health { status } }","variables":{"x":${deepArray}}}`, false],
      [cacheable, false],
      [cacheable, true],
      [deepArray, true],
    ] as const) {
      const res = await send('POST', '/graphql', body, {}, anonymous);
      expect(res.status).toBe(400);
      expect(res.json.errors[0].extensions).toMatchObject({ code: 'validation_error' });
      expect(res.json.errors[0].message).toBe('max_depth');
    }
    // A URL cannot carry 20,000 levels (Node refuses headers over 16 KB); 1,000 is far past the limit.
    const deep = encodeURIComponent(`${'['.repeat(1000)}${']'.repeat(1000)}`);
    const query = encodeURIComponent('{ storeProducts { items { id } } }');
    for (const param of ['variables', 'extensions']) {
      const res = await send('GET', `/graphql?query=${query}&${param}=${deep}`, undefined, {}, true);
      expect(res.status).toBe(400);
      expect(res.json.errors[0].extensions).toMatchObject({ code: 'validation_error', field: param });
    }
  });

  it('is 400 invalid_query on /graphql for a document nested 20,000 levels (it would overflow the parser)', async () => {
    const selection = (levels: number) => `{ health ${'{ a '.repeat(levels)}${'}'.repeat(levels)} }`;
    const res = await send('POST', '/graphql', JSON.stringify({ query: selection(LEVELS) }));
    expect(res.status).toBe(400);
    expect(res.json.errors[0].extensions).toMatchObject({ code: 'invalid_query', field: 'query' });
    const get = await send('GET', `/graphql?query=${encodeURIComponent(selection(1000))}`, undefined);
    expect(get.status).toBe(400);
    expect(get.json.errors[0].extensions).toMatchObject({ code: 'invalid_query' });
    // A document of ordinary depth is untouched by the bound (the depth limit rule answers it as before).
    const ok = await send('POST', '/graphql', JSON.stringify({ query: '{ health { status } }' }));
    expect(ok.status).toBe(200);
  });

  it('is 400 on /mcp/store and /mcp/admin', async () => {
    for (const path of ['/mcp/store', '/mcp/admin'])
      for (const body of [deepObject, deepArray]) {
        const res = await send('POST', path, body);
        expect(res.status).toBe(400);
        expect(res.json.errors[0]).toMatchObject({ code: 'validation_error', detail: 'max_depth' });
      }
  });

  it('logged no error on the way (nothing reached a recursive walker)', () => {
    expect(errorLines().map((l) => l.msg)).toEqual([]);
  });
});

describe('the depth limit itself', () => {
  /** An object `levels` deep: `{"k":{"k":…{}}}`. */
  const nest = (levels: number): unknown => (levels === 1 ? {} : { k: nest(levels - 1) });

  it(`accepts a body nested ${LIMIT} levels and refuses ${LIMIT + 1}, strings not counted`, async () => {
    const product = (customDepth: number) =>
      JSON.stringify({
        currency: 'EUR',
        translations: [{ locale: 'en', name: '[[[[{{{{', slug: `deep-${randomUUID().slice(0, 8)}` }],
        custom_fields: nest(customDepth),
      });
    // The body is one level, custom_fields the rest.
    const ok = await send('POST', '/api/v1/admin/products', product(LIMIT - 1));
    expect(ok.status).toBe(201);
    const refused = await send('POST', '/api/v1/admin/products', product(LIMIT));
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({ code: 'validation_error', detail: 'max_depth', field: '' });
  });
});
