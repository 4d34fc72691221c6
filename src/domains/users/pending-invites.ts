import { Arg, Args, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import type { AdminRole } from '../../generated/prisma/enums';
import { AppError } from '../../shared/errors';
import { type Page, PageArgs, pageMeta, PaginatedList, resolvePage } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import { issueInvite, StaffInvite } from './staff-invite';

/**
 * Pending staff invites (issue 49): the invites whose link still works (unused, unexpired), so the staff screen
 * can send one again (a lost or expired-soon email) or take one back (a mistaken address, someone who left).
 * The token itself is never listed: only the email carries it.
 */
export const StaffInviteList = PaginatedList(StaffInvite, 'StaffInviteList');

/** A shop has a handful of invites out at once; the page bound is the admin lists' usual one. */
const PAGE = { limit: 20, max: 100 };

const PENDING = Prisma.sql`purpose = 'staff_invite' AND used_at IS NULL AND expires_at > now()`;

export async function listPendingInvites(ctx: Ctx, page: Page) {
  const where = { purpose: 'staff_invite' as const, usedAt: null, expiresAt: { gt: new Date() } };
  const [items, total] = await Promise.all([
    ctx.db.accountToken.findMany({
      where,
      select: { id: true, email: true, role: true, expiresAt: true, createdAt: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      skip: page.skip,
      take: page.limit,
    }),
    ctx.db.accountToken.count({ where }),
  ]);
  return { items: items.map((i) => ({ ...i, role: i.role as AdminRole })), meta: pageMeta(total, page) };
}

/** Locks a pending invite (so a resend and a revoke of the same invite never both win); 404 when none. */
async function lockPending(tx: Ctx, id: string): Promise<{ email: string; role: AdminRole }> {
  const [row] = await tx.db.$queryRaw<Array<{ email: string; role: AdminRole }>>(Prisma.sql`
    SELECT email, role::text AS role FROM account_tokens WHERE id = ${id}::uuid AND ${PENDING} FOR UPDATE`);
  if (!row) throw AppError.notFound('pending invite');
  return row;
}

/**
 * Sends a pending invite again: a fresh token (the old link stops working) and a new email, written in one
 * transaction with the token; the role and address are the invite's. The new invite has a new id and a full
 * lifetime. 404 when the invite is used, revoked, expired or unknown; 409 `conflict` if the address became staff.
 */
export async function resendInvite(ctx: Ctx, id: string): Promise<StaffInvite> {
  return inTransaction(ctx, async (tx) => {
    const invite = await lockPending(tx, id);
    return issueInvite(tx, invite.email, invite.role);
  });
}

/** Takes a pending invite back: its link answers 400 `invalid_token` from now on. 404 when it is not pending. */
export async function revokeInvite(ctx: Ctx, id: string): Promise<boolean> {
  const voided = await ctx.db.$executeRaw(Prisma.sql`
    UPDATE account_tokens SET used_at = now() WHERE id = ${id}::uuid AND ${PENDING}`);
  if (!voided) throw AppError.notFound('pending invite');
  return true;
}

@Resolver()
export class PendingInviteResolver {
  @Query(() => StaffInviteList, {
    description: `Staff invites whose link still works (unused, unexpired), newest first; page size at most ${PAGE.max}.`,
  })
  staffInvites(@Context() ctx: Ctx, @Args(() => PageArgs) { page, limit }: PageArgs) {
    return listPendingInvites(ctx, resolvePage(page, limit, PAGE));
  }

  @Mutation(() => StaffInvite, {
    description:
      'Sends a pending invite again with a fresh link (the old one stops working) and a full lifetime; answers the new invite. 404 when it is not pending; 409 `conflict` when the email became a staff account.',
  })
  @Raises('conflict')
  staffInviteResend(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return resendInvite(ctx, id);
  }

  @Mutation(() => Boolean, {
    description: 'Revokes a pending invite: its link answers 400 `invalid_token`. 404 when it is not pending.',
  })
  staffInviteRevoke(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return revokeInvite(ctx, id);
  }
}
