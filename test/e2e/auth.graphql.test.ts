import {
  CustomerLoginDocument,
  CustomerRegisterDocument,
  LoginDocument,
  LogoutDocument,
  TokenRefreshDocument,
  WarehousesDocument,
} from '../../src/generated/graphql';
import { createAdmin, createCustomer, PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const bearer = (token: string) => t.as({ kind: 'header', authorization: `Bearer ${token}` });

describe('auth over GraphQL', () => {
  it('login, refresh, logout and register mirror REST', async () => {
    const admin = await createAdmin(t);
    const login = await t.asGuest().gql(LoginDocument, { input: { email: admin.email, password: PASSWORD } });
    expect(login.errors).toBeUndefined();
    expect(login.data.login).toMatchObject({ expires_in: 900, token_type: 'Bearer' });
    // Bearer mode (no `cookie`): both tokens are answered.
    const pair = { access_token: login.data.login.access_token!, refresh_token: login.data.login.refresh_token! };
    expect((await bearer(pair.access_token).gql(WarehousesDocument, {})).errors).toBeUndefined();

    const refreshed = await t.asGuest().gql(TokenRefreshDocument, { input: { refreshToken: pair.refresh_token } });
    expect(refreshed.data.tokenRefresh.refresh_token).not.toBe(pair.refresh_token);
    const replay = await t.asGuest().gql(TokenRefreshDocument, { input: { refreshToken: pair.refresh_token } });
    expect(replay.errors?.[0].extensions).toMatchObject({ code: 'invalid_token', status: 401 });

    const out = await bearer(pair.access_token).gql(LogoutDocument, {});
    expect(out.data.logout).toEqual({ message: 'logged out' });
    const revoked = await bearer(pair.access_token).gql(WarehousesDocument, {});
    expect(revoked.errors?.[0]).toMatchObject({
      message: 'token has been revoked',
      extensions: { code: 'unauthorized' },
    });

    const email = uniqueEmail();
    const reg = await t
      .asGuest()
      .gql(CustomerRegisterDocument, { input: { email, password: PASSWORD, firstName: 'G', lastName: 'Q' } });
    expect(reg.data.customerRegister).toMatchObject({ email, first_name: 'G' });
    const taken = await t
      .asGuest()
      .gql(CustomerRegisterDocument, { input: { email, password: PASSWORD, firstName: 'G', lastName: 'Q' } });
    expect(taken.errors?.[0].extensions).toMatchObject({ code: 'email_taken', status: 409, field: 'email' });
    const customer = await t.asGuest().gql(CustomerLoginDocument, { input: { email, password: PASSWORD } });
    expect(customer.data.customerLogin.token_type).toBe('Bearer');
  });

  it('shares the login lock with REST and sends Retry-After on the GraphQL response', async () => {
    const customer = await createCustomer(t);
    for (let i = 0; i < 3; i++)
      await t.asGuest().post('/api/v1/auth/login', { email: customer.email, password: 'nope nope' });
    for (let i = 0; i < 2; i++)
      await t.asGuest().gql(LoginDocument, { input: { email: customer.email, password: 'nope nope' } });
    const locked = await t.asGuest().gql(LoginDocument, { input: { email: customer.email, password: PASSWORD } });
    expect(locked.errors?.[0].extensions).toMatchObject({ code: 'account_locked', status: 429 });
    expect(locked.headers.get('retry-after')).toBe('3600');
  });
});

describe('refresh race (PostgreSQL)', () => {
  if (!process.env.SVC_TEST_DATABASE_URL) {
    it.skip('needs SVC_TEST_DATABASE_URL: the embedded database has a single connection', () => undefined);
    return;
  }

  it('of parallel refreshes of one token exactly one wins', async () => {
    const admin = await createAdmin(t);
    for (let round = 0; round < 3; round++) {
      const pair = (await t.asGuest().post('/api/v1/auth/login', { email: admin.email, password: PASSWORD })).body.data;
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.asGuest().post('/api/v1/auth/refresh', { refresh_token: pair.refresh_token }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
      for (const r of results.filter((x) => x.status === 401)) expect(r.body.errors[0].code).toBe('invalid_token');
      const consumed = await t.db.refreshToken.count({ where: { userId: admin.id, consumedAt: { not: null } } });
      expect(consumed).toBe(round + 1);
    }
  });
});
