import { Field, InputType, Int } from 'type-graphql';

import { Clearable, Rules } from '../../shared/validation/rules';

@InputType({ description: 'A new warehouse; `name` and `code` are required.' })
export class WarehouseCreateInput {
  @Field() @Rules({ minLength: 1, maxLength: 255 }) name!: string;
  @Field() @Rules({ minLength: 1, maxLength: 100 }) code!: string;
  @Field({ nullable: true, description: 'Default true.' }) active?: boolean;
  @Field(() => Int, { nullable: true, description: 'Default 0.' }) priority?: number;
  @Field({ nullable: true, description: 'Default false.' }) allowNegativeStock?: boolean;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) addressLine1?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) city?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 32 }) postalCode?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 100 }) country?: string;
}

@InputType({ description: 'Changes to a warehouse: only the fields given change.' })
export class WarehouseUpdateInput {
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 255 }) name?: string;
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 100 }) code?: string;
  @Field({ nullable: true }) active?: boolean;
  @Field(() => Int, { nullable: true }) priority?: number;
  @Field({ nullable: true }) allowNegativeStock?: boolean;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) addressLine1?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) city?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 32 }) postalCode?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 100 }) country?: string;
}
