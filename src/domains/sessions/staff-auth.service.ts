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
import { revokeUserSessions, startSession } from '../../auth/session-tokens';
import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { normalizeEmail } from '../../platform/passwords';
import { isUniqueViolation } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { REQUEST_ACCEPTED } from '../customers';
import { accountEmailSql } from '../mail';
import type { AcceptInviteInput } from './staff-auth.inputs';

const minutes = (ctx: Ctx) => ctx.config['auth.password_reset_ttl_minutes'];

/**
 * A staff member asks for a password reset (`/api/v1/auth/password-reset`): as for customers, the same answer
 * and comparable work whether or not an active staff account has the email; the link opens the admin's
 * `/admin/reset-password#token=…`.
 */
export async function requestStaffPasswordReset(ctx: Ctx, input: { email: string }) {
  const email = normalizeEmail(input.email);
  await takeEmailBudget(ctx, 'reset_staff', email);
  const issued = newAccountToken();
  const user = await ctx.db.adminUser.findUnique({ where: { email }, select: { id: true, active: true } });
  if (!user?.active) return REQUEST_ACCEPTED;
  // Written after the answer, so a found account's 202 takes as long as an unknown email's (the lookup above is
  // the same for both); the token and its email still commit together, in one transaction.
  ctx.background.run(() =>
    inTransaction(ctx, async (tx) => {
      await storeAccountToken(tx, issued, {
        purpose: 'reset_staff',
        adminUserId: user.id,
        email,
        ttlSeconds: minutes(ctx) * 60,
      });
      await tx.db.$executeRaw(
        accountEmailSql(tx, {
          kind: 'password_reset',
          tokenId: issued.id,
          recipient: email,
          link: tokenLink(`${publicBaseUrl(ctx.config)}/admin/reset-password`, issued.token),
          data: { ttl_minutes: minutes(ctx) },
        }),
      );
    }),
  );
  return REQUEST_ACCEPTED;
}

/** Sets a staff member's new password with a reset token: once, before expiry; every session ends, the lock clears. */
export async function confirmStaffPasswordReset(ctx: Ctx, input: { token: string; password: string }) {
  assertPasswordAllowed(input.password);
  const passwordHash = await ctx.passwords.hash(input.password);
  const email = await inTransaction(ctx, async (tx) => {
    const token = await consumeAccountToken(tx, 'reset_staff', input.token);
    if (!token?.adminUserId) throw invalidAccountToken('password reset');
    const updated = await tx.db.adminUser.updateMany({
      where: { id: token.adminUserId, active: true },
      data: { passwordHash },
    });
    if (updated.count !== 1) throw invalidAccountToken('password reset');
    await retireAccountTokens(tx, 'reset_staff', { adminUserId: token.adminUserId });
    await revokeUserSessions(tx, 'admin', token.adminUserId);
    const user = await tx.db.adminUser.findUniqueOrThrow({ where: { id: token.adminUserId }, select: { email: true } });
    return user.email;
  });
  await ctx.security.clearLoginFailures({ kind: 'admin', email });
  return { message: 'your password has been changed; please sign in with the new one' };
}

/**
 * Accepts a staff invite: consumes the token, creates the staff account with the invited role and the chosen
 * password, and signs the new staff member in (the answer is a login's: they land in the admin at once), all in
 * one transaction. 409 `email_taken` when the email became a staff account since the invite was sent.
 */
export async function acceptStaffInvite(ctx: Ctx, input: AcceptInviteInput) {
  assertPasswordAllowed(input.password);
  const passwordHash = await ctx.passwords.hash(input.password);
  return inTransaction(ctx, async (tx) => {
    const token = await consumeAccountToken(tx, 'staff_invite', input.token);
    if (!token?.role) throw invalidAccountToken('invitation');
    let user;
    try {
      user = await tx.db.adminUser.create({
        data: {
          email: token.email,
          passwordHash,
          role: token.role,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
        },
      });
    } catch (err) {
      throw isUniqueViolation(err)
        ? new AppError('email_taken', 'a staff account with this email exists already; please sign in', {
            field: 'email',
          })
        : err;
    }
    await retireAccountTokens(tx, 'staff_invite', { email: token.email });
    return startSession(tx, { id: user.id, email: user.email, utype: 'admin', role: user.role });
  });
}
