import type { Ctx } from '../../context/ctx';
import type { Prisma } from '../../generated/prisma/client';
import { emailInsertSql } from './outbox';

/** The account emails (contract §11): each carries the link of one single-use token. */
export type AccountEmailKind = 'password_reset' | 'email_verification' | 'staff_invite';

export interface AccountEmail {
  kind: AccountEmailKind;
  /** The `account_tokens` row the link's token belongs to: one email per token, however often the write is retried. */
  tokenId: string;
  recipient: string;
  /** The page to open, with the token in its fragment (`…#token=…`), so no server log or `Referer` carries it. */
  link: string;
  /** The template's locale (the requester's language); absent or null: the shop's default. */
  locale?: string | null;
  /** Kind-specific values (`ttl_minutes`, `role`, …). */
  data?: Record<string, string | number>;
}

/**
 * The statement that writes an account email, for the use case to run in the transaction that stores its token:
 * both are committed or neither. Accounts carry no locale: the caller passes the requester's language when it
 * knows it (a reset or resend request's `Accept-Language`), else the shop's default (`i18n.default_locale`).
 */
export function accountEmailSql(ctx: Pick<Ctx, 'config'>, email: AccountEmail): Prisma.Sql {
  return emailInsertSql(ctx, {
    kind: email.kind,
    dedupeKey: `${email.kind}:${email.tokenId}`,
    recipient: email.recipient,
    locale: email.locale || ctx.config['i18n.default_locale'],
    data: { email: email.recipient, link: email.link, ...email.data },
  });
}
