/** Malformed requests a client can send get a 4xx with the spec's envelope, never a 500, and write nothing. */
import { gzipSync } from 'node:zlib';
import { type TestServer, startTestServer } from '../harness/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const W = '/api/v1/admin/warehouses';

describe('malformed input', () => {
  it('a malformed percent-escape in a path parameter is 400 naming the parameter', async () => {
    const res = await t.asAdmin().get('/api/v1/admin/products/%zz');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: 'validation_error', detail: 'invalid_encoding', field: 'id' }]);
  });

  it.each([
    ['a NUL byte', 'bad\u0000name'],
    ['a lone high surrogate', 'bad\ud800name'],
    ['a lone low surrogate', 'bad\udc00name'],
  ])('%s in a text field is 400 invalid_characters and nothing is written (REST and GraphQL)', async (_what, name) => {
    const code = `BAD-${Date.now().toString(36)}`;
    const res = await t.asAdmin().post(W, { name, code });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: 'validation_error', detail: 'invalid_characters', field: 'name' }]);
    const gql = await t
      .asAdmin()
      .gql('mutation ($input: WarehouseCreateInput!) { warehouseCreate(input: $input) { id } }', {
        input: { name, code },
      });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'validation_error', field: 'input.name' });
    expect(await t.db.warehouse.count({ where: { code } })).toBe(0);
  });

  it('a NUL byte inside a JSON field (custom fields, metadata) is 400 too', async () => {
    const res = await t.asAdmin().post('/api/v1/admin/products', {
      currency: 'EUR',
      sku: `NUL-${Date.now().toString(36)}`,
      translations: [{ locale: 'en', name: 'x', slug: `nul-${Date.now().toString(36)}` }],
      custom_fields: { note: 'a\u0000b' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'validation_error', detail: 'invalid_characters' });
  });

  it('a corrupt gzip body is 400, a valid gzip body works', async () => {
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    const corrupt = await t.asAdmin().request('POST', W, 'not gzip at all', headers);
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.errors[0].code).toBe('invalid_json');
    const body = gzipSync(JSON.stringify({ name: 'Zipped', code: `GZ-${Date.now().toString(36)}` }));
    expect((await t.asAdmin().request('POST', W, body, headers)).status).toBe(201);
  });
});
