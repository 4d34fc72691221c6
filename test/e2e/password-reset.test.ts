/**
 * Password reset (issue 49, contract §11), customers and staff, read from the real email a real SMTP server
 * received: the link works once, then and after expiry it is 400 `invalid_token`; an unknown email gets the same
 * 202 and no email; success ends every session and clears the login lock; the requests have their own budget
 * (429 with the usual envelope), shared by REST and GraphQL; no token ever reaches the log.
 */
import { awaitLink, mailsTo, NEW_PASSWORD, outboxSettled, RESET, useAccountMail } from '../fixtures/account-mail';
import { createAdmin, createCustomer, PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { startTestServer } from '../harness/server';

const s = useAccountMail({ 'server.public_url': 'https://shop.example.com/' });

const STORE = '/api/v1/store/auth';
const STAFF = '/api/v1/auth';

async function loginStatus(path: string, email: string, password: string) {
  return (await s.t.asGuest().post(path, { email, password })).status;
}

describe.each([
  {
    who: 'customer',
    base: STORE,
    login: `${STORE}/login`,
    page: 'https://shop.example.com/store/reset-password#token=',
    make: (email: string) => createCustomer(s.t, { email }),
    kind: 'customer' as const,
  },
  {
    who: 'staff member',
    base: STAFF,
    login: `${STAFF}/login`,
    page: 'https://shop.example.com/admin/reset-password#token=',
    make: (email: string) => createAdmin(s.t, { email }),
    kind: 'admin' as const,
  },
])('password reset of a $who', ({ base, login, page, make, kind }) => {
  it('emails a single-use link whose token sets a new password, ends every session and clears the lock', async () => {
    const email = uniqueEmail('reset');
    const account = await make(email);
    // A session before the reset, and a login lock (five failures).
    const session = await s.t.asGuest().post(login, { email, password: PASSWORD });
    expect(session.status).toBe(200);
    for (let i = 0; i < 5; i++) await loginStatus(login, email, 'wrong password!');
    expect(await loginStatus(login, email, PASSWORD)).toBe(429);

    const asked = await s.t.asGuest().post(`${base}/password-reset`, { email: email.toUpperCase() });
    expect(asked.status).toBe(202);
    expect(asked.body.data).toEqual({ message: expect.any(String) });
    const { link, token, mail } = await awaitLink(s, email, RESET);
    expect(link.startsWith(page)).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored only as its hash.
    const row = await s.t.db.accountToken.findFirstOrThrow({ where: { email } });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(token);
    expect(mail.raw).not.toContain(row.tokenHash);

    const done = await s.t.asGuest().post(`${base}/password-reset/confirm`, { token, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body.data.message).toMatch(/password has been changed/);
    // The lock is cleared, the new password works and the old one does not.
    expect(await loginStatus(login, email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(login, email, PASSWORD)).toBe(401);
    // The session from before the reset is over.
    const refreshed = await s.t.asGuest().post(`${STAFF}/refresh`, { refresh_token: session.body.data.refresh_token });
    expect(refreshed.status).toBe(401);
    const live = await s.t.db.refreshToken.count({
      where: { userId: account.id, userType: kind, revokedAt: null, createdAt: { lt: new Date(Date.now() - 1) } },
    });
    expect(live).toBeLessThanOrEqual(1); // only the login just made after the reset

    // Used once: the same token again is 400 invalid_token, with one clear sentence.
    const again = await s.t
      .asGuest()
      .post(`${base}/password-reset/confirm`, { token, password: 'another fine pass 1' });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([
      { code: 'invalid_token', field: 'token', detail: expect.stringMatching(/invalid, expired or already used/) },
    ]);
    expect(await loginStatus(login, email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses an expired token, a made-up one, and a weak password (the token stays usable)', async () => {
    const email = uniqueEmail('expiry');
    await make(email);
    await s.t.asGuest().post(`${base}/password-reset`, { email });
    const first = await awaitLink(s, email, RESET);
    const weak = await s.t
      .asGuest()
      .post(`${base}/password-reset/confirm`, { token: first.token, password: 'password1' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual([{ code: 'validation_error', field: 'password', detail: 'common_password' }]);
    const short = await s.t.asGuest().post(`${base}/password-reset/confirm`, { token: first.token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toMatchObject({ code: 'validation_error', field: 'password' });
    // Expired: the row's expiry moved into the past.
    await s.t.db.accountToken.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await s.t
      .asGuest()
      .post(`${base}/password-reset/confirm`, { token: first.token, password: NEW_PASSWORD });
    expect(expired.status).toBe(400);
    expect(expired.body.errors[0].code).toBe('invalid_token');
    for (const token of ['x'.repeat(43), 'not a token', first.token.slice(0, 42)]) {
      const res = await s.t.asGuest().post(`${base}/password-reset/confirm`, { token, password: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].code).toBe('invalid_token');
    }
    // A new request works, and using it voids the earlier links.
    await s.t.asGuest().post(`${base}/password-reset`, { email });
    await s.t.asGuest().post(`${base}/password-reset`, { email });
    const second = await awaitLink(s, email, RESET, 2);
    const third = await awaitLink(s, email, RESET, 3);
    expect(
      (await s.t.asGuest().post(`${base}/password-reset/confirm`, { token: third.token, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
    const stale = await s.t
      .asGuest()
      .post(`${base}/password-reset/confirm`, { token: second.token, password: NEW_PASSWORD });
    expect(stale.status).toBe(400);
  });

  it('answers an unknown email the same 202 and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const res = await s.t.asGuest().post(`${base}/password-reset`, { email: unknown });
    expect(res.status).toBe(202);
    const known = uniqueEmail('known');
    await make(known);
    const res2 = await s.t.asGuest().post(`${base}/password-reset`, { email: known });
    expect(res2.body).toEqual(res.body);
    await awaitLink(s, known, RESET);
    await outboxSettled(s);
    expect(mailsTo(s, unknown)).toEqual([]);
    expect(await s.t.db.email.count({ where: { recipient: unknown } })).toBe(0);
    expect(await s.t.db.accountToken.count({ where: { email: unknown } })).toBe(0);
  });

  it('lets exactly one of two concurrent confirmations of a token through', async () => {
    const email = uniqueEmail('race');
    await make(email);
    await s.t.asGuest().post(`${base}/password-reset`, { email });
    const { token } = await awaitLink(s, email, RESET);
    const answers = await Promise.all(
      ['first racer pass 1', 'second racer pass 2'].map((password) =>
        s.t.asGuest().post(`${base}/password-reset/confirm`, { token, password }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });
});

describe('the reset over GraphQL', () => {
  it('runs the same operations, invalid_token included', async () => {
    const email = uniqueEmail('gql');
    await createCustomer(s.t, { email });
    const asked = await s.t
      .asGuest()
      .gql('mutation($e: String!) { customerPasswordResetRequest(input: { email: $e }) { message } }', { e: email });
    expect(asked.body.errors).toBeUndefined();
    const { token } = await awaitLink(s, email, RESET);
    const confirm =
      'mutation($t: String!, $p: String!) { customerPasswordResetConfirm(input: { token: $t, password: $p }) { message } }';
    expect((await s.t.asGuest().gql(confirm, { t: token, p: NEW_PASSWORD })).body.errors).toBeUndefined();
    const again = await s.t.asGuest().gql(confirm, { t: token, p: NEW_PASSWORD });
    expect(again.body.errors?.[0].extensions).toMatchObject({ code: 'invalid_token' });
  });
});

describe('no token in the logs', () => {
  it('never logs a token, its link or its hash', async () => {
    await outboxSettled(s);
    const log = JSON.stringify(s.logged.entries);
    const rows = await s.t.db.accountToken.findMany({ select: { tokenHash: true } });
    expect(rows.length).toBeGreaterThan(0);
    for (const { tokenHash } of rows) expect(log).not.toContain(tokenHash);
    for (const mail of s.smtp.received) {
      const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
      if (token) expect(log).not.toContain(token);
    }
    expect(log).not.toContain('#token=');
  });
});

describe('the reset budget', () => {
  it('answers 429 with the usual envelope per IP across REST and GraphQL, and per email', async () => {
    const t = await startTestServer({ 'security.rate_limit.account_email.requests_per_minute': 3 });
    try {
      const email = uniqueEmail('budget');
      const statuses = [];
      for (let i = 0; i < 2; i++) statuses.push((await t.asGuest().post(`${STORE}/password-reset`, { email })).status);
      const gql = await t
        .asGuest()
        .gql('mutation($e: String!) { staffPasswordResetRequest(input: { email: $e }) { message } }', {
          e: uniqueEmail(),
        });
      expect(gql.body.errors).toBeUndefined();
      const limited = await t.asGuest().post(`${STORE}/password-reset`, { email: uniqueEmail() });
      expect(statuses).toEqual([202, 202]);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited.body).toEqual({
        error: 'Too Many Requests',
        errors: [{ code: 'rate_limited', detail: 'too many requests' }],
      });
    } finally {
      await t.close();
    }
  });

  it('holds one address to the budget from however many IPs (and says nothing about whether it has an account)', async () => {
    const t = await startTestServer({
      'security.rate_limit.account_email.requests_per_minute': 3,
      'server.trusted_proxies': ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
    });
    try {
      for (const email of [uniqueEmail('known'), uniqueEmail('unknown')]) {
        if (email.startsWith('known')) await createCustomer(t, { email });
        const statuses = [];
        for (let i = 1; i <= 4; i++)
          statuses.push(
            (await t.asGuest().post(`${STORE}/password-reset`, { email }, { 'x-forwarded-for': `203.0.113.${i}` }))
              .status,
          );
        expect(statuses).toEqual([202, 202, 202, 429]);
      }
    } finally {
      await t.close();
    }
  });
});
