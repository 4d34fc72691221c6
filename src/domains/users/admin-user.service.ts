import { revokeUserSessions } from '../../auth/session-tokens';
import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import type { AdminRole } from '../../generated/prisma/enums';
import { normalizeEmail } from '../../platform/passwords';
import { isUniqueViolation } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { type Page, pageMeta } from '../../shared/pagination';
import type { AdminUserCreateInput, AdminUserUpdateInput } from './admin-user.type';

const emailTaken = (err: unknown) =>
  isUniqueViolation(err)
    ? new AppError('email_taken', 'email is already used by another admin user', { field: 'email' })
    : err;

/** Staff accounts, oldest first. */
export async function listAdminUsers(ctx: Ctx, page: Page) {
  const [items, total] = await Promise.all([
    ctx.db.adminUser.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip: page.skip, take: page.limit }),
    ctx.db.adminUser.count(),
  ]);
  return { items, meta: pageMeta(total, page) };
}

export async function getAdminUser(ctx: Ctx, id: string) {
  const user = await ctx.db.adminUser.findUnique({ where: { id } });
  if (!user) throw AppError.notFound('admin user');
  return user;
}

/** Creates a staff account (admin API, `svc admin create`, the bootstrap admin); 409 `email_taken`. */
export async function createAdminUser(ctx: Ctx, input: AdminUserCreateInput) {
  const passwordHash = await ctx.passwords.hash(input.password);
  try {
    return await ctx.db.adminUser.create({
      data: {
        email: normalizeEmail(input.email),
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role ?? 'admin',
        active: input.active ?? true,
      },
    });
  } catch (err) {
    throw emailTaken(err);
  }
}

/**
 * Locks the active super_admins and refuses a change that would leave none (409 `last_super_admin`). The
 * row locks serialize two concurrent demotions, so they cannot both pass.
 */
async function guardLastSuperAdmin(ctx: Ctx, id: string, after: { role: AdminRole; active: boolean } | null) {
  const supers = await ctx.db.$queryRaw<Array<{ id: string }>>(Prisma.sql`
    SELECT id::text FROM admin_users WHERE role = 'super_admin' AND active ORDER BY id FOR UPDATE`);
  const remaining =
    supers.filter((s) => s.id !== id).length + (after && after.role === 'super_admin' && after.active ? 1 : 0);
  if (supers.some((s) => s.id === id) && remaining === 0)
    throw new AppError('last_super_admin', 'the last active super_admin cannot be deleted, demoted or deactivated');
}

/** Updates the given fields. Deactivation, a role change or a new password end the user's sessions. */
export async function updateAdminUser(ctx: Ctx, id: string, input: AdminUserUpdateInput) {
  const nulls = (['email', 'password', 'role', 'active'] as const)
    .filter((k) => input[k] === null)
    .map((k) => ({ field: k, detail: 'required' }));
  if (nulls.length) throw AppError.validation(nulls);
  const passwordHash = input.password ? await ctx.passwords.hash(input.password) : undefined;
  return inTransaction(ctx, async (tx) => {
    const before = await getAdminUser(tx, id);
    const role = input.role ?? before.role;
    const active = input.active ?? before.active;
    await guardLastSuperAdmin(tx, id, { role, active });
    let updated;
    try {
      updated = await tx.db.adminUser.update({
        where: { id },
        data: {
          ...(input.email !== undefined ? { email: normalizeEmail(input.email as string) } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
          ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
          role,
          active,
        },
      });
    } catch (err) {
      throw emailTaken(err);
    }
    if (passwordHash || role !== before.role || !active) await revokeUserSessions(tx, 'admin', id);
    return updated;
  });
}

/** Deletes a staff account (its API keys go with it) and ends its sessions; never the last super_admin. */
export async function deleteAdminUser(ctx: Ctx, id: string): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    await getAdminUser(tx, id);
    await guardLastSuperAdmin(tx, id, null);
    await tx.db.adminUser.delete({ where: { id } });
    await revokeUserSessions(tx, 'admin', id);
    return true;
  });
}
