/**
 * Staff invites (issue 49, contract §11): `users.manage` invites (201; an existing staff email is 409 `conflict`);
 * the email links to `/admin/accept-invite#token=…`; accepting creates the staff account with the invited role
 * and signs it in (its token works for that role's permissions); single use; expiry; an invite again voids the
 * earlier one. The admin MCP server offers the invite.
 */
import { awaitLink, INVITE, NEW_PASSWORD, useAccountMail } from '../fixtures/account-mail';
import { createAdmin, createCustomer, PASSWORD, uniqueEmail } from '../fixtures/accounts';
import { callJson, connectMcp } from '../harness/mcp-client';

const s = useAccountMail();

const INVITE_PATH = '/api/v1/admin/users/invite';
const ACCEPT = '/api/v1/auth/accept-invite';

describe('staff invites', () => {
  it('invites, accepts once, and signs the new staff member in with the role of the invite', async () => {
    const email = uniqueEmail('invitee');
    const invited = await s.t.asSuperAdmin().post(INVITE_PATH, { email: ` ${email.toUpperCase()} `, role: 'manager' });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toEqual({
      id: expect.any(String),
      email,
      role: 'manager',
      expires_at: expect.any(String),
      created_at: expect.any(String),
    });
    const days = (Date.parse(invited.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const { link, token } = await awaitLink(s, email, INVITE);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/admin\/accept-invite#token=[A-Za-z0-9_-]{43}$/);

    const weak = await s.t.asGuest().post(ACCEPT, { token, password: '12345678' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]).toMatchObject({ code: 'validation_error', field: 'password' });

    const accepted = await s.t.asGuest().post(ACCEPT, { token, password: NEW_PASSWORD, first_name: 'Nia' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer' });
    const bearer = { authorization: `Bearer ${accepted.body.data.access_token}` };
    const viewer = await s.t.asGuest().post('/graphql', { query: '{ viewer { kind email role } }' }, bearer);
    expect(viewer.body.data.viewer).toEqual({ kind: 'admin', email, role: 'manager' });
    // The manager's permissions: products yes, users no.
    expect((await s.t.asGuest().get('/api/v1/admin/products', bearer)).status).toBe(200);
    expect((await s.t.asGuest().get('/api/v1/admin/users', bearer)).status).toBe(403);
    // Signing in later with the chosen password.
    expect((await s.t.asGuest().post('/api/v1/auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);
    const user = await s.t.db.adminUser.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ role: 'manager', firstName: 'Nia', active: true });

    const again = await s.t.asGuest().post(ACCEPT, { token, password: 'yet another passphrase' });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({ code: 'invalid_token', field: 'token' });
    // Now a staff member: a new invite is a conflict.
    const dup = await s.t.asSuperAdmin().post(INVITE_PATH, { email, role: 'admin' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toMatchObject({ code: 'conflict', field: 'email' });
  });

  it('needs users.manage and a valid role', async () => {
    const body = { email: uniqueEmail(), role: 'admin' };
    expect((await s.t.asGuest().post(INVITE_PATH, body)).status).toBe(401);
    expect((await s.t.asAdmin().post(INVITE_PATH, body)).status).toBe(403);
    expect((await s.t.asManager().post(INVITE_PATH, body)).status).toBe(403);
    const bad = await s.t.asSuperAdmin().post(INVITE_PATH, { email: 'not-an-email', role: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'role']);
  });

  it('expires, and a second invite voids the first', async () => {
    const email = uniqueEmail('twice');
    await s.t.asSuperAdmin().post(INVITE_PATH, { email, role: 'admin' });
    const first = await awaitLink(s, email, INVITE);
    await s.t.asSuperAdmin().post(INVITE_PATH, { email, role: 'manager' });
    const second = await awaitLink(s, email, INVITE, 2);
    expect((await s.t.asGuest().post(ACCEPT, { token: first.token, password: NEW_PASSWORD })).status).toBe(400);
    await s.t.db.accountToken.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1) } });
    const expired = await s.t.asGuest().post(ACCEPT, { token: second.token, password: NEW_PASSWORD });
    expect(expired.status).toBe(400);
    expect(expired.body.errors[0].code).toBe('invalid_token');
    expect(await s.t.db.adminUser.count({ where: { email } })).toBe(0);
  });

  it('answers email_taken when the email became staff after the invite', async () => {
    const email = uniqueEmail('raced');
    await s.t.asSuperAdmin().post(INVITE_PATH, { email, role: 'admin' });
    const { token } = await awaitLink(s, email, INVITE);
    await createAdmin(s.t, { email, password: PASSWORD });
    const res = await s.t.asGuest().post(ACCEPT, { token, password: NEW_PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].code).toBe('email_taken');
  });

  it('runs over GraphQL and MCP: the admin server invites, the store server asks for a reset', async () => {
    const res = await s.t
      .asSuperAdmin()
      .gql('mutation($e: String!) { adminUserInvite(input: { email: $e, role: ADMIN }) { email role } }', {
        e: uniqueEmail('gql'),
      });
    expect(res.body.data.adminUserInvite).toMatchObject({ role: 'ADMIN' });

    const authorization = await s.t.asSuperAdmin().authHeader();
    const admin = await connectMcp(s.t.url, 'admin', authorization, '?toolsets=system');
    try {
      const email = uniqueEmail('mcp');
      const invited = await callJson(admin, 'admin_invite_staff', { email, role: 'manager' });
      expect(invited.isError).toBe(false);
      expect(invited.body).toMatchObject({ email, role: 'manager' });
      await awaitLink(s, email, INVITE);
    } finally {
      await admin.close();
    }
    const store = await connectMcp(s.t.url, 'store');
    try {
      const email = uniqueEmail('mcpreset');
      await createCustomer(s.t, { email });
      const asked = await callJson(store, 'store_request_password_reset', { email });
      expect(asked.isError).toBe(false);
      expect(JSON.stringify(asked.body)).not.toMatch(/token/i);
      await awaitLink(s, email, /reset your password/);
    } finally {
      await store.close();
    }
  });
});
