import {
  consumeAccountToken,
  type ConsumedToken,
  invalidAccountToken,
  newAccountToken,
  retireAccountTokens,
  storeAccountToken,
  takeEmailBudget,
  tokenLink,
} from '../../auth/account-tokens';
import { assertPasswordAllowed } from '../../auth/password-rules';
import { revokeUserSessions } from '../../auth/session-tokens';
import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { normalizeEmail } from '../../platform/passwords';
import { accountEmailSql } from '../mail';
import { type AccountRequest, handleAccountRequests, queueAccountRequest } from './account-requests';
import { requestLocale } from './request-locale';

/** What the request endpoints answer, whether or not the email has an account (nothing to enumerate). */
export const REQUEST_ACCEPTED = {
  message: 'if an account with this email exists, an email with a link is on its way',
};

/**
 * The accounts one password reset serves (customers, or staff): the flow is the same (contract §11), only where
 * the account lives, which page the link opens and what else a reset means differ.
 */
export interface ResetAccounts {
  purpose: 'reset_customer' | 'reset_staff';
  /** Whose login lock a reset clears (the security store's kind), and whose sessions it ends. */
  kind: 'customer' | 'admin';
  /** The page the email links to (`#token=…` is appended). */
  page(ctx: Ctx): string;
  /**
   * The active account with this email, if any: one lookup, the same for known and unknown emails. `locale`: the
   * account's stored language for the email (customers have one; staff accounts none).
   */
  findActive(ctx: Ctx, email: string): Promise<{ id: string; locale?: string | null } | null>;
  /** The token row's owner column for an account. */
  owner(id: string): { customerId: string } | { adminUserId: string };
  /** The account a consumed token belongs to (null when another kind's). */
  accountOf(token: ConsumedToken): string | null;
  /**
   * Replaces an active account's password, with whatever else a reset means for it (a customer's email counts as
   * verified: the link reached its inbox); answers the account's email, or null when it is gone or inactive.
   */
  setPassword(tx: Ctx, id: string, passwordHash: string, token: ConsumedToken): Promise<string | null>;
}

const minutes = (ctx: Ctx) => ctx.config['auth.password_reset_ttl_minutes'];

/**
 * Someone asks for a password reset. Always the same answer after the same work: the per-address budget, then one
 * INSERT of a request row whatever the address (no lookup here: the statements of a known and an unknown address
 * are the same, and so is the time). The background jobs resolve the row ({@link resolvePasswordReset}); it is
 * committed before the 202, so a crash after answering still yields the email. The per-IP budget is the field's
 * `@RateLimit('account_email')`.
 */
export async function requestPasswordReset(ctx: Ctx, accounts: ResetAccounts, input: { email: string }) {
  const email = normalizeEmail(input.email);
  await takeEmailBudget(ctx, accounts.purpose, email);
  await queueAccountRequest(ctx, { purpose: accounts.purpose, email, locale: requestLocale(ctx) });
  return REQUEST_ACCEPTED;
}

/**
 * Makes `accounts` resolve its reset requests: an active account's token is stored with the email that carries
 * it, in the relay's transaction (the one that deletes the request row); an unknown or inactive address gets
 * nothing. Called once per kind of account at module load (customers here, staff in sessions).
 */
export function defineResetAccounts(accounts: ResetAccounts): ResetAccounts {
  handleAccountRequests(accounts.purpose, (tx, request) => resolvePasswordReset(tx, accounts, request));
  return accounts;
}

async function resolvePasswordReset(tx: Ctx, accounts: ResetAccounts, request: AccountRequest): Promise<void> {
  const account = await accounts.findActive(tx, request.email);
  if (!account) return;
  const issued = newAccountToken();
  await storeAccountToken(tx, issued, {
    purpose: accounts.purpose,
    ...accounts.owner(account.id),
    email: request.email,
    ttlSeconds: minutes(tx) * 60,
  });
  await tx.db.$executeRaw(
    accountEmailSql(tx, {
      kind: 'password_reset',
      tokenId: issued.id,
      recipient: request.email,
      accountLocale: account.locale,
      requestLocale: request.locale,
      link: tokenLink(accounts.page(tx), issued.token),
      data: { ttl_minutes: minutes(tx) },
    }),
  );
}

/**
 * Sets a new password with a reset token. In one transaction: the token is consumed (a guarded UPDATE: once,
 * before expiry), the password replaced, the account's other reset links voided and every refresh token revoked.
 * The login lock is cleared after commit.
 */
export async function confirmPasswordReset(
  ctx: Ctx,
  accounts: ResetAccounts,
  input: { token: string; password: string },
) {
  assertPasswordAllowed(input.password);
  const passwordHash = await ctx.passwords.hash(input.password);
  const email = await inTransaction(ctx, async (tx) => {
    const token = await consumeAccountToken(tx, accounts.purpose, input.token);
    const id = token && accounts.accountOf(token);
    if (!token || !id) throw invalidAccountToken('password reset');
    const email = await accounts.setPassword(tx, id, passwordHash, token);
    if (!email) throw invalidAccountToken('password reset');
    await retireAccountTokens(tx, accounts.purpose, accounts.owner(id));
    await revokeUserSessions(tx, accounts.kind, id);
    return email;
  });
  await ctx.security.clearLoginFailures({ kind: accounts.kind, email });
  return { message: 'your password has been changed; please sign in with the new one' };
}
