import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';
import { Clearable, COUNTRY_CODE, Rules } from '../../shared/validation/rules';

export enum TaxRuleType {
  STANDARD = 'standard',
  REDUCED = 'reduced',
  ZERO = 'zero',
  CUSTOM = 'custom',
}
registerEnumType(TaxRuleType, { name: 'TaxRuleType' });

@ObjectType({ description: 'A tax rate. Products and shipping methods without a rule are taxed at 0.' })
export class TaxRule {
  @Field(() => UuidScalar) id!: string;
  @Field() name!: string;
  @Field(() => Int, { description: 'Basis points: 1900 = 19.00 %.' }) rate!: number;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2.' }) countryCode!: string | null;
  @Field(() => TaxRuleType) type!: TaxRuleType;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const TaxRuleList = PaginatedList(TaxRule, 'TaxRuleList');

@InputType()
export class TaxRuleCreateInput {
  @Field() @Rules({ minLength: 1, maxLength: 255 }) name!: string;
  @Field(() => Int) @Rules({ min: 0, max: 100000 }) rate!: number;
  @Clearable() @Field({ nullable: true }) @Rules(COUNTRY_CODE) countryCode?: string;
  @Field(() => TaxRuleType, { nullable: true, description: 'Default `standard`.' }) type?: TaxRuleType;
}

@InputType({ description: 'Only the fields given change; `country_code: null` clears it.' })
export class TaxRuleUpdateInput {
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 255 }) name?: string;
  @Field(() => Int, { nullable: true }) @Rules({ min: 0, max: 100000 }) rate?: number;
  @Clearable() @Field(() => String, { nullable: true }) @Rules(COUNTRY_CODE) countryCode?: string | null;
  @Field(() => TaxRuleType, { nullable: true }) type?: TaxRuleType;
}
