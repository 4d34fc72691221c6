/**
 * Password resets and verification resends as request rows (issue 49, the successor of D-401). The request path
 * does the same work for a known and an unknown address — proven by its SQL, not by a stopwatch: the same
 * statements, in the same order, one INSERT each — and answers 202 with the row committed. The background job
 * then resolves each row: an active account gets its token and email, an unknown address nothing, and the row goes.
 * This server runs no background jobs, so the test runs the job itself, step by step.
 */
import { AccountRequestRelay } from '../../src/domains/customers/account-requests';
import { createAdmin, createCustomer, uniqueEmail } from '../fixtures/accounts';
import { startTestServer, type TestServer } from '../harness/server';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({
    'server.background_jobs': false,
    'security.rate_limit.account_email.requests_per_minute': 1000,
  });
});
afterAll(() => t?.close());

/** Resolves every due request as the background jobs would; answers how many. */
async function runBackgroundJob(): Promise<number> {
  const relay = new AccountRequestRelay(t.service.services);
  let resolved = 0;
  while (await relay.resolveOne()) resolved++;
  return resolved;
}

/** The statements of one request, their SQL text only (values differ: the addresses). */
async function statementsOf(run: () => Promise<{ status: number }>): Promise<string[]> {
  const { result, statements } = await t.recordSql(run);
  expect(result.status).toBe(202);
  return statements.map((s) => s.sql);
}

const ROUTES = {
  customer: '/api/v1/store/auth/password-reset',
  staff: '/api/v1/auth/password-reset',
  resend: '/api/v1/store/auth/verify-email/resend',
};

describe('account email requests', () => {
  it('costs a known and an unknown address the same statements (nothing to enumerate by timing)', async () => {
    const customer = await createCustomer(t);
    const unverified = await createCustomer(t);
    const staff = await createAdmin(t);
    const known = { customer: customer.email, staff: staff.email, resend: unverified.email };
    for (const [kind, path] of Object.entries(ROUTES) as Array<[keyof typeof ROUTES, string]>) {
      const forKnown = await statementsOf(() => t.asGuest().post(path, { email: known[kind] }));
      const forUnknown = await statementsOf(() => t.asGuest().post(path, { email: uniqueEmail('nobody') }));
      expect(forKnown).toEqual(forUnknown);
      // One statement: the request row. No lookup of the address at all.
      expect(forKnown).toHaveLength(1);
      expect(forKnown[0]).toMatch(/INSERT INTO account_email_requests/);

      // The per-request count the server keeps says the same.
      const a = await t.asGuest().post(path, { email: known[kind] });
      const b = await t.asGuest().post(path, { email: uniqueEmail('nobody') });
      expect(t.sqlCount(a.requestId)).toBe(t.sqlCount(b.requestId));
    }
    // And over GraphQL.
    const query = 'mutation($e: String!) { customerPasswordResetRequest(input: { email: $e }) { message } }';
    const overGql = async (email: string) =>
      (await t.recordSql(() => t.asGuest().gql(query, { e: email }))).statements.map((s) => s.sql);
    expect(await overGql(customer.email)).toEqual(await overGql(uniqueEmail('nobody')));
    await runBackgroundJob();
  });

  it('writes the token and the email in the background job, once; an unknown address gets nothing', async () => {
    await runBackgroundJob();
    const customer = await createCustomer(t);
    const unknown = uniqueEmail('unknown');
    expect((await t.asGuest().post(ROUTES.customer, { email: customer.email })).status).toBe(202);
    expect((await t.asGuest().post(ROUTES.customer, { email: unknown })).status).toBe(202);

    // Answered, committed, nothing else done yet: the rows are what survives a crash here.
    const rows = await t.db.accountEmailRequest.findMany({ where: { email: { in: [customer.email, unknown] } } });
    expect(rows.map((r) => r.email).sort()).toEqual([customer.email, unknown].sort());
    expect(await t.db.accountToken.count({ where: { email: { in: [customer.email, unknown] } } })).toBe(0);
    expect(await t.db.email.count({ where: { recipient: { in: [customer.email, unknown] } } })).toBe(0);

    expect(await runBackgroundJob()).toBe(2);
    expect(await t.db.accountEmailRequest.count()).toBe(0);
    const emails = await t.db.email.findMany({ where: { recipient: { in: [customer.email, unknown] } } });
    expect(emails.map((e) => [e.recipient, e.kind])).toEqual([[customer.email, 'password_reset']]);
    expect(await t.db.accountToken.count({ where: { email: unknown } })).toBe(0);
    // Running the job again writes nothing more.
    expect(await runBackgroundJob()).toBe(0);
    expect(await t.db.email.count({ where: { recipient: customer.email } })).toBe(1);

    // The link works.
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(emails[0].text)?.[1];
    const confirmed = await t
      .asGuest()
      .post(`${ROUTES.customer}/confirm`, { token, password: 'a brand new passphrase 42' });
    expect(confirmed.status).toBe(200);
  });

  it('resends a verification to an unverified account only', async () => {
    await runBackgroundJob();
    const unverified = await createCustomer(t);
    const verified = await createCustomer(t);
    await t.db.customer.update({ where: { id: verified.id }, data: { emailVerifiedAt: new Date() } });
    for (const email of [unverified.email, verified.email])
      expect((await t.asGuest().post(ROUTES.resend, { email })).status).toBe(202);
    expect(await runBackgroundJob()).toBe(2);
    const emails = await t.db.email.findMany({ where: { recipient: { in: [unverified.email, verified.email] } } });
    expect(emails.map((e) => [e.recipient, e.kind])).toEqual([[unverified.email, 'email_verification']]);
  });

  it("writes the email in the requester's language (Accept-Language), else the shop's default", async () => {
    await runBackgroundJob();
    const german = await createCustomer(t);
    const english = await createCustomer(t);
    const asked = await t
      .asGuest()
      .post(ROUTES.customer, { email: german.email }, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(asked.status).toBe(202);
    expect((await t.asGuest().post(ROUTES.customer, { email: english.email })).status).toBe(202);
    await runBackgroundJob();
    const de = await t.db.email.findFirstOrThrow({ where: { recipient: german.email } });
    expect(de).toMatchObject({ locale: 'de-DE', subject: 'Shop: Passwort zurücksetzen' });
    expect(de.text).toContain('Neues Passwort wählen: ');
    const en = await t.db.email.findFirstOrThrow({ where: { recipient: english.email } });
    expect(en).toMatchObject({ locale: 'en', subject: 'Shop: reset your password' });
  });

  it('tries a failing request again later instead of losing it', async () => {
    await runBackgroundJob();
    const staff = await createAdmin(t);
    expect((await t.asGuest().post(ROUTES.staff, { email: staff.email })).status).toBe(202);
    // The table the job writes the email to is away for one run: the transaction rolls back, the row stays.
    await t.db.$executeRawUnsafe('ALTER TABLE emails RENAME TO emails_away');
    try {
      expect(await runBackgroundJob()).toBe(1);
    } finally {
      await t.db.$executeRawUnsafe('ALTER TABLE emails_away RENAME TO emails');
    }
    const row = await t.db.accountEmailRequest.findFirstOrThrow({ where: { email: staff.email } });
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await t.db.accountToken.count({ where: { email: staff.email } })).toBe(0);
    // Due again: resolved, the token and the email written together.
    await t.db.accountEmailRequest.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(0) } });
    expect(await runBackgroundJob()).toBe(1);
    expect(await t.db.email.count({ where: { recipient: staff.email, kind: 'password_reset' } })).toBe(1);
    expect(await t.db.accountToken.count({ where: { email: staff.email } })).toBe(1);
  });
});
