import { Field, InputType, Int } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';
import { LIST_LIMITS } from '../../shared/validation/limits';
import { Clearable, Rules } from '../../shared/validation/rules';

@InputType({ description: 'The absolute quantity of one product (or variant) in the warehouse.' })
export class StockSetItemInput {
  @Field(() => UuidScalar) productId!: string;
  @Clearable() @Field(() => UuidScalar, { nullable: true, description: 'Omit for product-level stock.' }) variantId?:
    string | null;
  @Field(() => Int) @Rules({ min: 0 }) quantity!: number;
  @Clearable()
  @Field({ nullable: true, description: 'Audit note stored on the adjustment movement.' })
  @Rules({ maxLength: 255 })
  reference?: string;
}

@InputType({ description: 'Stock to set in one warehouse; all items are written or none.' })
export class StockSetInput {
  @Field(() => [StockSetItemInput]) @Rules({ maxItems: LIST_LIMITS.stockItems }) items!: StockSetItemInput[];
}
