import { Arg, Args, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import { WarehouseCreateInput, WarehouseUpdateInput } from './warehouse.inputs';
import * as warehouses from './warehouse.service';
import { Warehouse, WarehouseList } from './warehouse.type';

const PAGE = { limit: 20, max: 200 };

@Resolver(() => Warehouse)
export class WarehouseResolver {
  @Query(() => WarehouseList, {
    description: 'Warehouses by priority. `limit` defaults to 20, at most 200.',
  })
  warehouses(
    @Context() ctx: Ctx,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('active', () => Boolean, { nullable: true }) active?: boolean,
  ) {
    return warehouses.listWarehouses(ctx, resolvePage(page, limit, PAGE), { active });
  }

  @Query(() => Warehouse, { description: 'One warehouse.' })
  warehouse(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return warehouses.getWarehouse(ctx, id);
  }

  @Mutation(() => Warehouse, {
    description: 'Creates a warehouse; 409 `duplicate_code` when the code exists.',
  })
  @Raises('duplicate_code')
  warehouseCreate(@Context() ctx: Ctx, @Arg('input', () => WarehouseCreateInput) input: WarehouseCreateInput) {
    return warehouses.createWarehouse(ctx, input);
  }

  @Mutation(() => Warehouse, { description: 'Changes the given fields of a warehouse.' })
  @Raises('duplicate_code')
  warehouseUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => WarehouseUpdateInput) input: WarehouseUpdateInput,
  ) {
    return warehouses.updateWarehouse(ctx, id, input);
  }

  @Mutation(() => Boolean, {
    description: 'Deletes a warehouse and its stock entries; movements are kept.',
  })
  warehouseDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return warehouses.deleteWarehouse(ctx, id);
  }
}
