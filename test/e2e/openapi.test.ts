import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { useShop } from '../fixtures/use-shop';
import { checkAgainstOpenApi } from '../harness/openapi-check';
import { startTestServer } from '../harness/server';

const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'schema', 'openapi.json'), 'utf8'));
const corePaths = (doc: { paths: Record<string, unknown> }) =>
  Object.fromEntries(
    Object.entries(doc.paths).filter(([p]) => !/^\/plugins\/|^\/api\/v1\/store\/(payprov|automation)\//.test(p)),
  );

const { t } = useShop({ shop: false });

describe('OpenAPI document', () => {
  // Its validity (OpenAPI 3.1 schema, Redocly's strict rules) is checked by `npm run openapi:lint` in CI.
  it('is served at /api/v1/openapi.json with the committed routes', async () => {
    const res = await t.asGuest().get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    // No plugin is configured here, so only the core surface is served; it is the committed one.
    expect(corePaths(res.body)).toEqual(corePaths(committed));
    expect(Object.keys(res.body.paths).some((p) => p.startsWith('/plugins/'))).toBe(false);
  });

  it('documents security, parameters, bodies and error codes per route', () => {
    const cart = committed.paths['/api/v1/store/cart/{id}/items'].post;
    expect(cart.security).toEqual(expect.arrayContaining([{}, { bearerAuth: [] }, { cartToken: [] }]));
    expect(cart.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }),
      // The capability token is a typed header parameter too (a generated client passes it as params.header).
      expect.objectContaining({ name: 'X-Cart-Token', in: 'header', required: false }),
    ]);
    const checkout = committed.paths['/api/v1/store/checkout'].post;
    expect(checkout.parameters.map((p: { name: string }) => p.name)).toEqual(['idempotency-key', 'X-Cart-Token']);
    const order = committed.paths['/api/v1/store/orders/{id}'].get;
    expect(order.parameters.map((p: { name: string }) => p.name)).toEqual(['id', 'X-Guest-Token']);
    expect(cart.requestBody.content['application/json'].schema.properties).toHaveProperty('quantity');
    const created = cart.responses['201'].content['application/json'].schema;
    expect(created.properties.data.properties).toHaveProperty('subtotal_gross');
    const warehouses = committed.paths['/api/v1/admin/warehouses'].get;
    expect(warehouses.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }, { sessionCookie: [] }]);
    expect(warehouses.responses).toHaveProperty('401');
    expect(warehouses.responses).toHaveProperty('403');
    expect(committed.paths['/api/v1/health'].get.security).toEqual([]);
    expect(Object.keys(committed.paths['/api/v1/health'].get.responses)).toEqual(
      expect.arrayContaining(['200', '503']),
    );
    expect(committed.paths['/plugins/payprov/webhook'].post.summary).toBeTruthy();
  });

  it('makes the test client reject answers the document does not describe', () => {
    const json = new Headers({ 'content-type': 'application/json' });
    const ok = JSON.stringify({ data: { status: 'ok', database: 'ok', version: '1.0.0' } });
    expect(() => checkAgainstOpenApi('GET', '/api/v1/health', 200, json, ok)).not.toThrow();
    // An undocumented status, an undeclared field, a wrong type, an undeclared error code.
    expect(() => checkAgainstOpenApi('GET', '/api/v1/health', 418, json, ok)).toThrow(/does not list/);
    const extra = JSON.stringify({ data: { status: 'ok', database: 'ok', version: '1', secret: 1 } });
    expect(() => checkAgainstOpenApi('GET', '/api/v1/health', 200, json, extra)).toThrow(/does not allow/);
    const wrong = JSON.stringify({ data: { status: 'ok', database: 'ok', version: 1 } });
    expect(() => checkAgainstOpenApi('GET', '/api/v1/health', 200, json, wrong)).toThrow(/does not allow/);
    const code = JSON.stringify({ errors: [{ code: 'insufficient_stock', detail: 'x' }] });
    expect(() => checkAgainstOpenApi('GET', '/api/v1/admin/warehouses', 403, json, code)).toThrow(/does not allow/);
  });
});

describe('REST explorer (/api/v1/docs)', () => {
  it('is a Swagger UI page from local files under a fresh nonce CSP', async () => {
    const [a, b] = [await t.asGuest().get('/api/v1/docs'), await t.asGuest().get('/api/v1/docs')];
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = a.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).not.toBe(b.headers.get('content-security-policy'));
    expect(a.text.match(/<script\b[^>]*>/g)!.every((tag) => tag.includes(`nonce="${nonce}"`))).toBe(true);
    expect(a.text).not.toMatch(/https?:\/\//);
    const bundle = await t.asGuest().get('/api/v1/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect((await t.asGuest().get('/api/v1/docs/assets/package.json')).status).toBe(404);
  });

  it('can be turned off (rest.docs: false); the document stays', async () => {
    const off = await startTestServer({ 'rest.docs': false });
    try {
      expect((await off.asGuest().get('/api/v1/docs')).status).toBe(404);
      expect((await off.asGuest().get('/api/v1/docs/assets/swagger-ui-bundle.js')).status).toBe(404);
      expect((await off.asGuest().get('/api/v1/openapi.json')).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});
