import { Arg, Ctx as Context, Field, InputType, Mutation, ObjectType, Resolver } from 'type-graphql';

import {
  newAccountToken,
  publicBaseUrl,
  retireAccountTokens,
  storeAccountToken,
  tokenLink,
} from '../../auth/account-tokens';
import type { Ctx } from '../../context/ctx';
import { inTransaction } from '../../context/transaction';
import type { AdminRole } from '../../generated/prisma/enums';
import { normalizeEmail } from '../../platform/passwords';
import { AppError } from '../../shared/errors';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import { Rules } from '../../shared/validation/rules';
import { accountEmailSql } from '../mail';
import { AdminRoleEnum } from './admin-user.type';

@InputType({ description: 'Who to invite to the staff, and with which role.' })
export class StaffInviteInput {
  @Field() @Rules({ minLength: 1, maxLength: 320, email: true }) email!: string;
  @Field(() => AdminRoleEnum) role!: AdminRole;
}

@ObjectType({
  description:
    'A staff invite: its email links to `/admin/accept-invite#token=…`, where the invitee sets a password. The token itself is only in the email.',
})
export class StaffInvite {
  @Field(() => UuidScalar) id!: string;
  @Field() email!: string;
  @Field(() => AdminRoleEnum) role!: AdminRole;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => Date) createdAt!: Date;
}

/**
 * Invites someone to the staff: stores the invite's token hash and writes the email in one transaction. An email
 * that is a staff account already is 409 `conflict`; inviting the same email again voids the earlier invite (the
 * latest role is the one that counts).
 */
export async function inviteStaff(ctx: Ctx, input: StaffInviteInput): Promise<StaffInvite> {
  const email = normalizeEmail(input.email);
  return inTransaction(ctx, (tx) => issueInvite(tx, email, input.role));
}

/**
 * Issues an invite in the caller's transaction (a new one, or a resend): voids the email's live invites, stores
 * the fresh token's hash and writes its email, so the email exists exactly when the token does.
 */
export async function issueInvite(tx: Ctx, email: string, role: AdminRole): Promise<StaffInvite> {
  const days = tx.config['auth.invite_ttl_days'];
  const issued = newAccountToken();
  const inviter = tx.actor.kind === 'admin' ? tx.actor.id : null;
  if (await tx.db.adminUser.findUnique({ where: { email }, select: { id: true } }))
    throw new AppError('conflict', 'this email already belongs to a staff account', { field: 'email' });
  await retireAccountTokens(tx, 'staff_invite', { email });
  await storeAccountToken(tx, issued, {
    purpose: 'staff_invite',
    email,
    role,
    createdBy: inviter,
    ttlSeconds: days * 86_400,
  });
  await tx.db.$executeRaw(
    accountEmailSql(tx, {
      kind: 'staff_invite',
      tokenId: issued.id,
      recipient: email,
      link: tokenLink(`${publicBaseUrl(tx.config)}/admin/accept-invite`, issued.token),
      data: { role, ttl_days: days },
    }),
  );
  const row = await tx.db.accountToken.findUniqueOrThrow({
    where: { id: issued.id },
    select: { id: true, email: true, role: true, expiresAt: true, createdAt: true },
  });
  return { ...row, role: row.role as AdminRole };
}

@Resolver()
export class StaffInviteResolver {
  @Mutation(() => StaffInvite, {
    description:
      'Invites a staff member: emails a single-use link (valid `auth.invite_ttl_days`) to `/admin/accept-invite`. 409 `conflict` when the email is a staff account already.',
  })
  @Raises('conflict')
  adminUserInvite(@Context() ctx: Ctx, @Arg('input', () => StaffInviteInput) input: StaffInviteInput) {
    return inviteStaff(ctx, input);
  }
}
