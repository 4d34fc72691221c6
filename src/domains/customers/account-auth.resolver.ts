import { Arg, Ctx as Context, Mutation, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { RateLimit } from '../../context/limits';
import { Raises } from '../../shared/raises';
import {
  AccountEmailInput,
  AccountMessage,
  EmailVerification,
  PasswordChangeInput,
  PasswordResetConfirmInput,
  VerifyEmailInput,
} from './account-auth.inputs';
import * as accounts from './account-auth.service';

/**
 * The customer's account security (contract §11): password reset, email verification, password change. The
 * public ones spend the per-IP `account_email` budget (`@RateLimit`, taken by every surface before the input is
 * read); requests also spend a per-address one in the service.
 */
@Resolver()
export class AccountAuthResolver {
  @Mutation(() => AccountMessage, {
    description:
      'Emails a single-use password reset link (valid `auth.password_reset_ttl_minutes`) if an active customer has this email; the same answer either way.',
  })
  @RateLimit('account_email')
  customerPasswordResetRequest(@Context() ctx: Ctx, @Arg('input', () => AccountEmailInput) input: AccountEmailInput) {
    return accounts.requestCustomerPasswordReset(ctx, input);
  }

  @Mutation(() => AccountMessage, {
    description:
      'Sets a new password with the token of a reset email; ends every session of the account and clears its login lock. An unknown, used or expired token: `invalid_token`.',
  })
  @RateLimit('account_email')
  @Raises('invalid_token')
  customerPasswordResetConfirm(
    @Context() ctx: Ctx,
    @Arg('input', () => PasswordResetConfirmInput) input: PasswordResetConfirmInput,
  ) {
    return accounts.confirmCustomerPasswordReset(ctx, input);
  }

  @Mutation(() => EmailVerification, {
    description:
      'Marks the email verified with the token of a verification email and answers the address confirmed (never the account: the link may be in other hands). Unknown, used or expired: `invalid_token`.',
  })
  @RateLimit('account_email')
  @Raises('invalid_token')
  customerEmailVerify(@Context() ctx: Ctx, @Arg('input', () => VerifyEmailInput) input: VerifyEmailInput) {
    return accounts.verifyCustomerEmail(ctx, input);
  }

  @Mutation(() => AccountMessage, {
    description:
      'Sends the verification email again if an unverified customer has this email; the same answer either way.',
  })
  @RateLimit('account_email')
  customerEmailVerificationResend(
    @Context() ctx: Ctx,
    @Arg('input', () => AccountEmailInput) input: AccountEmailInput,
  ) {
    return accounts.resendVerificationEmail(ctx, input);
  }

  @Mutation(() => AccountMessage, {
    description:
      "Changes the signed-in customer's password; `invalid_credentials` when the current one is wrong. Their other sessions end, this one stays.",
  })
  @Raises('invalid_credentials')
  accountPasswordChange(@Context() ctx: Ctx, @Arg('input', () => PasswordChangeInput) input: PasswordChangeInput) {
    return accounts.changeAccountPassword(ctx, input);
  }
}
