import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false, config: { 'graphql.anonymous_complexity_limit': 300 } });

describe('GraphQL abuse limits', () => {
  it('refuses two thousand aliased fields before running anything, with invalid_query', async () => {
    const fields = Array.from({ length: 2000 }, (_, i) => `a${i}: health { status }`).join(' ');
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
