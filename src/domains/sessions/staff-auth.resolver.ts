import { Arg, Ctx as Context, Mutation, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { RateLimit } from '../../context/limits';
import { Raises } from '../../shared/raises';
import { AccountEmailInput, AccountMessage, PasswordResetConfirmInput } from '../customers';
import { answer } from './session.service';
import { TokenPair } from './session.type';
import { AcceptInviteInput } from './staff-auth.inputs';
import * as staff from './staff-auth.service';

/** Staff password reset and invite acceptance (contract §11): public, held back by the `account_email` budgets. */
@Resolver()
export class StaffAuthResolver {
  @Mutation(() => AccountMessage, {
    description:
      'Emails a single-use password reset link to `/admin/reset-password` if an active staff account has this email; the same answer either way.',
  })
  @RateLimit('account_email')
  staffPasswordResetRequest(@Context() ctx: Ctx, @Arg('input', () => AccountEmailInput) input: AccountEmailInput) {
    return staff.requestStaffPasswordReset(ctx, input);
  }

  @Mutation(() => AccountMessage, {
    description:
      "Sets a staff member's new password with the token of a reset email; ends their sessions and clears their login lock. Unknown, used or expired: `invalid_token`.",
  })
  @RateLimit('account_email')
  @Raises('invalid_token')
  staffPasswordResetConfirm(
    @Context() ctx: Ctx,
    @Arg('input', () => PasswordResetConfirmInput) input: PasswordResetConfirmInput,
  ) {
    return staff.confirmStaffPasswordReset(ctx, input);
  }

  @Mutation(() => TokenPair, {
    description:
      'Creates the invited staff account (the role of the invite) with this password and signs it in, as a login answers. Unknown, used or expired invite: `invalid_token`.',
  })
  @RateLimit('account_email')
  @Raises('invalid_token', 'email_taken')
  staffInviteAccept(
    @Context() ctx: Ctx,
    @Arg('input', () => AcceptInviteInput) input: AcceptInviteInput,
    @Arg('cookie', () => Boolean, {
      nullable: true,
      description: 'Set the HttpOnly session cookies (browsers) instead of answering the tokens, as login does.',
    })
    cookie?: boolean,
  ) {
    return staff.acceptStaffInvite(ctx, input).then((pair) => answer(ctx, pair, cookie));
  }
}
