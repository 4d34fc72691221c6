import { ANONYMOUS } from '../../src/context/actor';
import { createContext } from '../../src/context/create-context';
import type { HookEvent } from '../../src/context/hooks';
import { listCustomers } from '../../src/domains/customers/customer.service';
import * as op from '../../src/generated/graphql';
import { createCustomer } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const C = '/api/v1/admin/customers';

describe('admin customers', () => {
  it('creates (never returning the password hash), lists with search and filter, reads with addresses, deletes', async () => {
    const created = await t
      .asAdmin()
      .post(C, { email: ' Grace@Example.COM ', password: 'correct horse', first_name: 'Grace', last_name: 'Hopper' });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      email: 'grace@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      active: true,
      default_billing_address_id: null,
      default_shipping_address_id: null,
      custom_fields: {},
      locale: null,
      email_verified: false,
      email_verified_at: null,
      addresses: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(created.text).not.toMatch(/password|argon/i);
    const login = await t
      .asGuest()
      .post('/api/v1/store/auth/login', { email: 'GRACE@example.com', password: 'correct horse' });
    expect(login.status).toBe(200);

    const dup = await t
      .asAdmin()
      .post(C, { email: 'grace@EXAMPLE.com', password: 'another one', first_name: 'G', last_name: 'H' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].code).toBe('email_taken');
    const weak = await t
      .asAdmin()
      .post(C, { email: 'not-an-email', password: 'short', first_name: '', last_name: 'x' });
    expect(weak.body.errors).toEqual([
      { code: 'validation_error', field: 'email', detail: 'email' },
      { code: 'validation_error', field: 'password', detail: 'min_length' },
      { code: 'validation_error', field: 'first_name', detail: 'required' },
    ]);

    const id = created.body.data.id;
    await t.asCustomer(id).post('/api/v1/store/account/addresses', {
      first_name: 'Grace',
      last_name: 'Hopper',
      street: 'Navy Rd 1',
      city: 'Arlington',
      zip: '22202',
      country_code: 'US',
    });
    const read = await t.asAdmin().get(`${C}/${id}`);
    expect(read.body.data.addresses).toEqual([expect.objectContaining({ street: 'Navy Rd 1', country_code: 'US' })]);

    await t.asAdmin().put(`${C}/${id}`, { active: false });
    const bySearch = await t.asAdmin().get(`${C}?search=hopp`);
    expect(bySearch.body.data.map((c: { id: string }) => c.id)).toEqual([id]);
    const inactive = await t.asAdmin().get(`${C}?filter[active]=false`);
    expect(inactive.body.data.map((c: { id: string }) => c.id)).toContain(id);
    const active = await t.asAdmin().get(`${C}?filter[active]=true`);
    expect(active.body.data.map((c: { id: string }) => c.id)).not.toContain(id);
    expect(
      (await t.asGuest().post('/api/v1/store/auth/login', { email: 'grace@example.com', password: 'correct horse' }))
        .status,
    ).toBe(401);

    expect((await t.asAdmin().delete(`${C}/${id}`)).status).toBe(204);
    expect((await t.asAdmin().get(`${C}/${id}`)).status).toBe(404);
  });

  it('updates with email normalization, own default addresses only, and customer hooks', async () => {
    const events: HookEvent[] = [];
    t.service.services.hooks.register('customer.after_update', (e) => void events.push(e));
    const a = await createCustomer(t);
    const b = await createCustomer(t);
    const addressOfB = (
      await t.asCustomer(b.id).post('/api/v1/store/account/addresses', {
        first_name: 'B',
        last_name: 'B',
        street: 'S',
        city: 'C',
        zip: '1',
        country_code: 'DE',
      })
    ).body.data;
    const foreign = await t.asAdmin().put(`${C}/${a.id}`, { default_billing_address_id: addressOfB.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0].field).toBe('default_billing_address_id');
    const taken = await t.asAdmin().put(`${C}/${a.id}`, { email: b.email.toUpperCase() });
    expect(taken.body.errors[0].code).toBe('email_taken');
    const ok = await t.asAdmin().put(`${C}/${a.id}`, { first_name: 'Ada', custom_fields: { vip: true } });
    expect(ok.body.data).toMatchObject({ first_name: 'Ada', custom_fields: { vip: true } });
    await t.service.services.background.drain();
    expect(events.find((e) => e.entity.id === a.id)?.changes).toEqual({
      first_name: { from: 'Cleo', to: 'Ada' },
      custom_fields: { from: {}, to: { vip: true } },
    });

    t.service.services.hooks.register('customer.before_update', (e) => {
      if (e.changes.last_name) throw new Error('names are managed by the CRM');
    });
    const refused = await t.asAdmin().put(`${C}/${a.id}`, { last_name: 'Other' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ code: 'hook_rejected', detail: 'names are managed by the CRM' }]);
  });

  it('works over GraphQL with the same rules', async () => {
    const created = await t.asAdmin().gql(op.CustomerCreateDocument, {
      input: { email: 'gql@example.com', password: 'long enough', firstName: 'Q', lastName: 'L' },
    });
    expect(created.data.customerCreate.email).toBe('gql@example.com');
    const list = await t.asManager().gql(op.CustomersDocument, { search: 'gql@' });
    expect(list.data.customers.items).toHaveLength(1);
    const denied = await t.asManager().gql(op.CustomerDeleteDocument, { id: created.data.customerCreate.id });
    expect(denied.errors?.[0].extensions.code).toBe('forbidden');
  });
});

describe('the admin customer list in one statement', () => {
  const ADDRESS = {
    first_name: 'Ada',
    last_name: 'Byron',
    street: 'St James 1',
    city: 'London',
    zip: 'W1',
    country_code: 'GB',
  };

  /** Customers whose last name is `family`, each with `n` addresses. */
  async function family(name: string, sizes: number[]) {
    const ids: string[] = [];
    for (const n of sizes) {
      const created = await t.asAdmin().post(C, {
        email: `${name}-${ids.length}-${Date.now()}@example.com`,
        password: 'correct horse',
        first_name: 'Kid',
        last_name: name,
      });
      expect(created.status).toBe(201);
      for (let i = 0; i < n; i++)
        await t
          .asCustomer(created.body.data.id)
          .post('/api/v1/store/account/addresses', { ...ADDRESS, street: `Street ${i}` });
      ids.push(created.body.data.id);
    }
    return ids;
  }

  it('lists each customer with the addresses the customer read shows, and every column as Prisma reads it', async () => {
    await family('Lovelace', [0, 1, 3]);
    const listed = await t.asAdmin().get(`${C}?search=lovelace&limit=2`);
    expect(listed.body.meta).toEqual({ total: 3, page: 1, limit: 2, pages: 2 });
    const second = await t.asAdmin().get(`${C}?search=lovelace&limit=2&page=2`);
    for (const c of [...listed.body.data, ...second.body.data])
      expect(c).toEqual((await t.asAdmin().get(`${C}/${c.id}`)).body.data);
    expect((await t.asAdmin().get(`${C}?search=lovelace&limit=2&page=5`)).body.meta.total).toBe(3);

    const ctx = createContext(t.service.services, {
      id: 'customer-list-test',
      actor: ANONYMOUS,
      log: t.service.services.log,
    });
    const { items } = await listCustomers(
      ctx,
      { page: 1, limit: 10, skip: 0 },
      { search: 'Lovelace' },
      { addresses: true },
    );
    const expected = await t.db.customer.findMany({
      where: { lastName: 'Lovelace' },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      omit: { passwordHash: true },
      include: { addresses: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } },
    });
    expect(items.map((c) => ({ ...c }))).toEqual(expected.map(({ addresses: _a, ...c }) => c));
    for (const [i, c] of expected.entries())
      expect(await ctx.loaders.addressesByCustomerId.load(items[i].id)).toEqual(c.addresses);
  });

  it('reads the addresses in the page’s own statement, and takes search text literally', async () => {
    await family('Babbage', [2, 2]);
    const count = async (query: string) => {
      const res = await t.asAdmin().gql(query);
      expect(res.errors).toBeUndefined();
      return t.sqlCount(res.requestId);
    };
    const bare = await count('{ customers(search: "Babbage") { items { id } } }');
    expect(
      await count('{ customers(search: "Babbage") { items { id addresses { id street } } meta { total } } }'),
    ).toBe(bare);
    const rest = await t.asAdmin().get(`${C}?search=Babbage`);
    expect(rest.body.data[0].addresses).toHaveLength(2);
    expect(t.sqlCount(rest.requestId)).toBe(bare);
    for (const search of ['%', '_'])
      expect((await t.asAdmin().get(`${C}?search=${encodeURIComponent(search)}`)).body.meta.total).toBe(0);
  });

  it('reads only the columns the selection shows', async () => {
    await family('Fibonacci', [1]);
    const { result: res, statements } = await t.recordSql(() =>
      t
        .asAdmin()
        .gql(
          '{ customers(search: "Fibonacci") { items { mail: email ...Name } } } fragment Name on Customer { lastName }',
        ),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.customers.items[0]).toEqual({ mail: expect.stringMatching(/@/), lastName: 'Fibonacci' });
    // The id always: the loaders and the answer's rows are keyed by it. No count: the selection shows no total.
    expect(statements.find((s) => s.sql.includes('FROM customers'))?.sql).toMatch(
      /SELECT c\.id, c\.email, c\.last_name AS "lastName"\s+FROM page c/,
    );
  });
});

describe("the customer's own account", () => {
  it('reads and updates names, default addresses and custom fields, but not email or active', async () => {
    const customer = await createCustomer(t);
    const me = t.asCustomer(customer.id);
    const read = await me.get('/api/v1/store/account');
    expect(read.body.data).toMatchObject({ id: customer.id, email: customer.email, addresses: [] });
    const address = (
      await me.post('/api/v1/store/account/addresses', {
        first_name: 'C',
        last_name: 'C',
        street: 'S',
        city: 'C',
        zip: '1',
        country_code: 'DE',
      })
    ).body.data;
    const updated = await me.put('/api/v1/store/account', {
      first_name: 'Clio',
      default_shipping_address_id: address.id,
      email: 'other@example.com',
      active: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      first_name: 'Clio',
      default_shipping_address_id: address.id,
      email: customer.email,
      active: true,
    });
    const cleared = await me.put('/api/v1/store/account', { default_shipping_address_id: null });
    expect(cleared.body.data.default_shipping_address_id).toBeNull();
    expect((await t.asGuest().get('/api/v1/store/account')).status).toBe(401);
    expect((await t.asAdmin().get('/api/v1/store/account')).status).toBe(403);
  });
});
