/**
 * Pending staff invites (issue 49): `users.manage` lists the invites whose link still works, sends one again (a
 * fresh link in a new email, the old link void) and revokes one (its link answers 400 `invalid_token`). REST,
 * GraphQL and the admin MCP tools run the same operations; a used, revoked or unknown invite is 404.
 */
import { awaitLink, INVITE, NEW_PASSWORD, useAccountMail } from '../fixtures/account-mail';
import { uniqueEmail } from '../fixtures/accounts';
import { callJson, connectMcp } from '../harness/mcp-client';

const s = useAccountMail();

const BASE = '/api/v1/admin/users';
const ACCEPT = '/api/v1/auth/accept-invite';

async function invite(email: string, role = 'manager'): Promise<string> {
  const res = await s.t.asSuperAdmin().post(`${BASE}/invite`, { email, role });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

describe('pending staff invites', () => {
  it('lists pending invites only, newest first, with a bounded page', async () => {
    const a = uniqueEmail('pending-a');
    const b = uniqueEmail('pending-b');
    const idA = await invite(a, 'admin');
    const idB = await invite(b);
    const res = await s.t.asSuperAdmin().get(`${BASE}/invites?limit=500`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, limit: 100 });
    const ids = res.body.data.map((i: { id: string }) => i.id);
    expect(ids.indexOf(idB)).toBeLessThan(ids.indexOf(idA));
    expect(res.body.data.find((i: { id: string }) => i.id === idA)).toEqual({
      id: idA,
      email: a,
      role: 'admin',
      expires_at: expect.any(String),
      created_at: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);

    // Accepted, and expired, invites are no longer pending.
    const { token } = await awaitLink(s, a, INVITE);
    expect((await s.t.asGuest().post(ACCEPT, { token, password: NEW_PASSWORD })).status).toBe(200);
    await s.t.db.accountToken.update({ where: { id: idB }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const after = await s.t.asSuperAdmin().get(`${BASE}/invites?limit=100`);
    const left = after.body.data.map((i: { id: string }) => i.id);
    expect(left).not.toContain(idA);
    expect(left).not.toContain(idB);
    expect((await s.t.asSuperAdmin().post(`${BASE}/invites/${idB}/resend`, {})).status).toBe(404);
  });

  it('resends with a fresh link: the old link is void, the new one works', async () => {
    const email = uniqueEmail('resend');
    const id = await invite(email, 'viewer');
    const first = await awaitLink(s, email, INVITE);
    const resent = await s.t.asSuperAdmin().post(`${BASE}/invites/${id}/resend`, {});
    expect(resent.status).toBe(201);
    expect(resent.body.data).toMatchObject({ email, role: 'viewer' });
    expect(resent.body.data.id).not.toBe(id);
    const second = await awaitLink(s, email, INVITE, 2);
    expect(second.token).not.toBe(first.token);
    // The old invite is gone from the list and cannot be resent again.
    expect((await s.t.asSuperAdmin().post(`${BASE}/invites/${id}/resend`, {})).status).toBe(404);
    const old = await s.t.asGuest().post(ACCEPT, { token: first.token, password: NEW_PASSWORD });
    expect(old.status).toBe(400);
    expect(old.body.errors[0].code).toBe('invalid_token');
    const ok = await s.t.asGuest().post(ACCEPT, { token: second.token, password: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    expect((await s.t.db.adminUser.findUniqueOrThrow({ where: { email } })).role).toBe('viewer');
    // The email is written with the token: exactly one per invite and one per resend.
    expect(await s.t.db.email.count({ where: { recipient: email, kind: 'staff_invite' } })).toBe(2);
  });

  it('revokes: the link answers invalid_token and the invite leaves the list', async () => {
    const email = uniqueEmail('revoke');
    const id = await invite(email);
    const { token } = await awaitLink(s, email, INVITE);
    const revoked = await s.t.asSuperAdmin().delete(`${BASE}/invites/${id}`);
    expect(revoked.status).toBe(204);
    const res = await s.t.asGuest().post(ACCEPT, { token, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'invalid_token', field: 'token' });
    expect((await s.t.asSuperAdmin().delete(`${BASE}/invites/${id}`)).status).toBe(404);
    expect((await s.t.asSuperAdmin().post(`${BASE}/invites/${id}/resend`, {})).status).toBe(404);
    const list = await s.t.asSuperAdmin().get(`${BASE}/invites?limit=100`);
    expect(list.body.data.map((i: { id: string }) => i.id)).not.toContain(id);
    expect(await s.t.db.adminUser.count({ where: { email } })).toBe(0);
  });

  it('needs users.manage; a malformed id is 400', async () => {
    const id = await invite(uniqueEmail('perm'));
    expect((await s.t.asGuest().get(`${BASE}/invites`)).status).toBe(401);
    expect((await s.t.asAdmin().get(`${BASE}/invites`)).status).toBe(403);
    expect((await s.t.asManager().post(`${BASE}/invites/${id}/resend`, {})).status).toBe(403);
    expect((await s.t.asAdmin().delete(`${BASE}/invites/${id}`)).status).toBe(403);
    expect((await s.t.asSuperAdmin().delete(`${BASE}/invites/not-a-uuid`)).status).toBe(400);
    // Still pending after the refusals.
    const list = await s.t.asSuperAdmin().get(`${BASE}/invites?limit=100`);
    expect(list.body.data.map((i: { id: string }) => i.id)).toContain(id);
  });

  it('runs over GraphQL and the admin MCP tools', async () => {
    const email = uniqueEmail('gqlmcp');
    const id = await invite(email);
    const listed = await s.t
      .asSuperAdmin()
      .gql('{ staffInvites(limit: 100) { items { id email role } meta { total } } }');
    expect(listed.body.data.staffInvites.items).toContainEqual({ id, email, role: 'MANAGER' });
    const resent = await s.t
      .asSuperAdmin()
      .gql('mutation($id: UUID!) { staffInviteResend(id: $id) { id email } }', { id });
    const newId = resent.body.data.staffInviteResend.id;
    expect(newId).not.toBe(id);

    const authorization = await s.t.asSuperAdmin().authHeader();
    const admin = await connectMcp(s.t.url, 'admin', authorization, '?toolsets=system');
    try {
      const tools = await callJson(admin, 'admin_list_staff_invites', { limit: 100 });
      expect(tools.isError).toBe(false);
      expect(JSON.stringify(tools.body)).toContain(newId);
      const revoked = await callJson(admin, 'admin_revoke_staff_invite', { invite_id: newId, confirm: true });
      expect(revoked.isError).toBe(false);
    } finally {
      await admin.close();
    }
    const gone = await s.t.asSuperAdmin().gql('mutation($id: UUID!) { staffInviteRevoke(id: $id) }', { id: newId });
    expect(gone.body.errors?.[0]?.extensions?.code).toBe('not_found');
  });
});
