import { claimsOf, createAdmin, createCustomer, PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const login = (email: string, password = PASSWORD, path = '/api/v1/auth/login') =>
  t.asGuest().post(path, { email, password });
const bearer = (token: string) => t.as({ kind: 'header', authorization: `Bearer ${token}` });
const W = '/api/v1/admin/warehouses';

describe('register', () => {
  it('creates a customer (201) on both paths, never returning the hash; 409 email_taken for case variants', async () => {
    const email = uniqueEmail('Reg');
    const res = await t.asGuest().post('/api/v1/store/auth/register', {
      email: email.toUpperCase(),
      password: PASSWORD,
      first_name: 'Ada',
      last_name: 'L',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      email: email.toLowerCase(),
      first_name: 'Ada',
      last_name: 'L',
      active: true,
      custom_fields: {},
      email_verified: false,
      email_verified_at: null,
    });
    expect(res.text).not.toMatch(/password/);
    const again = await t.asGuest().post('/api/v1/store/register', {
      email: email.toLowerCase(),
      password: PASSWORD,
      first_name: 'A',
      last_name: 'B',
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'email_taken', field: 'email' });
    const alias = await t
      .asGuest()
      .post('/api/v1/store/register', { email: uniqueEmail(), password: PASSWORD, first_name: 'A', last_name: 'B' });
    expect(alias.status).toBe(201);
  });

  it('validates every field: email format, password 8–128 characters, names required', async () => {
    const res = await t
      .asGuest()
      .post('/api/v1/store/auth/register', { email: 'nope', password: 'short', first_name: '' });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(
      res.body.errors.map((e: { field: string; detail: string }) => [e.field, e.detail]),
    );
    expect(fields).toEqual({ email: 'email', password: 'min_length', first_name: 'required', last_name: 'required' });
    const long = await t.asGuest().post('/api/v1/store/auth/register', {
      email: uniqueEmail(),
      password: 'x'.repeat(129),
      first_name: 'a',
      last_name: 'b',
    });
    expect(long.body.errors[0]).toMatchObject({ field: 'password', detail: 'max_length' });
  });

  it('runs customer.before_create (which can refuse) and customer.after_create after commit', async () => {
    const seen: unknown[] = [];
    const hooks = t.service.services.hooks;
    hooks.register('customer.after_create', (e) => void seen.push(e.entity));
    hooks.register('customer.before_create', (e) => {
      if (String(e.entity.email).startsWith('blocked')) throw new Error('no thanks');
    });
    const refused = await t.asGuest().post('/api/v1/store/auth/register', {
      email: uniqueEmail('blocked'),
      password: PASSWORD,
      first_name: 'a',
      last_name: 'b',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ code: 'hook_rejected', detail: 'no thanks' });
    const ok = await t.asGuest().post('/api/v1/store/auth/register', {
      email: uniqueEmail('hooked'),
      password: PASSWORD,
      first_name: 'a',
      last_name: 'b',
    });
    await t.service.services.background.drain();
    expect(seen).toEqual([expect.objectContaining({ id: ok.body.data.id, email: ok.body.data.email })]);
    expect(JSON.stringify(seen)).not.toMatch(/password/);
  });
});

describe('login', () => {
  it('returns the spec token pair with its exact claims for admins, then customers', async () => {
    const admin = await createAdmin(t, { role: 'manager' });
    const res = await login(admin.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 900,
      token_type: 'Bearer',
    });
    const access = claimsOf(res.body.data.access_token);
    expect(Object.keys(access).sort()).toEqual(['email', 'exp', 'iat', 'jti', 'role', 'type', 'uid', 'utype']);
    expect(access).toMatchObject({
      uid: admin.id,
      email: admin.email,
      utype: 'admin',
      role: 'manager',
      type: 'access',
    });
    expect((access.exp as number) - (access.iat as number)).toBe(900);
    const refresh = claimsOf(res.body.data.refresh_token);
    expect(refresh).toMatchObject({ uid: admin.id, type: 'refresh' });
    expect((refresh.exp as number) - (refresh.iat as number)).toBe(7 * 24 * 3600);
    expect((await bearer(res.body.data.access_token).get(W)).status).toBe(200);

    const customer = await createCustomer(t);
    const asCustomer = await login(customer.email);
    expect(claimsOf(asCustomer.body.data.access_token)).toMatchObject({
      uid: customer.id,
      utype: 'customer',
      role: 'customer',
    });
    const store = await login(customer.email, PASSWORD, '/api/v1/store/auth/login');
    expect(store.status).toBe(200);
  });

  it('store login is for customers only', async () => {
    const admin = await createAdmin(t);
    const res = await login(admin.email, PASSWORD, '/api/v1/store/auth/login');
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toEqual({ code: 'invalid_credentials', detail: 'invalid email or password' });
  });

  it('answers invalid_credentials for a wrong password, an unknown email and an inactive account, after a full hash comparison', async () => {
    const verify = jest.spyOn(t.service.services.passwords, 'verify');
    const inactive = await createCustomer(t, { active: false });
    for (const [email, password] of [
      [inactive.email, PASSWORD],
      [uniqueEmail('ghost'), PASSWORD],
      [(await createAdmin(t)).email, 'wrong password'],
    ]) {
      verify.mockClear();
      const res = await login(email, password);
      expect(res.status).toBe(401);
      expect(res.body.errors[0]).toEqual({ code: 'invalid_credentials', detail: 'invalid email or password' });
      expect(verify).toHaveBeenCalledTimes(1);
    }
    verify.mockRestore();
  });

  it('locks an email after 5 failures (case variants share the counter): 429 account_locked with Retry-After 3600', async () => {
    const customer = await createCustomer(t);
    const variants = [
      customer.email,
      customer.email.toUpperCase(),
      ` ${customer.email} `,
      customer.email,
      customer.email.toUpperCase(),
    ];
    for (const email of variants) expect((await login(email, 'wrong password')).status).toBe(401);
    const locked = await login(customer.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('3600');
    expect(locked.body.errors[0]).toEqual({
      code: 'account_locked',
      detail: 'too many failed login attempts, please try again later',
    });
    expect((await login(customer.email, PASSWORD, '/api/v1/store/auth/login')).status).toBe(429);
    const other = await createCustomer(t);
    expect((await login(other.email)).status).toBe(200);
  });

  it('a success resets the failure counter', async () => {
    const customer = await createCustomer(t);
    for (let i = 0; i < 4; i++) await login(customer.email, 'wrong password');
    expect((await login(customer.email)).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(customer.email, 'wrong password');
    expect((await login(customer.email)).status).toBe(200);
  });
});

describe('refresh rotation', () => {
  it('each refresh token works once; replaying a consumed one revokes the whole family', async () => {
    const admin = await createAdmin(t);
    const first = (await login(admin.email)).body.data;
    const second = await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 900,
      token_type: 'Bearer',
    });
    expect(second.body.data.refresh_token).not.toBe(first.refresh_token);
    const replay = await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: first.refresh_token });
    expect(replay.status).toBe(401);
    expect(replay.body.errors[0]).toEqual({ code: 'invalid_token', detail: 'invalid refresh token' });
    // The replay burned the family: the legitimate newest token is dead too.
    const burnt = await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: second.body.data.refresh_token });
    expect(burnt.status).toBe(401);
    // Another login (another family) is unaffected.
    const other = (await login(admin.email)).body.data;
    expect((await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: other.refresh_token })).status).toBe(200);
  });

  it("a login drops the user's expired refresh rows", async () => {
    const admin = await createAdmin(t);
    const expired = await t.db.refreshToken.create({
      data: { familyId: admin.id, userId: admin.id, userType: 'admin', expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await login(admin.email)).status).toBe(200);
    expect(await t.db.refreshToken.findUnique({ where: { id: expired.id } })).toBeNull();
    expect(await t.db.refreshToken.count({ where: { userId: admin.id } })).toBe(1);
  });

  it('rejects access tokens, garbage and missing tokens as refresh tokens', async () => {
    const pair = (await login((await createAdmin(t)).email)).body.data;
    for (const body of [{ refresh_token: pair.access_token }, { refresh_token: 'x.y.z' }, {}]) {
      const res = await t.asGuest().post('/api/v1/auth/refresh', body);
      expect(res.status).toBe(401);
      expect(res.body.errors[0].code).toBe('invalid_token');
    }
  });

  it('refuses the tokens of an account deactivated since', async () => {
    const admin = await createAdmin(t);
    const pair = (await login(admin.email)).body.data;
    await t.db.adminUser.update({ where: { id: admin.id }, data: { active: false } });
    expect((await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: pair.refresh_token })).status).toBe(401);
    const denied = await bearer(pair.access_token).get(W);
    expect(denied.status).toBe(401);
  });
});

describe('logout', () => {
  it('blacklists the access token (401 "token has been revoked"; anonymous where auth is optional) and revokes refresh tokens', async () => {
    const admin = await createAdmin(t);
    const pair = (await login(admin.email)).body.data;
    const other = (await login(admin.email)).body.data;
    const out = await bearer(pair.access_token).post('/api/v1/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ data: { message: 'logged out' } });
    const revoked = await bearer(pair.access_token).get(W);
    expect(revoked.status).toBe(401);
    expect(revoked.body.errors[0]).toEqual({ code: 'unauthorized', detail: 'token has been revoked' });
    expect((await bearer(pair.access_token).get('/api/v1/health')).status).toBe(200);
    // Every refresh token of the user is revoked, those of other sessions too.
    for (const token of [pair.refresh_token, other.refresh_token]) {
      expect((await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: token })).status).toBe(401);
    }
    // Another session's access token is not blacklisted (only its jti is).
    expect((await bearer(other.access_token).get(W)).status).toBe(200);
  });

  it('accepts a refresh token alone, and nothing at all', async () => {
    const customer = await createCustomer(t);
    const pair = (await login(customer.email)).body.data;
    expect((await t.asGuest().post('/api/v1/auth/logout', { refresh_token: pair.refresh_token })).status).toBe(200);
    expect((await t.asGuest().post('/api/v1/auth/refresh', { refresh_token: pair.refresh_token })).status).toBe(401);
    const none = await t.asGuest().post('/api/v1/auth/logout');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: { message: 'logged out' } });
  });
});

describe('accounts behind tokens', () => {
  it('a token of a deleted account no longer works', async () => {
    const admin = await createAdmin(t);
    const pair = (await login(admin.email)).body.data;
    await t.db.adminUser.delete({ where: { id: admin.id } });
    expect((await bearer(pair.access_token).get(W)).status).toBe(401);
  });

  it('the current role decides, not the role in the token', async () => {
    const admin = await createAdmin(t, { role: 'super_admin' });
    const pair = (await login(admin.email)).body.data;
    expect((await bearer(pair.access_token).get('/api/v1/admin/users')).status).toBe(200);
    await t.db.adminUser.update({ where: { id: admin.id }, data: { role: 'admin' } });
    expect((await bearer(pair.access_token).get('/api/v1/admin/users')).status).toBe(403);
  });
});
