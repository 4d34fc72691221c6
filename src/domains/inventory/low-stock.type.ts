import { Field, Int, ObjectType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';

@ObjectType({ description: 'A sellable unit (a variant, or a product without variants) running out of stock.' })
export class LowStockItem {
  @Field(() => UuidScalar) productId!: string;
  @Field(() => UuidScalar, { nullable: true, description: 'Null for a product without variants.' })
  variantId!: string | null;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field({ description: "The product's name in the default locale (or its first translation)." }) name!: string;
  @Field(() => Int, { description: 'Units in stock over all warehouses.' }) stock!: number;
}

export const LowStockList = PaginatedList(LowStockItem, 'LowStockList');
