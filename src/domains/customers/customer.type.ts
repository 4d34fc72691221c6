import { Field, ObjectType } from 'type-graphql';
import { JsonScalar, UuidScalar } from '../../shared/scalars';

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
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}
