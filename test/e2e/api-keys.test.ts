import { ApiKeyCreateDocument } from '../../src/generated/graphql';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const K = '/api/v1/admin/api-keys';
const W = '/api/v1/admin/warehouses';
const withKey = (key: string) => t.as({ kind: 'header', authorization: `ApiKey ${key}` });

describe('staff API keys', () => {
  it('creates a key shown once, stored as SHA-256, usable with its permissions only; lists own keys; revokes', async () => {
    const admin = t.asAdmin();
    const created = await admin.post(K, { name: 'erp', permissions: ['inventory.*'] });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      name: 'erp',
      key: expect.stringMatching(/^ck_[0-9a-f]{64}$/),
      permissions: ['inventory.*'],
      created_at: expect.any(String),
    });
    const { key, id } = created.body.data;
    const row = await t.db.apiKey.findUniqueOrThrow({ where: { id } });
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.slice(3));

    expect((await withKey(key).get(W)).status).toBe(200);
    expect((await withKey(key).post(W, { name: 'K', code: `k-${id.slice(0, 6)}` })).status).toBe(201);
    expect((await withKey(key).get('/api/v1/admin/users')).status).toBe(403);

    await t.service.services.background.drain();
    const used = await t.db.apiKey.findUniqueOrThrow({ where: { id } });
    expect(used.lastUsedAt).toBeInstanceOf(Date);

    const list = await admin.get(K);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id,
        name: 'erp',
        permissions: ['inventory.*'],
        last_used_at: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
    expect(list.body.meta).toEqual({ total: 1, page: 1, limit: 20, pages: 1 });
    expect(list.text).not.toContain(key);
    expect((await t.asAdmin().get(K)).body.data).toEqual([]);

    expect((await admin.delete(`${K}/${id}`)).status).toBe(204);
    const revoked = await withKey(key).get(W);
    expect(revoked.status).toBe(401);
    expect((await admin.get(K)).body.data).toEqual([]);
    expect((await admin.delete(`${K}/${id}`)).status).toBe(404);
  });

  it('refuses unknown permissions (400), permissions the creator lacks (403), and an 11th key (409)', async () => {
    const manager = t.asManager();
    const unknown = await manager.post(K, { name: 'x', permissions: ['products.read', 'nope.read', 'products.fly'] });
    expect(unknown.status).toBe(400);
    // Each refusal lists what may be granted: the same list GET …/api-keys/permissions answers.
    const grantable = (await manager.get(`${K}/permissions`)).body.data as string[];
    expect(grantable).toEqual(expect.arrayContaining(['products.read', 'products.*', 'api_keys.manage']));
    expect(grantable).not.toContain('store.checkout');
    expect(unknown.body.errors).toEqual([
      { code: 'validation_error', field: 'permissions[1]', detail: 'oneof', allowed: grantable },
      { code: 'validation_error', field: 'permissions[2]', detail: 'oneof', allowed: grantable },
    ]);
    const storeGrantable = await t.asCustomer().get('/api/v1/store/api-keys/permissions');
    expect(storeGrantable.body.data).toEqual(expect.arrayContaining(['store.checkout', 'store.orders.read']));
    const viaGql = await manager.gql('{ apiKeyPermissions }');
    expect(viaGql.data.apiKeyPermissions).toEqual(grantable);
    const beyond = await manager.post(K, { name: 'x', permissions: ['products.delete'] });
    expect(beyond.status).toBe(403);
    expect((await manager.post(K, { name: 'x', permissions: ['products.*'] })).status).toBe(403);
    expect((await manager.post(K, { name: 'x', permissions: ['products.read', 'products.update'] })).status).toBe(201);
    for (let i = 1; i < 10; i++) expect((await manager.post(K, { name: `k${i}`, permissions: [] })).status).toBe(201);
    const eleventh = await manager.post(K, { name: 'k11', permissions: [] });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.errors[0].code).toBe('limit_exceeded');
  });

  it("cuts grants to what the owner's role allows at use time, and stops working when the owner is deactivated", async () => {
    const boss = t.asSuperAdmin();
    const { key } = (await boss.post(K, { name: 'wide', permissions: ['users.manage', 'inventory.read'] })).body.data;
    const owner = await t.db.adminUser.findFirstOrThrow({ where: { email: boss.email } });
    expect((await withKey(key).get('/api/v1/admin/users')).status).toBe(200);
    await t.db.adminUser.update({ where: { id: owner.id }, data: { role: 'admin' } });
    expect((await withKey(key).get('/api/v1/admin/users')).status).toBe(403);
    expect((await withKey(key).get(W)).status).toBe(200);
    await t.db.adminUser.update({ where: { id: owner.id }, data: { active: false } });
    expect((await withKey(key).get(W)).status).toBe(401);
  });

  it('lists every staff key for a super_admin with ?all=true, and only for them', async () => {
    await t.asManager().post(K, { name: 'someone', permissions: [] });
    const all = await t.asSuperAdmin().get(`${K}?all=true`);
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(1);
    expect((await t.asAdmin().get(`${K}?all=true`)).status).toBe(403);
  });

  it('rejects malformed and unknown keys as unauthenticated', async () => {
    for (const auth of ['ApiKey nope', `ApiKey ck_${'0'.repeat(64)}`, `ApiKey sk_${'a'.repeat(63)}`]) {
      const res = await t.as({ kind: 'header', authorization: auth }).get(W);
      expect(res.status).toBe(401);
    }
  });

  it('a key may hold api_keys.manage and create narrower keys over GraphQL', async () => {
    const key = t.asApiKey(['api_keys.manage', 'inventory.read']);
    const res = await key.gql(ApiKeyCreateDocument, { input: { name: 'child', permissions: ['inventory.read'] } });
    expect(res.errors).toBeUndefined();
    const wider = await key.gql(ApiKeyCreateDocument, { input: { name: 'child', permissions: ['inventory.update'] } });
    expect(wider.errors?.[0].extensions.code).toBe('forbidden');
  });
});

describe('customer API keys', () => {
  const S = '/api/v1/store/api-keys';
  it('customers create sk_ keys with store permissions only (at most 5), use and revoke them', async () => {
    const customer = t.asCustomer();
    const admin = await customer.post(S, { name: 'x', permissions: ['products.read'] });
    expect(admin.status).toBe(400);
    const created = await customer.post(S, { name: 'app', permissions: ['store.account.read'] });
    expect(created.status).toBe(201);
    expect(created.body.data.key).toMatch(/^sk_[0-9a-f]{64}$/);
    const key = created.body.data.key;
    expect((await withKey(key).get(S)).status).toBe(200);
    expect((await withKey(key).post(S, { name: 'y', permissions: [] })).status).toBe(403);
    expect((await withKey(key).get(W)).status).toBe(403);
    for (let i = 0; i < 4; i++) expect((await customer.post(S, { name: `k${i}`, permissions: [] })).status).toBe(201);
    expect((await customer.post(S, { name: 'k6', permissions: [] })).body.errors[0].code).toBe('limit_exceeded');
    expect((await t.asCustomer().delete(`${S}/${created.body.data.id}`)).status).toBe(404);
    expect((await customer.delete(`${S}/${created.body.data.id}`)).status).toBe(204);
    expect((await withKey(key).get(S)).status).toBe(401);
  });
});
