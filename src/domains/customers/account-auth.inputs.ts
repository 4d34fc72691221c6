import { Field, InputType, ObjectType } from 'type-graphql';

import { Rules } from '../../shared/validation/rules';

@ObjectType({ description: 'The answer of an account request or confirmation: one sentence for the person.' })
export class AccountMessage {
  @Field() message!: string;
}

/**
 * What a verification link's holder learns: that the address is confirmed, and which one (the email went to it).
 * Not the account: a forwarded or leaked link must not hand out the customer's id, name or addresses.
 */
@ObjectType({ description: 'The answer of an email verification: the address now confirmed, and when.' })
export class EmailVerification {
  @Field({ description: 'The address the link was sent to, now confirmed.' }) email!: string;
  @Field({ description: 'Always true: a link that verifies nothing answers `invalid_token` instead.' })
  emailVerified!: boolean;
  @Field(() => Date) emailVerifiedAt!: Date;
}

@InputType({ description: 'The email of the account: the answer is the same whether or not it has one.' })
export class AccountEmailInput {
  @Field() @Rules({ minLength: 1, maxLength: 320, email: true }) email!: string;
}

@InputType({ description: 'The token of an emailed link (the part after `#token=`) and the new password.' })
export class PasswordResetConfirmInput {
  @Field() @Rules({ minLength: 1, maxLength: 256 }) token!: string;
  @Field({ description: '8 to 128 characters, not one of the most common passwords.' })
  @Rules({ minLength: 8, maxLength: 128 })
  password!: string;
}

@InputType({ description: 'The token of a verification email (the part after `#token=`).' })
export class VerifyEmailInput {
  @Field() @Rules({ minLength: 1, maxLength: 256 }) token!: string;
}

@InputType({ description: "The signed-in customer's current password and the new one." })
export class PasswordChangeInput {
  @Field() @Rules({ minLength: 1, maxLength: 1024 }) currentPassword!: string;
  @Field({ description: '8 to 128 characters, not one of the most common passwords.' })
  @Rules({ minLength: 8, maxLength: 128 })
  password!: string;
}
