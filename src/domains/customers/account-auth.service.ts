import {
  consumeAccountToken,
  invalidAccountToken,
  newAccountToken,
  publicBaseUrl,
  retireAccountTokens,
  storeAccountToken,
  takeEmailBudget,
  tokenLink,
} from '../../auth/account-tokens';
import { assertPasswordAllowed } from '../../auth/password-rules';
import { revokeOtherSessions } from '../../auth/session-tokens';
import { requireCustomerId } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { normalizeEmail } from '../../platform/passwords';
import { AppError } from '../../shared/errors';
import { accountEmailSql } from '../mail';
import { handleAccountRequests, queueAccountRequest } from './account-requests';
import { confirmPasswordReset, defineResetAccounts, REQUEST_ACCEPTED, requestPasswordReset } from './password-reset';
import { requestLocale } from './request-locale';

const verifyHours = (ctx: Ctx) => ctx.config['auth.email_verification_ttl_hours'];

function storeResetUrl(ctx: Ctx): string {
  return ctx.config['auth.store_reset_url'] || `${publicBaseUrl(ctx.config)}/store/reset-password`;
}
function storeVerifyUrl(ctx: Ctx): string {
  return ctx.config['auth.store_verify_url'] || `${publicBaseUrl(ctx.config)}/store/verify-email`;
}

/** Customers' password reset: the store's page (or the shop's own), and a reset verifies the email it reached. */
const CUSTOMER_ACCOUNTS = defineResetAccounts({
  purpose: 'reset_customer',
  kind: 'customer',
  page: storeResetUrl,
  findActive: async (ctx, email) => {
    const customer = await ctx.db.customer.findUnique({
      where: { email },
      select: { id: true, active: true, locale: true },
    });
    return customer?.active ? customer : null;
  },
  owner: (customerId) => ({ customerId }),
  accountOf: (token) => token.customerId,
  async setPassword(tx, id, passwordHash, token) {
    const updated = await tx.db.customer.updateMany({ where: { id, active: true }, data: { passwordHash } });
    if (updated.count !== 1) return null;
    await tx.db.customer.updateMany({
      where: { id, email: token.email, emailVerifiedAt: null },
      data: { emailVerifiedAt: new Date() },
    });
    return (await tx.db.customer.findUniqueOrThrow({ where: { id }, select: { email: true } })).email;
  },
});

/** A customer asks for a password reset (contract §11): 202 whether or not the email has an account. */
export const requestCustomerPasswordReset = (ctx: Ctx, input: { email: string }) =>
  requestPasswordReset(ctx, CUSTOMER_ACCOUNTS, input);

/** Sets a customer's new password with a reset token: once, before expiry; every session ends, the lock clears. */
export const confirmCustomerPasswordReset = (ctx: Ctx, input: { token: string; password: string }) =>
  confirmPasswordReset(ctx, CUSTOMER_ACCOUNTS, input);

/**
 * Writes a verification email for `customer` in the caller's transaction (registration's, or a resend's), in the
 * customer's stored locale, else the language of the request (`requestLanguage`). The token is tied to the email
 * it was sent to: a customer who changes their email must verify the new one.
 */
export async function queueVerificationEmail(
  ctx: Ctx,
  customer: { id: string; email: string; locale?: string | null },
  requestLanguage: string | null = requestLocale(ctx),
): Promise<void> {
  const issued = newAccountToken();
  await storeAccountToken(ctx, issued, {
    purpose: 'verify_email',
    customerId: customer.id,
    email: customer.email,
    ttlSeconds: verifyHours(ctx) * 3600,
  });
  await ctx.db.$executeRaw(
    accountEmailSql(ctx, {
      kind: 'email_verification',
      tokenId: issued.id,
      recipient: customer.email,
      accountLocale: customer.locale,
      requestLocale: requestLanguage,
      link: tokenLink(storeVerifyUrl(ctx), issued.token),
      data: { ttl_hours: verifyHours(ctx) },
    }),
  );
}

/**
 * Marks the customer's email verified with the token of a verification email. Answers only the address and the
 * time: whoever holds the link (a forwarded email, a shared screen) learns nothing else of the account.
 */
export async function verifyCustomerEmail(ctx: Ctx, input: { token: string }) {
  return inTransaction(ctx, async (tx) => {
    const token = await consumeAccountToken(tx, 'verify_email', input.token);
    if (!token?.customerId) throw invalidAccountToken('email verification');
    // Only while the account still has the address the link was sent to.
    const emailVerifiedAt = new Date();
    const updated = await tx.db.customer.updateMany({
      where: { id: token.customerId, email: token.email },
      data: { emailVerifiedAt },
    });
    if (updated.count !== 1) throw invalidAccountToken('email verification');
    await retireAccountTokens(tx, 'verify_email', { customerId: token.customerId });
    return { email: token.email, emailVerified: true, emailVerifiedAt };
  });
}

/**
 * Sends the verification email again, to an unverified active account; the same answer, after the same work, for
 * any address: a request row the background jobs resolve (see account-requests.ts), as for a password reset.
 */
export async function resendVerificationEmail(ctx: Ctx, input: { email: string }) {
  const email = normalizeEmail(input.email);
  await takeEmailBudget(ctx, 'verify_email', email);
  await queueAccountRequest(ctx, { purpose: 'verify_email', email, locale: requestLocale(ctx) });
  return REQUEST_ACCEPTED;
}

handleAccountRequests('verify_email', async (tx, request) => {
  const customer = await tx.db.customer.findUnique({
    where: { email: request.email },
    select: { id: true, email: true, active: true, emailVerifiedAt: true, locale: true },
  });
  if (!customer?.active || customer.emailVerifiedAt) return;
  await queueVerificationEmail(tx, customer, request.locale);
});

/**
 * The signed-in customer changes their password: the current one must match (400 `invalid_credentials`, after a
 * full hash comparison), the new one follows the registration rules. Their other sessions end; the one the
 * request was made in (its access token's session) stays.
 */
export async function changeAccountPassword(ctx: Ctx, input: { currentPassword: string; password: string }) {
  const id = requireCustomerId(ctx.actor);
  const customer = await ctx.db.customer.findUnique({ where: { id }, select: { passwordHash: true } });
  const matches = await ctx.passwords.verify(customer?.passwordHash ?? null, input.currentPassword);
  if (!customer || !matches)
    throw new AppError('invalid_credentials', 'the current password is not correct', { field: 'current_password' });
  assertPasswordAllowed(input.password);
  const passwordHash = await ctx.passwords.hash(input.password);
  const keep = ctx.actor.kind === 'customer' ? ctx.actor.jti : undefined;
  await inTransaction(ctx, async (tx) => {
    await tx.db.customer.update({ where: { id }, data: { passwordHash } });
    await retireAccountTokens(tx, 'reset_customer', { customerId: id });
    await revokeOtherSessions(tx, 'customer', id, keep);
  });
  return { message: 'your password has been changed' };
}
