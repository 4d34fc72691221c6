import type { HookEvent } from '../../src/context/hooks';
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
