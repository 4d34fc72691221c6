import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  messageId: string | undefined;
  subject: string | undefined;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every message it accepts. `refuse`
 * queues answers for the next DATA commands (e.g. a 451 for a transient refusal, a 550 for a permanent one);
 * `holdNext` leaves the next DATA unanswered (the message arrived whole but was never accepted: `held`), the moment
 * to kill a sender in.
 * STARTTLS is not offered (no certificate): the service's `smtp://` sends in clear, as it does to such a server.
 */
export async function startSmtpReceiver() {
  const received: ReceivedMail[] = [];
  const refusals: Array<{ code: number; message: string }> = [];
  const logins: string[] = [];
  const held: ReceivedMail[] = [];
  let holds = 0;
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    // AUTH PLAIN/LOGIN in clear is allowed on this loopback test server; any user and password are accepted.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '');
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts++;
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: header(raw, 'message-id'),
          subject: header(raw, 'subject'),
        };
        if (holds > 0) {
          holds--;
          held.push(mail);
          return;
        }
        const refusal = refusals.shift();
        if (refusal) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The user names the service signed in with (SMTP AUTH). */
    logins,
    /** DATA commands answered so far (accepted or refused). */
    attempts: () => attempts,
    refuseNext(code: number, message: string) {
      refusals.push({ code, message });
    },
    /** Messages whose DATA was left unanswered (see `holdNext`). */
    held,
    holdNext() {
      holds++;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header's value (unfolded), from the message's head. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
}

/** The decoded body of the message's part of `contentType` (quoted-printable, base64 or plain). */
export function partOf(raw: string, contentType: string): string | undefined {
  const at = raw.toLowerCase().indexOf(`content-type: ${contentType}`);
  if (at < 0) return undefined;
  const rest = raw.slice(at);
  const headEnd = rest.search(/\r?\n\r?\n/);
  const head = rest.slice(0, headEnd).toLowerCase();
  const body = rest
    .slice(headEnd)
    .replace(/^\r?\n\r?\n/, '')
    .split(/\r?\n--/)[0];
  if (head.includes('quoted-printable'))
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  if (head.includes('base64')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}
