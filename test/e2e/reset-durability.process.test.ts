/**
 * A password reset request across a `kill -9` right after its 202 (issue 49; the successor of D-401): the request
 * is a row committed before the answer, and the background jobs turn it into the token and the email. Here the
 * first process runs no background jobs, so it dies with the request answered and nothing else done: the moment
 * the old design lost the email. After a restart on the same data, the email arrives, once, and its link works.
 */
import { partOf, startSmtpReceiver } from '../harness/smtp-receiver';
import { startSvcProcess, type SvcProcess } from '../harness/svc-process';
import { eventually } from '../harness/webhook-receiver';

const J = { 'content-type': 'application/json' };
const EMAIL = 'durable-reset@example.com';

async function post(base: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: J, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe('a password reset across a kill -9 after its 202', () => {
  it('still emails the link, once, after a restart', async () => {
    const smtp = await startSmtpReceiver();
    const env = { SVC_MAIL_SMTP_URL: smtp.url, SVC_MAIL_POLL_INTERVAL_MS: '50' };
    let svc: SvcProcess | undefined;
    try {
      // No background jobs: the request is answered and nothing runs after it (no resolving, no sending).
      svc = await startSvcProcess({ ...env, SVC_SERVER_BACKGROUND_JOBS: 'false' });
      const registered = await post(svc.url, '/api/v1/store/auth/register', {
        email: EMAIL,
        password: 'the first passphrase 1',
        first_name: 'Dura',
        last_name: 'Ble',
      });
      expect(registered.status).toBe(201);
      const asked = await post(svc.url, '/api/v1/store/auth/password-reset', { email: EMAIL });
      expect(asked.status).toBe(202);
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.received).toHaveLength(0);
      await svc.kill9();

      svc = await startSvcProcess(env, [], { sameDataAs: svc });
      const isReset = (m: (typeof smtp.received)[number]) => /reset your password/.test(m.subject ?? '');
      await eventually(() => smtp.received.some(isReset), 60_000);
      // A few more rounds: nothing is written or sent twice.
      await new Promise((r) => setTimeout(r, 1500));
      const resets = smtp.received.filter(isReset);
      expect(resets).toHaveLength(1);
      expect(resets[0].to).toContain(EMAIL);
      const token = /#token=([A-Za-z0-9_-]{43})/.exec(partOf(resets[0].raw, 'text/plain') ?? '')?.[1];
      expect(token).toBeDefined();
      const reset = await post(svc.url, '/api/v1/store/auth/password-reset/confirm', {
        token,
        password: 'a brand new passphrase 42',
      });
      expect(reset.status).toBe(200);
    } finally {
      await svc?.close();
      await smtp.close();
    }
  }, 600_000);
});
