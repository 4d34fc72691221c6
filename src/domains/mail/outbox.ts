import { randomUUID } from 'node:crypto';

import type { Ctx } from '../../context/ctx';
import { Prisma } from '../../generated/prisma/client';
import type { TemplateScope } from './template-engine';
import { renderEmail } from './templates';

export interface NewEmail {
  kind: string;
  /** One email per event: a second write with the same key is a no-op (a retried request, a replayed hook). */
  dedupeKey: string;
  recipient: string;
  locale: string;
  orderId?: string | null;
  data: TemplateScope;
  /**
   * When the email was written: by default the database's `now()`. An email about a row (a shipment, a return's
   * move, a refund) takes that row's time, so the order's timeline never lists the email before what it tells of
   * (a row's time is taken a moment after the transaction's `now()`); at the same instant the email sorts after.
   */
  at?: Date | null;
}

/**
 * The statement that writes an email to the outbox, rendered now (what the customer receives is what the admin
 * reads, and a resend sends the same bytes). With no `mail.smtp_url` it is `kept`: nothing leaves the machine, the
 * admin reads it. Otherwise `pending`, for the background jobs' sender. A statement, not a call, so a use case
 * can fold it into one of its own (the checkout writes it in the order's statement, as a CTE).
 */
export function emailInsertSql(ctx: Pick<Ctx, 'config'>, email: NewEmail): Prisma.Sql {
  const { config } = ctx;
  const rendered = renderEmail(email.kind, email.locale, config['mail.templates_dir'], {
    shop_name: config['mail.shop_name'],
    locale: email.locale,
    ...email.data,
  });
  const status = config['mail.smtp_url'] ? 'pending' : 'kept';
  return Prisma.sql`
    INSERT INTO emails (id, kind, dedupe_key, recipient, subject, html, text, locale, order_id, status, created_at,
      updated_at)
    VALUES (${randomUUID()}::uuid, ${email.kind}, ${email.dedupeKey}, ${email.recipient}, ${rendered.subject.slice(0, 500)},
      ${rendered.html}, ${rendered.text}, ${email.locale}, ${email.orderId ?? null}::uuid, ${status}::email_status,
      COALESCE(${email.at ?? null}::timestamptz, now()), now())
    ON CONFLICT (dedupe_key) DO NOTHING`;
}

/** Writes an email to the outbox in the caller's transaction (see {@link emailInsertSql}). */
export async function queueEmail(ctx: Ctx, email: NewEmail): Promise<void> {
  await ctx.db.$executeRaw(emailInsertSql(ctx, email));
}
