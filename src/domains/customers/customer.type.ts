import { Field, InputType, ObjectType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { JsonScalar, UuidScalar } from '../../shared/scalars';
import { Rules } from '../../shared/validation/rules';
import { LOCALE_RULES } from '../mail';

@ObjectType({ description: 'A shop customer. The password hash never leaves the server.' })
export class Customer {
  @Field(() => UuidScalar) id!: string;
  @Field({ description: 'Stored trimmed and lower-cased.' }) email!: string;
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field() active!: boolean;
  @Field(() => UuidScalar, { nullable: true }) defaultBillingAddressId!: string | null;
  @Field(() => UuidScalar, { nullable: true }) defaultShippingAddressId!: string | null;
  @Field(() => JsonScalar) customFields!: unknown;
  @Field(() => String, {
    nullable: true,
    description: "The customer's language for their emails (`de`, `de-AT`); null: the shop's default.",
  })
  locale!: string | null;
  @Field(() => Date, {
    nullable: true,
    description:
      'When the customer followed a verification (or password reset) link sent to this email; null until then.',
  })
  emailVerifiedAt!: Date | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const CustomerList = PaginatedList(Customer, 'CustomerList');

@InputType({ description: 'A customer created by staff.' })
export class CustomerCreateInput {
  @Field() @Rules({ minLength: 1, maxLength: 320, email: true }) email!: string;
  @Field({ description: '8 to 128 characters.' }) @Rules({ minLength: 8, maxLength: 128 }) password!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) firstName!: string;
  @Field() @Rules({ minLength: 1, maxLength: 255 }) lastName!: string;
  @Field({ nullable: true, description: "The customer's language for their emails (`de`, `de-AT`)." })
  @Rules(LOCALE_RULES)
  locale?: string;
}
