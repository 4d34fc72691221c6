import type { Ctx } from '../../context/ctx';
import type { Prisma } from '../../generated/prisma/client';
import { accountEmailLocale } from './email-locale';
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
  /** The account's stored locale (a customer's), if any: it names the template first. */
  accountLocale?: string | null;
  /** The language of the request that caused the email (its `Accept-Language`): the template's next choice. */
  requestLocale?: string | null;
  /** Kind-specific values (`ttl_minutes`, `role`, …). */
  data?: Record<string, string | number>;
}

/**
 * The statement that writes an account email, for the use case to run in the transaction that stores its token:
 * both are committed or neither. Its template's locale: the account's own (a customer's stored locale), else the
 * requester's language (a registration's, reset's or resend's `Accept-Language`), else the shop's default
 * (`i18n.default_locale`): the person asked for their account's language, not the browser's of the moment.
 */
export function accountEmailSql(ctx: Pick<Ctx, 'config'>, email: AccountEmail): Prisma.Sql {
  return emailInsertSql(ctx, {
    kind: email.kind,
    dedupeKey: `${email.kind}:${email.tokenId}`,
    recipient: email.recipient,
    locale: accountEmailLocale(ctx, email),
    data: { email: email.recipient, link: email.link, ...email.data },
  });
}
