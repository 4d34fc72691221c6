import { Field, InputType, Int } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';
import { LIST_LIMITS } from '../../shared/validation/limits';
import { Rules } from '../../shared/validation/rules';
import { ReturnStatus } from './return.type';

@InputType()
export class ReturnItemInput {
  @Field(() => UuidScalar) orderItemId!: string;
  @Field(() => Int) @Rules({ min: 1, max: 1_000_000 }) quantity!: number;
  @Field({ nullable: true, description: 'Why the units come back ("too small").' })
  @Rules({ maxLength: 1000 })
  reason?: string;
}

@InputType({ description: 'Shipped units not yet returned, at most one entry per order line.' })
export class ReturnCreateInput {
  @Field(() => [ReturnItemInput]) @Rules({ minItems: 1, maxItems: LIST_LIMITS.orderLines }) items!: ReturnItemInput[];
  @Field({ nullable: true }) @Rules({ maxLength: 2000 }) comment?: string;
}

@InputType({ description: 'What happens to a line of a return being received.' })
export class ReturnReceiveItemInput {
  @Field(() => UuidScalar) orderItemId!: string;
  @Field({ description: 'Put the units back to stock.' }) restock!: boolean;
  @Field(() => UuidScalar, {
    nullable: true,
    description: 'Into this warehouse; by default the one the units were taken from at checkout.',
  })
  warehouseId?: string;
}

@InputType({ description: 'A move of a return; `items` say, when receiving, which lines go back to stock.' })
export class ReturnStatusInput {
  @Field(() => ReturnStatus, { description: 'APPROVED, REJECTED or RECEIVED (REFUNDED is set by a refund).' })
  status!: ReturnStatus;
  @Field({ nullable: true, description: 'Replaces the comment when given.' })
  @Rules({ maxLength: 2000 })
  comment?: string;
  @Field(() => [ReturnReceiveItemInput], {
    nullable: true,
    description: 'Only with RECEIVED. A line not listed is not restocked.',
  })
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.orderLines })
  items?: ReturnReceiveItemInput[];
}
