import { createHash } from 'node:crypto';

import { useShop } from '../fixtures/use-shop';
import { startTestServer } from '../harness/server';

const { t } = useShop({ shop: false, config: { 'graphql.anonymous_complexity_limit': 300 } });

describe('GraphQL abuse limits', () => {
  it('refuses a hundred aliased fields before running anything, with invalid_query', async () => {
    // (Two thousand are over `graphql.max_tokens` and stopped by the parser: see the document limits below.)
    const fields = Array.from({ length: 100 }, (_, i) => `a${i}: health { status }`).join(' ');
    const res = await t.asAdmin().gql(`{ ${fields} }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'invalid_query' } });
    expect(res.errors?.[0].message).toMatch(/more than (50 aliases|20 root fields)/);
    expect(t.sqlCount(res.requestId)).toBeLessThanOrEqual(2);
  });

  it('counts aliases through fragments, and limits root fields without aliases too', async () => {
    const aliased = Array.from({ length: 30 }, (_, i) => `x${i}: status`).join(' ');
    const fragments = `fragment A on Health { ${aliased} } fragment B on Health { ${aliased.replace(/x/g, 'y')} }`;
    const res = await t.asGuest().gql(`query { health { ...A ...B } } ${fragments}`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].message).toMatch(/aliases/);
    const roots = Array.from({ length: 25 }, () => 'health { status }').join(' ');
    const many = await t.asGuest().gql(`{ ${roots} }`);
    expect(many.status).toBe(400);
    expect(many.errors?.[0].message).toMatch(/more than 20 root fields/);
    expect((await t.asGuest().gql('{ a: health { status } b: health { status } }')).status).toBe(200);
  });

  it('holds anonymous callers to the stricter cost limit', async () => {
    const query = '{ storeProducts(limit: 100) { items { id translations { name } variants { id } } } }';
    const anonymous = await t.asGuest().gql(query);
    expect(anonymous.status).toBe(400);
    expect(anonymous.errors?.[0].message).toMatch(/complexity \d+ exceeds the limit of 300/);
    const signedIn = await t.asCustomer().gql(query);
    expect(signedIn.status).toBe(200);
  });

  it('answers a missing or mistyped variable with 400 validation_error, never 500', async () => {
    const missing = await t.asGuest().gql('query($id: UUID!) { product(id: $id) { id } }');
    expect(missing.status).toBe(400);
    expect(missing.errors?.[0]).toMatchObject({
      message: 'Variable "$id" of required type "UUID!" was not provided.',
      extensions: { code: 'validation_error', status: 400 },
    });
    const mistyped = await t.asGuest().gql('query($limit: Int) { storeProducts(limit: $limit) { items { id } } }', {
      limit: 'many',
    });
    expect(mistyped.status).toBe(400);
    expect(mistyped.errors?.[0]).toMatchObject({ extensions: { code: 'validation_error' } });
  });
});

describe('GraphQL document limits (bytes, tokens, operations, fragments)', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const apq = (query: string) => ({ persistedQuery: { version: 1, sha256Hash: sha256(query) } });
  /** GET /graphql the way a browser client sends it (Apollo's CSRF prevention wants the preflight header). */
  const gqlGet = (query: string) =>
    t.asGuest().get(`/graphql?query=${encodeURIComponent(query)}`, { 'apollo-require-preflight': 'true' });
  const refusal = (body: { errors?: Array<{ message: string; extensions: Record<string, unknown> }> }) => ({
    message: body.errors?.[0].message,
    code: body.errors?.[0].extensions.code,
    status: body.errors?.[0].extensions.status,
  });

  it('refuses a document over graphql.max_document_bytes (32 KiB) before parsing it, and never registers it', async () => {
    const query = `{ health { status } } # ${'x'.repeat(40_000)}`;
    const posted = await t.asGuest().post('/graphql', { query });
    expect(posted.status).toBe(400);
    expect(refusal(posted.body)).toEqual({
      message: 'the document exceeds 32768 bytes',
      code: 'invalid_query',
      status: 400,
    });
    const registering = await t.asGuest().post('/graphql', { query, extensions: apq(query) });
    expect(registering.status).toBe(400);
    expect(refusal(registering.body).message).toBe('the document exceeds 32768 bytes');
    const byHash = await t.asGuest().post('/graphql', { extensions: apq(query) });
    expect(byHash.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    // Multi-byte characters count as UTF-8 bytes: 11,000 of three bytes are over, though 11,000 characters.
    const wide = await t.asGuest().post('/graphql', { query: `{ health { status } } # ${'€'.repeat(11_000)}` });
    expect(refusal(wide.body).message).toBe('the document exceeds 32768 bytes');
  });

  it('stops the parser past graphql.max_tokens (1,000), on POST, GET and a persisted query being registered', async () => {
    const query = `{ health { ${Array.from({ length: 1100 }, () => 'status').join(' ')} } }`;
    for (const res of [
      await t.asGuest().post('/graphql', { query }),
      await gqlGet(query),
      await t.asGuest().post('/graphql', { query, extensions: apq(query) }),
    ]) {
      expect(res.status).toBe(400);
      expect(refusal(res.body)).toEqual({
        message: expect.stringMatching(/Document contains more tha[nt] 1000 tokens/),
        code: 'invalid_query',
        status: 400,
      });
    }
    expect((await t.asGuest().post('/graphql', { extensions: apq(query) })).body.errors[0].extensions.code).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );
    // 886 tokens: answered.
    const within = `{ health { ${Array.from({ length: 110 }, () => 'status @include(if: true)').join(' ')} } }`;
    const ok = await gqlGet(within);
    expect(ok.body).toEqual({ data: { health: { status: 'ok' } } });
  });

  it('refuses more than graphql.max_operations (20) operations or graphql.max_fragments (50) fragments', async () => {
    const operations = Array.from({ length: 21 }, (_, i) => `query q${i} { __typename }`).join(' ');
    for (const res of [
      await t.asGuest().post('/graphql', { query: operations, operationName: 'q0' }),
      await gqlGet(operations),
      await t.asGuest().post('/graphql', { query: operations, operationName: 'q0', extensions: apq(operations) }),
    ]) {
      expect(res.status).toBe(400);
      expect(refusal(res.body)).toEqual({
        message: 'more than 20 operations in one document',
        code: 'invalid_query',
        status: 400,
      });
    }
    const names = Array.from({ length: 51 }, (_, i) => `F${i}`);
    const fragments = `{ health { ${names.map((n) => `...${n}`).join(' ')} } } ${names.map((n) => `fragment ${n} on Health { status }`).join(' ')}`;
    const many = await t.asGuest().post('/graphql', { query: fragments });
    expect(many.status).toBe(400);
    expect(refusal(many.body).message).toBe('more than 50 fragments in one document');
    const twenty = Array.from({ length: 20 }, (_, i) => `query q${i} { __typename }`).join(' ');
    expect((await t.asGuest().post('/graphql', { query: twenty, operationName: 'q19' })).body.data).toEqual({
      __typename: 'Query',
    });
  });

  it('checks a fragment bomb in the size of its text, not of its expansion', async () => {
    // Each fragment spreads the next twice: 2^30 paths. Walked path by path, 18 levels held the loop for 4 s.
    const levels = 30;
    const bomb = Array.from({ length: levels }, (_, i) => `fragment F${i} on Health { ...F${i + 1} ...F${i + 1} }`);
    const query = `{ health { ...F0 } } ${bomb.join(' ')} fragment F${levels} on Health { status }`;
    const started = Date.now();
    const res = await t.asGuest().post('/graphql', { query });
    // Walked path by path, 30 levels would take hours: a generous bound still tells the two apart on a busy machine.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(res.status).toBe(400);
  });

  it('refuses a GET document over a lower byte limit with the same 400', async () => {
    const s = await startTestServer({ 'graphql.max_document_bytes': 2048 });
    try {
      const query = `{ health { status } } # ${'x'.repeat(3000)}`;
      const res = await s
        .asGuest()
        .get(`/graphql?query=${encodeURIComponent(query)}`, { 'apollo-require-preflight': 'true' });
      expect(res.status).toBe(400);
      expect(refusal(res.body)).toEqual({
        message: 'the document exceeds 2048 bytes',
        code: 'invalid_query',
        status: 400,
      });
    } finally {
      await s.close();
    }
  });
});
