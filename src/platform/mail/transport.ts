import nodemailer from 'nodemailer';

/** One message as the sender hands it to the transport: rendered, addressed, with its stable Message-ID. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
}

/** What an attempt came to: sent, or refused/unreachable (with the server's answer and whether to retry). */
export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

export interface MailTransport {
  /** `smtp to host:port`, for the start log (never the credentials). */
  readonly description: string;
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

/** How long a connection, greeting or command may take before the attempt counts as failed (and is retried). */
const TIMEOUT_MS = 30_000;

/**
 * SMTP through Nodemailer's pooled transport: `smtps://` is TLS from the first byte, `smtp://` upgrades with
 * STARTTLS whenever the server offers it (Nodemailer's default). A 5xx answer is permanent; a 4xx answer, a
 * timeout or a refused connection is worth retrying.
 */
export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
  return {
    description: `smtp to ${parsed.hostname}:${port}`,
    async send(mail) {
      try {
        await transporter.sendMail(mail);
        return { ok: true };
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; message?: string };
        const code = e.responseCode;
        const error = (e.response ?? e.message ?? String(err)).slice(0, 1000);
        return { ok: false, permanent: code !== undefined && code >= 500 && code < 600, error };
      }
    },
    close: () => transporter.close(),
  };
}
