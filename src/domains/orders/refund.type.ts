import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';
import { ActorRef } from './order.type';

export enum RefundStatus {
  PENDING = 'pending',
  SUCCEEDED = 'succeeded',
  FAILED = 'failed',
}
registerEnumType(RefundStatus, {
  name: 'RefundStatus',
  description:
    "PENDING while the payment provider has not answered (its webhook settles it); SUCCEEDED; FAILED (the amount is free to refund again). A method without a provider's refund is SUCCEEDED at once.",
});

@ObjectType({ description: 'Money given back on an order, in part or in full (contract §10). Amounts in cents.' })
export class Refund {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar) orderId!: string;
  @Field(() => UuidScalar, { nullable: true, description: 'The return this refund pays for, if any.' })
  returnId!: string | null;
  @Field(() => Int) amount!: number;
  @Field() currency!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => RefundStatus) status!: RefundStatus;
  @Field(() => String, {
    nullable: true,
    description: "The provider's refund id (payprov: `re_…`); null for a method without a provider.",
  })
  providerReference!: string | null;
  @Field(() => String, { nullable: true, description: "Why the provider's refund failed (its code)." })
  failureReason!: string | null;
  @Field(() => ActorRef, { nullable: true, description: 'Who made the refund.' }) actor!: ActorRef | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}
