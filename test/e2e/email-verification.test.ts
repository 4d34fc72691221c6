/**
 * Email verification (issue 49, contract §11): registration writes the verification email in its transaction;
 * its link's token verifies once (`email_verified: true` on the account, REST and GraphQL); resend answers 202
 * for any address and emails only unverified accounts; with `auth.require_email_verification` an unverified
 * customer's correct login is 403 `email_not_verified` (a wrong password stays 401: nothing is revealed).
 */
import { awaitLink, mailsTo, outboxSettled, until, useAccountMail, VERIFY } from '../fixtures/account-mail';
import { uniqueEmail } from '../fixtures/accounts';

const s = useAccountMail({ 'auth.require_email_verification': true });

const STORE = '/api/v1/store/auth';
const PASSWORD = 'a fine long passphrase';

async function register(email: string) {
  const res = await s.t
    .asGuest()
    .post(`${STORE}/register`, { email, password: PASSWORD, first_name: 'Vera', last_name: 'Fied' });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; email_verified: boolean; email_verified_at: string | null };
}

describe('email verification', () => {
  it('sends a link on registration whose token verifies the account once; login waits for it', async () => {
    const email = uniqueEmail('verify');
    const created = await register(email);
    expect(created).toMatchObject({ email_verified: false, email_verified_at: null });
    // Written in the registration's transaction: the row exists as soon as the answer does.
    expect(await s.t.db.email.count({ where: { recipient: email, kind: 'email_verification' } })).toBe(1);

    const refused = await s.t.asGuest().post(`${STORE}/login`, { email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('email_not_verified');
    // The wrong password says nothing about verification.
    expect((await s.t.asGuest().post(`${STORE}/login`, { email, password: 'not the password' })).status).toBe(401);

    const { link, token } = await awaitLink(s, email, VERIFY);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/store\/verify-email#token=/);
    const verified = await s.t.asGuest().post(`${STORE}/verify-email`, { token });
    expect(verified.status).toBe(200);
    // Only the confirmed address: whoever holds the link learns nothing else of the account.
    expect(verified.body.data).toEqual({
      email,
      email_verified: true,
      email_verified_at: expect.any(String),
    });

    const login = await s.t.asGuest().post(`${STORE}/login`, { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const me = s.t.asGuest();
    const account = await me.get('/api/v1/store/account', { authorization: `Bearer ${login.body.data.access_token}` });
    expect(account.body.data.email_verified).toBe(true);
    const gql = await s.t.asCustomer(created.id).gql('{ account { emailVerified emailVerifiedAt } }');
    expect(gql.body.data.account).toEqual({ emailVerified: true, emailVerifiedAt: expect.any(String) });
    // The admin list shows it too.
    const listed = await s.t.asAdmin().get(`/api/v1/admin/customers?search=${encodeURIComponent(email)}`);
    expect(listed.body.data[0].email_verified).toBe(true);

    const again = await s.t.asGuest().post(`${STORE}/verify-email`, { token });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({ code: 'invalid_token', field: 'token' });

    // A new address is not verified: the proof was for the old one.
    const moved = await s.t.asAdmin().put(`/api/v1/admin/customers/${created.id}`, { email: uniqueEmail('moved') });
    expect(moved.body.data).toMatchObject({ email_verified: false, email_verified_at: null });
  });

  it('resends to an unverified account only, the same 202 for every address', async () => {
    const email = uniqueEmail('resend');
    await register(email);
    const first = await awaitLink(s, email, VERIFY);
    const resent = await s.t.asGuest().post(`${STORE}/verify-email/resend`, { email });
    expect(resent.status).toBe(202);
    const second = await awaitLink(s, email, VERIFY, 2);
    expect(second.token).not.toBe(first.token);
    expect((await s.t.asGuest().post(`${STORE}/verify-email`, { token: second.token })).status).toBe(200);
    // Verified: the older link no longer works, and a resend sends nothing.
    expect((await s.t.asGuest().post(`${STORE}/verify-email`, { token: first.token })).status).toBe(400);
    const unknown = uniqueEmail('nobody');
    const answers = await Promise.all(
      [email, unknown].map((e) => s.t.asGuest().post(`${STORE}/verify-email/resend`, { email: e })),
    );
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    expect(answers[0].body).toEqual(answers[1].body);
    await outboxSettled(s);
    expect(mailsTo(s, email, VERIFY)).toHaveLength(2);
    expect(mailsTo(s, unknown)).toEqual([]);
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail('expired');
    await register(email);
    const { token } = await awaitLink(s, email, VERIFY);
    await s.t.db.accountToken.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1) } });
    const res = await s.t.asGuest().post(`${STORE}/verify-email`, { token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('invalid_token');
    expect((await s.t.db.customer.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeNull();
  });

  it('runs over GraphQL with the same rules', async () => {
    const email = uniqueEmail('gqlverify');
    await register(email);
    const { token } = await awaitLink(s, email, VERIFY);
    const res = await s.t
      .asGuest()
      .gql('mutation($t: String!) { customerEmailVerify(input: { token: $t }) { email emailVerified } }', { t: token });
    expect(res.body.data.customerEmailVerify).toEqual({ email, emailVerified: true });
    await until(() => (s.smtp.received.length > 0 ? true : undefined));
  });

  it('refuses the most common passwords at registration', async () => {
    const res = await s.t
      .asGuest()
      .post(`${STORE}/register`, { email: uniqueEmail(), password: 'Password123', first_name: 'A', last_name: 'B' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: 'validation_error', field: 'password', detail: 'common_password' }]);
  });
});
