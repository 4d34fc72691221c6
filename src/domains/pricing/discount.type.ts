import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';
import { Clearable, Rules } from '../../shared/validation/rules';

export enum DiscountType {
  PERCENTAGE = 'percentage',
  FIXED = 'fixed',
}
registerEnumType(DiscountType, {
  name: 'DiscountType',
  description: '`PERCENTAGE`: value in basis points; `FIXED`: value in cents.',
});

@ObjectType({ description: 'A discount code. Codes are case-insensitive and stored lower-case.' })
export class DiscountCode {
  @Field(() => UuidScalar) id!: string;
  @Field() code!: string;
  @Field(() => DiscountType) type!: DiscountType;
  @Field(() => Int, { description: 'Basis points for `percentage` (1000 = 10 %), cents for `fixed`.' }) value!: number;
  @Field(() => Int, { nullable: true, description: 'Smallest subtotal (gross cents) the code applies to.' })
  minOrderValue!: number | null;
  @Field(() => Int, { nullable: true, description: 'Uses allowed in total; null for unlimited.' }) maxUses!:
    number | null;
  @Field(() => Int) usedCount!: number;
  @Field(() => Date, { nullable: true }) validFrom!: Date | null;
  @Field(() => Date, { nullable: true }) validUntil!: Date | null;
  @Field() active!: boolean;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const DiscountCodeList = PaginatedList(DiscountCode, 'DiscountCodeList');

@ObjectType({ description: 'What a code takes off a given subtotal.' })
export class DiscountQuote {
  @Field() code!: string;
  @Field(() => DiscountType) type!: DiscountType;
  @Field(() => Int) value!: number;
  @Field(() => Int, { description: 'Cents taken off the subtotal.' }) discountAmount!: number;
}

const CODE = { minLength: 1, maxLength: 100 };

@InputType()
export class DiscountCodeCreateInput {
  @Field() @Rules(CODE) code!: string;
  @Field(() => DiscountType) type!: DiscountType;
  @Field(() => Int) @Rules({ min: 0 }) value!: number;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) minOrderValue?: number;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 1 }) maxUses?: number;
  @Clearable() @Field(() => Date, { nullable: true }) validFrom?: Date;
  @Clearable() @Field(() => Date, { nullable: true }) validUntil?: Date;
  @Field({ nullable: true, description: 'Default true.' }) active?: boolean;
}

@InputType({ description: 'Only the fields given change; `null` clears the optional limits.' })
export class DiscountCodeUpdateInput {
  @Field({ nullable: true }) @Rules(CODE) code?: string;
  @Field(() => DiscountType, { nullable: true }) type?: DiscountType;
  @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) value?: number;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) minOrderValue?: number | null;
  @Clearable() @Field(() => Int, { nullable: true }) @Rules({ min: 1 }) maxUses?: number | null;
  @Clearable() @Field(() => Date, { nullable: true }) validFrom?: Date | null;
  @Clearable() @Field(() => Date, { nullable: true }) validUntil?: Date | null;
  @Field({ nullable: true }) active?: boolean;
}

@InputType()
export class DiscountValidateInput {
  @Field() @Rules(CODE) code!: string;
  @Field(() => Int, { description: 'Gross subtotal in cents.' }) @Rules({ min: 0 }) subtotal!: number;
}
