import { Field, InputType, Int } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';
import { Rules } from '../../shared/validation/rules';

@InputType({ description: 'An amount to give back on an order (a line, the shipping, a goodwill gesture).' })
export class RefundCreateInput {
  @Field(() => Int, { description: "Cents, at least 1; with the order's other refunds at most what was paid." })
  @Rules({ min: 1, max: 2_147_483_647 })
  amount!: number;
  @Field({ nullable: true }) @Rules({ maxLength: 1000 }) reason?: string;
  @Field(() => UuidScalar, { nullable: true, description: 'A received return of this order that the refund pays for.' })
  returnId?: string;
}
