import { Field, Int, ObjectType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';

@ObjectType({ description: 'A stock location. Stock is deducted from active warehouses by ascending `priority`.' })
export class Warehouse {
  @Field(() => UuidScalar) id!: string;
  @Field() name!: string;
  @Field({ description: 'Unique across all warehouses.' }) code!: string;
  @Field() active!: boolean;
  @Field({ description: 'Checks pass and deduction may go below zero where this warehouse holds an entry.' })
  allowNegativeStock!: boolean;
  @Field(() => Int, { description: 'Ascending order used for stock deduction.' }) priority!: number;
  @Field(() => String, { nullable: true }) addressLine1!: string | null;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true }) postalCode!: string | null;
  @Field(() => String, { nullable: true }) country!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const WarehouseList = PaginatedList(Warehouse, 'WarehouseList');
