import {
  consumeAccountToken,
  invalidAccountToken,
  publicBaseUrl,
  retireAccountTokens,
} from '../../auth/account-tokens';
import { assertPasswordAllowed } from '../../auth/password-rules';
import { startSession } from '../../auth/session-tokens';
import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { isUniqueViolation } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { confirmPasswordReset, defineResetAccounts, requestPasswordReset } from '../customers';
import type { AcceptInviteInput } from './staff-auth.inputs';

/** Staff's password reset: the link opens the admin's `/admin/reset-password#token=…`. */
const STAFF_ACCOUNTS = defineResetAccounts({
  purpose: 'reset_staff',
  kind: 'admin',
  page: (ctx) => `${publicBaseUrl(ctx.config)}/admin/reset-password`,
  findActive: async (ctx, email) => {
    const user = await ctx.db.adminUser.findUnique({ where: { email }, select: { id: true, active: true } });
    return user?.active ? user : null;
  },
  owner: (adminUserId) => ({ adminUserId }),
  accountOf: (token) => token.adminUserId,
  async setPassword(tx, id, passwordHash) {
    const updated = await tx.db.adminUser.updateMany({ where: { id, active: true }, data: { passwordHash } });
    if (updated.count !== 1) return null;
    return (await tx.db.adminUser.findUniqueOrThrow({ where: { id }, select: { email: true } })).email;
  },
});

/** A staff member asks for a password reset (`/api/v1/auth/password-reset`): as for customers, the same answer. */
export const requestStaffPasswordReset = (ctx: Ctx, input: { email: string }) =>
  requestPasswordReset(ctx, STAFF_ACCOUNTS, input);

/** Sets a staff member's new password with a reset token: once, before expiry; every session ends, the lock clears. */
export const confirmStaffPasswordReset = (ctx: Ctx, input: { token: string; password: string }) =>
  confirmPasswordReset(ctx, STAFF_ACCOUNTS, input);

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
