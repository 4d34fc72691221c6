import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';

export enum ReturnStatus {
  REQUESTED = 'requested',
  APPROVED = 'approved',
  REJECTED = 'rejected',
  RECEIVED = 'received',
  REFUNDED = 'refunded',
}
registerEnumType(ReturnStatus, {
  name: 'ReturnStatus',
  description:
    'REQUESTED moves to APPROVED or REJECTED; APPROVED to RECEIVED (restocking the lines marked restock); RECEIVED ' +
    'to REFUNDED only by a refund tied to the return.',
});

@ObjectType({ description: 'Units of one order line in a return.' })
export class ReturnItem {
  @Field(() => UuidScalar) orderItemId!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Chosen when received: whether the units went back to stock.' })
  restock!: boolean | null;
  @Field(() => UuidScalar, { nullable: true, description: 'The warehouse the units went back to.' })
  warehouseId!: string | null;
  @Field(() => Int, {
    description:
      'Units actually put back to stock: fewer than `quantity` when a cancellation or full refund gave them back already.',
  })
  restockedQuantity!: number;
}

@ObjectType({ description: 'Shipped units of an order a customer sends back (contract §10).' })
export class Return {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar) orderId!: string;
  @Field(() => ReturnStatus) status!: ReturnStatus;
  @Field(() => String, { nullable: true }) comment!: string | null;
  @Field(() => [ReturnItem]) items!: ReturnItem[];
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const ReturnList = PaginatedList(Return, 'ReturnList');
