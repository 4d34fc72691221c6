import { randomUUID } from 'node:crypto';

import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { Config } from '../../platform/config/keys';
import type { Logger } from '../../platform/logger';
import type { MailTransport } from '../../platform/mail/transport';
import { forEachLimited, PollingRounds, whenDue } from '../../platform/polling-rounds';
import { pruneInBatches } from '../../platform/prune-in-batches';

/** Rows one prune statement deletes. */
const PRUNE_BATCH = 1000;
/** Emails leased per round trip. */
const BATCH_SIZE = 20;
/** SMTP conversations at once per instance (the pool's connections). */
const CONCURRENCY = 2;

interface Leased {
  id: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * The `Message-ID` of an email: its row id at the sender's domain, the same on every attempt, so a message sent
 * again after a crash between the server's 250 and our record of it is recognisable as the same one.
 */
export function messageIdOf(emailId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${emailId}@${domain}>`;
}

/**
 * Sends the mail outbox, as the automation relay delivers its events: each round leases a batch of due emails in
 * one statement (`FOR UPDATE SKIP LOCKED`, so instances sharing a database never take the same email, and an
 * expired lease, a killed sender's, is taken over), sends them outside any transaction, then records each outcome.
 * Retry times are computed on the database's clock. Runs only where the background jobs do.
 */
export class MailSender {
  readonly instanceId = `mail-${randomUUID().slice(0, 8)}`;
  private readonly rounds: PollingRounds;
  private readonly pruneWhenDue: () => Promise<void>;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly config: Config,
    private readonly log: Logger,
    private readonly transport: MailTransport,
  ) {
    const report = (what: string) => (err: unknown) =>
      this.log.error({ err: err instanceof Error ? err.message : String(err) }, what);
    this.rounds = new PollingRounds({
      intervalMs: () => this.config['mail.poll_interval_ms'],
      round: () => this.drain(),
      onError: report('mail sender round failed'),
    });
    this.pruneWhenDue = whenDue(
      () => this.config['mail.prune_interval_seconds'] * 1000,
      () => this.prune(),
      report('email prune failed'),
    );
  }

  start(): void {
    this.rounds.start();
  }

  /** Runs a round now (or right after the current one). */
  nudge(): void {
    this.rounds.nudge();
  }

  /** Stops polling, waits for the emails in flight (their outcomes are recorded) and closes the pool. */
  async stop(): Promise<void> {
    await this.rounds.stop();
    this.transport.close();
  }

  /**
   * Deletes sent and kept emails older than `mail.retention_days`, in batches. Pending and failed ones stay: they
   * are work, or an operator's to resend.
   */
  async prune(): Promise<number> {
    const deleted = await pruneInBatches(
      () =>
        this.prisma.$executeRaw(Prisma.sql`
          DELETE FROM emails WHERE id IN (
            SELECT id FROM emails
            WHERE status IN ('sent', 'kept')
              AND COALESCE(sent_at, created_at) < now() - ${this.config['mail.retention_days']}::int * interval '1 day'
            LIMIT ${PRUNE_BATCH}
            FOR UPDATE SKIP LOCKED)`),
      PRUNE_BATCH,
    );
    if (deleted > 0) this.log.info({ deleted, retentionDays: this.config['mail.retention_days'] }, 'emails pruned');
    return deleted;
  }

  /** Rounds until nothing is due: memory stays at one batch whatever the backlog. */
  private async drain(): Promise<void> {
    await this.pruneWhenDue();
    while (!this.rounds.stopped) {
      const batch = await this.lease();
      if (batch.length === 0) return;
      await forEachLimited(batch, CONCURRENCY, (email) => this.attempt(email));
    }
  }

  private lease(): Promise<Leased[]> {
    return this.prisma.$queryRaw<Leased[]>(Prisma.sql`
      UPDATE emails
      SET lease_until = now() + make_interval(secs => ${this.config['mail.lease_seconds']}), leased_by = ${this.instanceId}, updated_at = now()
      WHERE id IN (
        SELECT id FROM emails
        WHERE status = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
        ORDER BY next_attempt_at, created_at
        LIMIT ${BATCH_SIZE}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, recipient, subject, html, text`);
  }

  private async attempt(email: Leased): Promise<void> {
    const from = this.config['mail.from'];
    const outcome = await this.transport.send({
      from,
      to: email.recipient,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: messageIdOf(email.id, from),
    });
    // `leased_by`: an instance whose lease expired and was taken over does not overwrite the new holder's record.
    if (outcome.ok) {
      await this.prisma.$executeRaw(Prisma.sql`
        UPDATE emails SET status = 'sent', attempts = attempts + 1, sent_at = now(), lease_until = NULL,
          leased_by = NULL, last_error = NULL, updated_at = now()
        WHERE id = ${email.id}::uuid AND leased_by = ${this.instanceId}`);
      return;
    }
    const max = this.config['mail.max_attempts'];
    const [row] = await this.prisma.$queryRaw<Array<{ status: string; nextAttemptAt: Date }>>(Prisma.sql`
      UPDATE emails
      SET attempts = attempts + 1,
          status = CASE WHEN ${outcome.permanent} OR attempts + 1 >= ${max} THEN 'failed'::email_status
                        ELSE 'pending'::email_status END,
          next_attempt_at = CASE WHEN ${outcome.permanent} OR attempts + 1 >= ${max} THEN next_attempt_at
            ELSE now() + make_interval(secs => (${this.config['mail.retry_base_seconds']} * power(2, attempts))::double precision) END,
          lease_until = NULL, leased_by = NULL, last_error = ${outcome.error}, updated_at = now()
      WHERE id = ${email.id}::uuid AND leased_by = ${this.instanceId}
      RETURNING status::text AS status, next_attempt_at AS "nextAttemptAt"`);
    // Never the body or the credentials: the email's id, the server's answer and what happens next.
    this.log.warn(
      { emailId: email.id, error: outcome.error, failed: row?.status === 'failed', nextAttemptAt: row?.nextAttemptAt },
      'email not sent',
    );
  }
}
