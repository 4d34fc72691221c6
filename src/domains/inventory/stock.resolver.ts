import { Arg, Args, Ctx as Context, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';
import { VARIANT_TITLE } from './low-stock.resolver';
import { StockSetInput } from './stock.inputs';
import * as stock from './stock.service';
import { StockEntry, StockMovementList } from './stock.type';

const PAGE = { limit: 20, max: 200 };

@Resolver(() => StockEntry)
export class StockResolver {
  @Query(() => [StockEntry], { description: 'Stock entries of one warehouse.' })
  warehouseStock(@Context() ctx: Ctx, @Arg('warehouseId', () => UuidScalar) warehouseId: string) {
    return stock.listWarehouseStock(ctx, warehouseId);
  }

  @Query(() => [StockEntry], { description: 'Stock of one product across all warehouses.' })
  productStock(@Context() ctx: Ctx, @Arg('productId', () => UuidScalar) productId: string) {
    return stock.listProductStock(ctx, productId);
  }

  @Query(() => StockMovementList, { description: 'Movements of one warehouse, newest first.' })
  warehouseMovements(
    @Context() ctx: Ctx,
    @Arg('warehouseId', () => UuidScalar) warehouseId: string,
    @Args(() => PageArgs) { page, limit }: PageArgs,
  ) {
    return stock.listMovements(ctx, { warehouseId }, resolvePage(page, limit, PAGE));
  }

  @Query(() => StockMovementList, { description: 'Movements of one product, newest first.' })
  productMovements(
    @Context() ctx: Ctx,
    @Arg('productId', () => UuidScalar) productId: string,
    @Args(() => PageArgs) { page, limit }: PageArgs,
  ) {
    return stock.listMovements(ctx, { productId }, resolvePage(page, limit, PAGE));
  }

  @Mutation(() => [StockEntry], {
    description: 'Sets absolute quantities in a warehouse (all or nothing) and records adjustment movements.',
  })
  warehouseStockSet(
    @Context() ctx: Ctx,
    @Arg('warehouseId', () => UuidScalar) warehouseId: string,
    @Arg('input', () => StockSetInput) input: StockSetInput,
  ) {
    return stock.setWarehouseStock(ctx, warehouseId, input.items);
  }

  @FieldResolver(() => String)
  async warehouseName(@Root() entry: StockEntry, @Context() ctx: Ctx) {
    return (await ctx.loaders.warehouseById.load(entry.warehouseId))?.name ?? '';
  }

  @FieldResolver(() => String)
  async warehouseCode(@Root() entry: StockEntry, @Context() ctx: Ctx) {
    return (await ctx.loaders.warehouseById.load(entry.warehouseId))?.code ?? '';
  }

  @FieldResolver(() => String, { description: 'Empty when the product has no SKU.' })
  async productSku(@Root() entry: StockEntry, @Context() ctx: Ctx) {
    return (await ctx.loaders.productSummaryById.load(entry.productId))?.sku ?? '';
  }

  @FieldResolver(() => String, { description: 'In the default locale.' })
  productName(@Root() entry: StockEntry, @Context() ctx: Ctx) {
    return ctx.loaders.productNameById.load(entry.productId);
  }

  @FieldResolver(() => String, { nullable: true, description: VARIANT_TITLE })
  variantTitle(@Root() entry: StockEntry, @Context() ctx: Ctx) {
    return entry.variantId ? ctx.loaders.variantTitleById.load(entry.variantId) : null;
  }

  @FieldResolver(() => String, { description: 'Empty for product-level stock.' })
  async variantSku(@Root() entry: StockEntry, @Context() ctx: Ctx) {
    return entry.variantId ? ((await ctx.loaders.variantSummaryById.load(entry.variantId))?.sku ?? '') : '';
  }
}
