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
import { revokeOtherSessions, revokeUserSessions } from '../../auth/session-tokens';
import { requireCustomerId } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { normalizeEmail } from '../../platform/passwords';
import { AppError } from '../../shared/errors';
import { accountEmailSql } from '../mail';

/** What the request endpoints answer, whether or not the email has an account (nothing to enumerate). */
export const REQUEST_ACCEPTED = {
  message: 'if an account with this email exists, an email with a link is on its way',
};

const minutes = (ctx: Ctx) => ctx.config['auth.password_reset_ttl_minutes'];
const verifyHours = (ctx: Ctx) => ctx.config['auth.email_verification_ttl_hours'];

function storeResetUrl(ctx: Ctx): string {
  return ctx.config['auth.store_reset_url'] || `${publicBaseUrl(ctx.config)}/store/reset-password`;
}
function storeVerifyUrl(ctx: Ctx): string {
  return ctx.config['auth.store_verify_url'] || `${publicBaseUrl(ctx.config)}/store/verify-email`;
}

/**
 * A customer asks for a password reset. Always the same answer: a token is made and hashed either way (comparable
 * work and time), and only an active account's is stored, in one transaction with the email that carries it.
 * The per-IP budget is the field's `@RateLimit('account_email')`; the per-address one is taken here.
 */
export async function requestCustomerPasswordReset(ctx: Ctx, input: { email: string }) {
  const email = normalizeEmail(input.email);
  await takeEmailBudget(ctx, 'reset_customer', email);
  const issued = newAccountToken();
  const customer = await ctx.db.customer.findUnique({ where: { email }, select: { id: true, active: true } });
  if (!customer?.active) return REQUEST_ACCEPTED;
  // Written after the answer, so a found account's 202 takes as long as an unknown email's (the lookup above is
  // the same for both); the token and its email still commit together, in one transaction.
  ctx.background.run(() =>
    inTransaction(ctx, async (tx) => {
      await storeAccountToken(tx, issued, {
        purpose: 'reset_customer',
        customerId: customer.id,
        email,
        ttlSeconds: minutes(ctx) * 60,
      });
      await tx.db.$executeRaw(
        accountEmailSql(tx, {
          kind: 'password_reset',
          tokenId: issued.id,
          recipient: email,
          link: tokenLink(storeResetUrl(ctx), issued.token),
          data: { ttl_minutes: minutes(ctx) },
        }),
      );
    }),
  );
  return REQUEST_ACCEPTED;
}

/**
 * Sets a new password with a reset token. In one transaction: the token is consumed (a guarded UPDATE: once,
 * before expiry), the password replaced, the account's other reset links voided and every refresh token revoked;
 * the email counts as verified (the link reached its inbox). The login lock is cleared after commit.
 */
export async function confirmCustomerPasswordReset(ctx: Ctx, input: { token: string; password: string }) {
  assertPasswordAllowed(input.password);
  const passwordHash = await ctx.passwords.hash(input.password);
  const email = await inTransaction(ctx, async (tx) => {
    const token = await consumeAccountToken(tx, 'reset_customer', input.token);
    if (!token?.customerId) throw invalidAccountToken('password reset');
    const updated = await tx.db.customer.updateMany({
      where: { id: token.customerId, active: true },
      data: { passwordHash },
    });
    if (updated.count !== 1) throw invalidAccountToken('password reset');
    await tx.db.customer.updateMany({
      where: { id: token.customerId, email: token.email, emailVerifiedAt: null },
      data: { emailVerifiedAt: new Date() },
    });
    await retireAccountTokens(tx, 'reset_customer', { customerId: token.customerId });
    await revokeUserSessions(tx, 'customer', token.customerId);
    const customer = await tx.db.customer.findUniqueOrThrow({
      where: { id: token.customerId },
      select: { email: true },
    });
    return customer.email;
  });
  await ctx.security.clearLoginFailures({ kind: 'customer', email });
  return { message: 'your password has been changed; please sign in with the new one' };
}

/**
 * Writes a verification email for `customer` in the caller's transaction (registration's, or a resend's). The
 * token is tied to the email it was sent to: a customer who changes their email must verify the new one.
 */
export async function queueVerificationEmail(ctx: Ctx, customer: { id: string; email: string }): Promise<void> {
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
      link: tokenLink(storeVerifyUrl(ctx), issued.token),
      data: { ttl_hours: verifyHours(ctx) },
    }),
  );
}

/** Marks the customer's email verified with the token of a verification email; answers the account. */
export async function verifyCustomerEmail(ctx: Ctx, input: { token: string }) {
  return inTransaction(ctx, async (tx) => {
    const token = await consumeAccountToken(tx, 'verify_email', input.token);
    if (!token?.customerId) throw invalidAccountToken('email verification');
    // Only while the account still has the address the link was sent to.
    const updated = await tx.db.customer.updateMany({
      where: { id: token.customerId, email: token.email },
      data: { emailVerifiedAt: new Date() },
    });
    if (updated.count !== 1) throw invalidAccountToken('email verification');
    await retireAccountTokens(tx, 'verify_email', { customerId: token.customerId });
    return tx.db.customer.findUniqueOrThrow({ where: { id: token.customerId } });
  });
}

/** Sends the verification email again, to an unverified active account; the same answer for any address. */
export async function resendVerificationEmail(ctx: Ctx, input: { email: string }) {
  const email = normalizeEmail(input.email);
  await takeEmailBudget(ctx, 'verify_email', email);
  newAccountToken(); // the work a found account costs, for an unknown one too
  const customer = await ctx.db.customer.findUnique({
    where: { email },
    select: { id: true, email: true, active: true, emailVerifiedAt: true },
  });
  if (!customer?.active || customer.emailVerifiedAt) return REQUEST_ACCEPTED;
  // After the answer, as for a reset request: a found account answers as fast as an unknown address.
  ctx.background.run(() => inTransaction(ctx, (tx) => queueVerificationEmail(tx, customer)));
  return REQUEST_ACCEPTED;
}

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
