import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';

@ObjectType({ description: 'Stock of one product (or variant) in one warehouse.' })
export class StockEntry {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar) warehouseId!: string;
  @Field(() => UuidScalar) productId!: string;
  @Field(() => UuidScalar, { nullable: true, description: 'Null for product-level stock.' }) variantId!: string | null;
  @Field(() => Int, { description: 'May be negative only in a warehouse that allows negative stock.' })
  quantity!: number;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export enum StockMovementType {
  ADJUSTMENT = 'adjustment',
  SALE = 'sale',
  REVERSAL = 'reversal',
  RETURN = 'return',
}
registerEnumType(StockMovementType, {
  name: 'StockMovementType',
  description:
    'Why stock changed: set by an admin, sold at checkout, given back on cancel/refund, or restocked from a received return.',
});

@ObjectType({ description: 'One change of stock. Movements outlive the warehouse, product and order they name.' })
export class StockMovement {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar, { nullable: true }) warehouseId!: string | null;
  @Field(() => UuidScalar, { nullable: true }) productId!: string | null;
  @Field(() => UuidScalar, { nullable: true }) variantId!: string | null;
  @Field(() => UuidScalar, { nullable: true }) orderId!: string | null;
  @Field(() => StockMovementType) type!: StockMovementType;
  @Field(() => Int, { description: 'Signed change of quantity.' }) quantity!: number;
  @Field(() => String, { nullable: true }) reference!: string | null;
  @Field(() => Date) createdAt!: Date;
}

export const StockMovementList = PaginatedList(StockMovement, 'StockMovementList');
