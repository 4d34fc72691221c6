import { Field, InputType } from 'type-graphql';

import { JsonScalar, UuidScalar } from '../../shared/scalars';
import { Clearable, Rules } from '../../shared/validation/rules';
import { LOCALE_RULES } from '../mail';

const NAME = { minLength: 1, maxLength: 255 };
const LOCALE_DOC = "The customer's language for their emails (`de`, `de-AT`); null: the shop's default.";

@InputType({ description: 'Changes to a customer (admin): only the fields given change.' })
export class CustomerUpdateInput {
  @Field({
    nullable: true,
    description: 'Stored trimmed and lower-cased; 409 `email_taken` when another customer has it.',
  })
  @Rules({ maxLength: 320, email: true })
  email?: string;
  @Field({ nullable: true }) @Rules(NAME) firstName?: string;
  @Field({ nullable: true }) @Rules(NAME) lastName?: string;
  @Field({ nullable: true, description: 'An inactive customer cannot sign in.' }) active?: boolean;
  @Clearable()
  @Field(() => String, { nullable: true, description: LOCALE_DOC })
  @Rules(LOCALE_RULES)
  locale?: string | null;
  @Clearable()
  @Field(() => UuidScalar, { nullable: true, description: "One of the customer's addresses, or null." })
  defaultBillingAddressId?: string | null;
  @Clearable()
  @Field(() => UuidScalar, { nullable: true, description: "One of the customer's addresses, or null." })
  defaultShippingAddressId?: string | null;
  @Field(() => JsonScalar, { nullable: true }) customFields?: Record<string, unknown>;
}

@InputType({ description: 'Changes a customer may make to their own account.' })
export class AccountUpdateInput {
  @Field({ nullable: true }) @Rules(NAME) firstName?: string;
  @Field({ nullable: true }) @Rules(NAME) lastName?: string;
  @Clearable() @Field(() => UuidScalar, { nullable: true }) defaultBillingAddressId?: string | null;
  @Clearable() @Field(() => UuidScalar, { nullable: true }) defaultShippingAddressId?: string | null;
  @Field(() => JsonScalar, { nullable: true }) customFields?: Record<string, unknown>;
  @Clearable()
  @Field(() => String, { nullable: true, description: LOCALE_DOC })
  @Rules(LOCALE_RULES)
  locale?: string | null;
}

@InputType({ description: 'A new customer account.' })
export class RegisterInput {
  @Field() @Rules({ minLength: 1, maxLength: 320, email: true }) email!: string;
  @Field({ description: '8 to 128 characters.' }) @Rules({ minLength: 8, maxLength: 128 }) password!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) firstName!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) lastName!: string;
  @Field({
    nullable: true,
    description:
      "The customer's language for their emails (`de`, `de-AT`); when absent, the request's Accept-Language.",
  })
  @Rules(LOCALE_RULES)
  locale?: string;
}
