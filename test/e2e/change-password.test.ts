/**
 * Changing the password while signed in (issue 49, contract §11): `PUT /api/v1/store/account/password` needs the
 * current password (400 `invalid_credentials` otherwise), follows the registration rules, keeps the session it
 * was made in and ends the account's other sessions.
 */
import { NEW_PASSWORD, useAccountMail } from '../fixtures/account-mail';
import { createCustomer, PASSWORD, uniqueEmail } from '../fixtures/accounts';

const s = useAccountMail();
const PATH = '/api/v1/store/account/password';

async function login(email: string, password = PASSWORD) {
  const res = await s.t.asGuest().post('/api/v1/store/auth/login', { email, password });
  expect(res.status).toBe(200);
  return res.body.data as { access_token: string; refresh_token: string };
}
const bearer = (pair: { access_token: string }) => ({ authorization: `Bearer ${pair.access_token}` });
const refresh = (pair: { refresh_token: string }) =>
  s.t.asGuest().post('/api/v1/auth/refresh', { refresh_token: pair.refresh_token });

describe('changing the password', () => {
  it('keeps this session, ends the others, and the new password is the one that works', async () => {
    const email = uniqueEmail('change');
    await createCustomer(s.t, { email });
    const here = await login(email);
    const elsewhere = await login(email);
    const res = await s.t.asGuest().put(PATH, { current_password: PASSWORD, password: NEW_PASSWORD }, bearer(here));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ message: 'your password has been changed' });
    expect((await refresh(here)).status).toBe(200);
    expect((await refresh(elsewhere)).status).toBe(401);
    expect((await s.t.asGuest().post('/api/v1/store/auth/login', { email, password: PASSWORD })).status).toBe(401);
    await login(email, NEW_PASSWORD);
  });

  it('refuses a wrong current password (400 invalid_credentials) and a weak new one, changing nothing', async () => {
    const email = uniqueEmail('wrong');
    await createCustomer(s.t, { email });
    const pair = await login(email);
    const wrong = await s.t
      .asGuest()
      .put(PATH, { current_password: 'not my password', password: NEW_PASSWORD }, bearer(pair));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { code: 'invalid_credentials', field: 'current_password', detail: 'the current password is not correct' },
    ]);
    const weak = await s.t.asGuest().put(PATH, { current_password: PASSWORD, password: 'qwerty123' }, bearer(pair));
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]).toMatchObject({ code: 'validation_error', field: 'password' });
    const missing = await s.t.asGuest().put(PATH, { password: NEW_PASSWORD }, bearer(pair));
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ code: 'validation_error', field: 'current_password' });
    await login(email);
    expect((await refresh(pair)).status).toBe(200);
  });

  it('needs a signed-in customer', async () => {
    const body = { current_password: PASSWORD, password: NEW_PASSWORD };
    expect((await s.t.asGuest().put(PATH, body)).status).toBe(401);
    expect((await s.t.asAdmin().put(PATH, body)).status).toBe(403);
  });

  it('runs over GraphQL with the same answers', async () => {
    const customer = await createCustomer(s.t, { email: uniqueEmail('gqlchange') });
    const change =
      'mutation($c: String!, $p: String!) { accountPasswordChange(input: { currentPassword: $c, password: $p }) { message } }';
    const wrong = await s.t.asCustomer(customer.id).gql(change, { c: 'nope nope nope', p: NEW_PASSWORD });
    expect(wrong.body.errors?.[0].extensions).toMatchObject({ code: 'invalid_credentials' });
    const ok = await s.t.asCustomer(customer.id).gql(change, { c: PASSWORD, p: NEW_PASSWORD });
    expect(ok.body.data.accountPasswordChange.message).toMatch(/changed/);
  });
});
