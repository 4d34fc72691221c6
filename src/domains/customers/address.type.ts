import { Field, InputType, ObjectType } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';
import { Clearable, COUNTRY_CODE, Rules } from '../../shared/validation/rules';

@ObjectType({ description: 'A saved address of a customer.' })
export class Address {
  @Field(() => UuidScalar) id!: string;
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field(() => String, { nullable: true }) company!: string | null;
  @Field({ description: 'Street and house number.' }) street!: string;
  @Field() city!: string;
  @Field() zip!: string;
  @Field({ description: 'ISO 3166-1 alpha-2.' }) countryCode!: string;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

const NAME = { minLength: 1, maxLength: 255 };
@InputType()
export class AddressCreateInput {
  @Field() @Rules(NAME) firstName!: string;
  @Field() @Rules(NAME) lastName!: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) company?: string;
  @Field() @Rules(NAME) street!: string;
  @Field() @Rules(NAME) city!: string;
  @Field() @Rules({ minLength: 1, maxLength: 32 }) zip!: string;
  @Field() @Rules(COUNTRY_CODE) countryCode!: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 64 }) phone?: string;
}

@InputType({ description: 'Only the fields given change; `company` and `phone` can be cleared with null.' })
export class AddressUpdateInput {
  @Field({ nullable: true }) @Rules(NAME) firstName?: string;
  @Field({ nullable: true }) @Rules(NAME) lastName?: string;
  @Clearable() @Field(() => String, { nullable: true }) @Rules({ maxLength: 255 }) company?: string | null;
  @Field({ nullable: true }) @Rules(NAME) street?: string;
  @Field({ nullable: true }) @Rules(NAME) city?: string;
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 32 }) zip?: string;
  @Field({ nullable: true }) @Rules(COUNTRY_CODE) countryCode?: string;
  @Clearable() @Field(() => String, { nullable: true }) @Rules({ maxLength: 64 }) phone?: string | null;
}
