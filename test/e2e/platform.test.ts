import { useShop } from '../fixtures/use-shop';
import { startTestServer } from '../harness/server';

const { t } = useShop({ shop: false });

const HARDENING = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'x-xss-protection': '1; mode=block',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "default-src 'self'",
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

function expectHardened(headers: Headers) {
  for (const [name, value] of Object.entries(HARDENING)) expect(headers.get(name)).toBe(value);
}

describe('every response', () => {
  it('carries the six hardening headers and a request id, on success, errors and GraphQL', async () => {
    const responses = [
      await t.asGuest().get('/api/v1/health'),
      await t.asGuest().get('/nowhere'),
      await t.asGuest().get('/api/v1/admin/warehouses'),
      await t.asAdmin().gql('{ health { status } }'),
    ];
    for (const res of responses) {
      expectHardened(res.headers);
      expect(res.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('echoes a well-formed X-Request-ID and replaces a malformed one', async () => {
    const echoed = await t.asGuest().get('/api/v1/health', { 'x-request-id': 'abc.DEF_123-x' });
    expect(echoed.requestId).toBe('abc.DEF_123-x');
    const replaced = await t.asGuest().get('/api/v1/health', { 'x-request-id': 'bad id with spaces' });
    expect(replaced.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await t.asGuest().get('/api/v1/health', { 'x-request-id': 'a'.repeat(129) });
    expect(tooLong.requestId).not.toBe('a'.repeat(129));
  });
});

describe('routing', () => {
  it('answers unknown routes with a JSON 404 not_found', async () => {
    const res = await t.asAdmin().get('/api/v1/admin/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.errors[0].code).toBe('not_found');
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await t.asAdmin().request('PATCH', '/api/v1/admin/warehouses');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
    expect(res.body.errors[0].code).toBe('method_not_allowed');
    const item = await t.asAdmin().post('/api/v1/admin/warehouses/00000000-0000-4000-8000-000000000000', {});
    expect(item.headers.get('allow')).toBe('GET, PUT, DELETE');
  });
});

describe('GET /api/v1/health', () => {
  it('is public and reports the database and version', async () => {
    const res = await t.asGuest().get('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { status: 'ok', database: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
    });
  });
});

describe('GraphQL endpoint', () => {
  it('serves Apollo Sandbox to browsers in development, with a CSP that lets it load', async () => {
    const res = await t.asGuest().get('/graphql', { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/embeddable-sandbox/);
    expect(res.headers.get('content-security-policy')).toMatch(/embeddable-sandbox\.cdn\.apollographql\.com/);
  });

  it('keeps Apollo CSRF prevention on: a simple GET query without a preflight header is refused', async () => {
    const res = await t.asGuest().get('/graphql?query=%7Bhealth%7Bstatus%7D%7D');
    expect(res.status).toBe(400);
    const allowed = await t
      .asGuest()
      .get('/graphql?query=%7Bhealth%7Bstatus%7D%7D', { 'apollo-require-preflight': 'true' });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.health.status).toBe('ok');
  });
});

describe('when the database is gone', () => {
  it('answers 500 internal_error without details and health 503 degraded', async () => {
    const broken = await startTestServer();
    try {
      const admin = await broken.asAdmin().ready();
      await broken.breakDatabase();
      const res = await admin.get('/api/v1/admin/warehouses');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ errors: [{ code: 'internal_error', detail: 'an unexpected error occurred' }] });
      const gql = await admin.gql('{ warehouses { meta { total } } }');
      expect(gql.errors?.[0]).toMatchObject({
        message: 'an unexpected error occurred',
        extensions: { code: 'internal_error', status: 500 },
      });
      const health = await broken.asGuest().get('/api/v1/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({
        data: { status: 'degraded', database: 'unreachable', version: expect.any(String) },
      });
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe('GraphQL execution (graphql-jit behind Apollo)', () => {
  it('answers introspection, which Apollo Sandbox and codegen need', async () => {
    const res = await t.asGuest().post('/graphql', {
      query: '{ __schema { queryType { name } types { name } } __type(name: "Product") { fields { name } } }',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.__schema.queryType.name).toBe('Query');
    expect(res.body.data.__schema.types.map((ty: { name: string }) => ty.name)).toEqual(
      expect.arrayContaining(['Product', 'Variant', 'Warehouse']),
    );
    expect(res.body.data.__type.fields.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(['translations', 'variants', 'hasVariants']),
    );
  });

  it('keeps operations apart by name in one document, and errors carry our codes', async () => {
    const query = 'query A { health { status } } query B { warehouses { meta { total } } }';
    const a = await t.asGuest().post('/graphql', { query, operationName: 'A' });
    expect(a.body).toEqual({ data: { health: { status: 'ok' } } });
    const b = await t.asGuest().post('/graphql', { query, operationName: 'B' });
    expect(b.body.errors[0].extensions.code).toBe('unauthorized');
    expect(b.body.data).toBeNull();
  });
});

describe('automatic persisted queries', () => {
  it('asks for the query once, then serves it by hash', async () => {
    const { createHash } = await import('node:crypto');
    const query = '{ health { status } }';
    const extensions = { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') } };
    const unknown = await t.asGuest().post('/graphql', { extensions });
    expect(unknown.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const register = await t.asGuest().post('/graphql', { query, extensions });
    expect(register.body.data.health.status).toBe('ok');
    const byHash = await t.asGuest().post('/graphql', { extensions });
    expect(byHash.body.data.health.status).toBe('ok');
  });
});

describe('CORS', () => {
  it('answers only configured origins, including preflight', async () => {
    const s = await startTestServer({ 'server.cors.allowed_origins': ['https://shop.example'] });
    try {
      const allowed = await s.asGuest().get('/api/v1/health', { origin: 'https://shop.example' });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
      const other = await s.asGuest().get('/api/v1/health', { origin: 'https://evil.example' });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await s.asGuest().request('OPTIONS', '/api/v1/admin/warehouses', undefined, {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    } finally {
      await s.close();
    }
  });
});
