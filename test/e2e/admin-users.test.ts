import { bootstrapAdmin } from '../../app/bootstrap';
import { AdminUserCreateDocument } from '../../src/generated/graphql';
import { PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const U = '/api/v1/admin/users';

describe('admin users', () => {
  it('instances that start together create the bootstrap admin once, and none of them fails to start', async () => {
    // Replicas started at once all find no account; the losers' inserts meet the unique email (was: a crash).
    const email = uniqueEmail('Bootstrap');
    const starts = Array.from({ length: 4 }, () => bootstrapAdmin(t.service.services, { email, password: PASSWORD }));
    await expect(Promise.all(starts)).resolves.toHaveLength(4);
    expect(await t.db.adminUser.count({ where: { email: email.toLowerCase() } })).toBe(1);
    const login = await t.asGuest().post('/api/v1/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it('a viewer (read-only staff, docs/decisions.md) signs in, reads every admin list and is refused every write', async () => {
    const boss = t.asSuperAdmin();
    const email = uniqueEmail('Viewer');
    const created = await boss.post(U, { email, password: PASSWORD, role: 'viewer' });
    expect(created.status).toBe(201);
    expect(created.body.data.role).toBe('viewer');
    const login = await t.asGuest().post('/api/v1/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const viewer = t.as({ kind: 'header', authorization: `Bearer ${login.body.data.access_token}` });
    for (const path of ['/api/v1/admin/products', '/api/v1/admin/orders', '/api/v1/admin/customers'])
      expect((await viewer.get(path)).status).toBe(200);
    const write = await viewer.post('/api/v1/admin/products', { name: 'Nope', price_gross: 100 });
    expect(write.status).toBe(403);
    expect(write.body.errors[0].code).toBe('forbidden');
    expect((await viewer.post('/api/v1/admin/api-keys', { name: 'k', permissions: ['products.read'] })).status).toBe(
      403,
    );
    expect((await viewer.get(U)).status).toBe(403);
  });

  it('creates (201), lists, reads, updates and deletes staff accounts; the hash never leaves', async () => {
    const boss = t.asSuperAdmin();
    const email = uniqueEmail('Staff');
    const created = await boss.post(U, {
      email: email.toUpperCase(),
      password: PASSWORD,
      first_name: 'Sam',
      role: 'manager',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      first_name: 'Sam',
      last_name: null,
      role: 'manager',
      active: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.data.id;
    expect((await boss.post(U, { email, password: PASSWORD })).body.errors[0]).toMatchObject({
      code: 'email_taken',
      field: 'email',
    });
    expect((await boss.post(U, { email: 'bad', password: 'short', role: 'king' })).status).toBe(400);

    const login = await t.asGuest().post('/api/v1/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);

    const list = await boss.get(`${U}?limit=200`);
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ page: 1, limit: 200 });
    expect(list.body.data.some((u: { id: string }) => u.id === id)).toBe(true);
    expect(list.text).not.toMatch(/password/);
    expect((await boss.get(`${U}/${id}`)).body.data.email).toBe(email.toLowerCase());

    const updated = await boss.put(`${U}/${id}`, { last_name: 'Stone', role: 'admin' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ first_name: 'Sam', last_name: 'Stone', role: 'admin' });
    // A role change ends the user's sessions: the refresh token from before is revoked.
    expect(
      (await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: login.body.data.refresh_token })).status,
    ).toBe(401);

    expect((await boss.delete(`${U}/${id}`)).status).toBe(204);
    expect((await boss.get(`${U}/${id}`)).status).toBe(404);
  });

  it('a new password works for login and ends old sessions; deactivation refuses login', async () => {
    const boss = t.asSuperAdmin();
    const email = uniqueEmail();
    const { id } = (await boss.post(U, { email, password: PASSWORD })).body.data;
    const before = (await t.asGuest().post('/api/v1/auth/login', { email, password: PASSWORD })).body.data;
    expect((await boss.put(`${U}/${id}`, { password: 'another password' })).status).toBe(200);
    expect((await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: before.refresh_token })).status).toBe(401);
    expect((await t.asGuest().post('/api/v1/auth/login', { email, password: 'another password' })).status).toBe(200);
    expect((await boss.put(`${U}/${id}`, { active: false })).status).toBe(200);
    expect((await t.asGuest().post('/api/v1/auth/login', { email, password: 'another password' })).status).toBe(401);
  });

  it('never deletes, demotes or deactivates the last active super_admin (409 last_super_admin)', async () => {
    await t.db.adminUser.updateMany({ where: { role: 'super_admin' }, data: { active: false } });
    const boss = t.asSuperAdmin();
    const me = await boss.get(U);
    expect(me.status).toBe(200);
    const self = await t.db.adminUser.findFirstOrThrow({ where: { email: boss.email } });
    for (const [method, body] of [
      ['PUT', { role: 'admin' }],
      ['PUT', { active: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await boss.request(method, `${U}/${self.id}`, body);
      expect(res.status).toBe(409);
      expect(res.body.errors[0].code).toBe('last_super_admin');
    }
    const second = (await boss.post(U, { email: uniqueEmail(), password: PASSWORD, role: 'super_admin' })).body.data;
    expect((await boss.put(`${U}/${self.id}`, { role: 'admin' })).status).toBe(200);
    expect(second.role).toBe('super_admin');
  });

  it('is reachable over GraphQL with users.manage only', async () => {
    const res = await t.asAdmin().gql(AdminUserCreateDocument, { input: { email: uniqueEmail(), password: PASSWORD } });
    expect(res.errors?.[0].extensions.code).toBe('forbidden');
    const ok = await t
      .asSuperAdmin()
      .gql(AdminUserCreateDocument, { input: { email: uniqueEmail(), password: PASSWORD } });
    expect(ok.data.adminUserCreate.role).toBe('ADMIN');
  });
});
