import { Field, InputType, Int, ObjectType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { JsonScalar, UuidScalar } from '../../shared/scalars';
import { LocalizedText, LocalizedTextInput } from '../../shared/translations';
import { LIST_LIMITS } from '../../shared/validation/limits';
import { Clearable, Rules } from '../../shared/validation/rules';

@ObjectType({ description: 'A way to ship an order, with its price in cents.' })
export class ShippingMethod {
  @Field(() => UuidScalar) id!: string;
  @Field() active!: boolean;
  @Field(() => Int) priceNet!: number;
  @Field(() => Int) priceGross!: number;
  @Field(() => UuidScalar, { nullable: true }) taxRuleId!: string | null;
  @Field(() => Int, { description: 'Sort order of store lists.' }) position!: number;
  @Field(() => [LocalizedText]) translations!: LocalizedText[];
  @Field(() => JsonScalar) customFields!: unknown;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const ShippingMethodList = PaginatedList(ShippingMethod, 'ShippingMethodList');

@InputType()
export class ShippingMethodCreateInput {
  @Field({ nullable: true, description: 'Default true.' }) active?: boolean;
  @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceNet?: number;
  @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceGross?: number;
  @Clearable() @Field(() => UuidScalar, { nullable: true }) taxRuleId?: string;
  @Field(() => Int, { nullable: true }) position?: number;
  @Field(() => [LocalizedTextInput])
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.translations })
  translations!: LocalizedTextInput[];
  @Field(() => JsonScalar, { nullable: true }) customFields?: Record<string, unknown>;
}

@InputType({ description: 'Only the fields given change; `translations` replaces the whole list.' })
export class ShippingMethodUpdateInput {
  @Field({ nullable: true }) active?: boolean;
  @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceNet?: number;
  @Field(() => Int, { nullable: true }) @Rules({ min: 0 }) priceGross?: number;
  @Clearable() @Field(() => UuidScalar, { nullable: true }) taxRuleId?: string | null;
  @Field(() => Int, { nullable: true }) position?: number;
  @Field(() => [LocalizedTextInput], { nullable: true })
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.translations })
  translations?: LocalizedTextInput[];
  @Field(() => JsonScalar, { nullable: true }) customFields?: Record<string, unknown>;
}
