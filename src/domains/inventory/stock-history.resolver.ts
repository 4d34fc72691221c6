import { Arg, Args, ArgsType, Ctx as Context, Field, FieldResolver, Query, Resolver, Root } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, PaginatedList, resolvePage } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';
import { VARIANT_TITLE } from './low-stock.resolver';
import { StockEntry, StockMovement, StockMovementList, StockMovementType } from './stock.type';
import { listStockLevels, searchMovements } from './stock-history.service';

const PAGE = { limit: 20, max: 200 };

@ArgsType()
class StockMovementsArgs extends PageArgs {
  @Field(() => UuidScalar, { nullable: true }) warehouseId?: string;
  @Field(() => UuidScalar, { nullable: true }) productId?: string;
  @Field(() => UuidScalar, { nullable: true }) variantId?: string;
  @Field(() => String, { nullable: true, description: "Part of the variant's (or product's) SKU, any case." })
  sku?: string;
  @Field(() => StockMovementType, { nullable: true }) type?: StockMovementType;
  @Field(() => Date, { nullable: true, description: 'Movements at or after this instant.' }) from?: Date;
  @Field(() => Date, { nullable: true, description: 'Movements before this instant.' }) to?: Date;
}

const StockEntryList = PaginatedList(StockEntry, 'StockEntryList');

/** The admin's stock history and paged stock levels (the per-warehouse and per-product lists stay as they are). */
@Resolver(() => StockMovement)
export class StockHistoryResolver {
  @Query(() => StockMovementList, {
    description:
      'Movements across warehouses, newest first, filtered by warehouse, product, variant, SKU, type and time.',
  })
  stockMovements(@Context() ctx: Ctx, @Args(() => StockMovementsArgs) args: StockMovementsArgs) {
    const { page, limit, ...filter } = args;
    return searchMovements(
      ctx,
      {
        warehouseId: filter.warehouseId ?? undefined,
        productId: filter.productId ?? undefined,
        variantId: filter.variantId ?? undefined,
        sku: filter.sku ?? undefined,
        type: filter.type ?? undefined,
        from: filter.from ?? undefined,
        to: filter.to ?? undefined,
      },
      resolvePage(page, limit, PAGE),
    );
  }

  @Query(() => StockEntryList, {
    description: "One warehouse's stock entries a page at a time; `search` matches part of a SKU or product name.",
  })
  stockLevels(
    @Context() ctx: Ctx,
    @Arg('warehouseId', () => UuidScalar) warehouseId: string,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('search', () => String, { nullable: true }) search?: string,
  ) {
    return listStockLevels(ctx, warehouseId, search ?? undefined, resolvePage(page, limit, PAGE));
  }

  @FieldResolver(() => String, { nullable: true, description: 'Null once the warehouse is deleted.' })
  async warehouseName(@Root() m: StockMovement, @Context() ctx: Ctx) {
    return m.warehouseId ? ((await ctx.loaders.warehouseById.load(m.warehouseId))?.name ?? null) : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'In the default locale; null once the product is deleted.',
  })
  productName(@Root() m: StockMovement, @Context() ctx: Ctx) {
    return m.productId ? ctx.loaders.productNameById.load(m.productId) : null;
  }

  @FieldResolver(() => String, { nullable: true, description: VARIANT_TITLE })
  variantTitle(@Root() m: StockMovement, @Context() ctx: Ctx) {
    return m.variantId ? ctx.loaders.variantTitleById.load(m.variantId) : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "The variant's SKU, else the product's; null when neither has one.",
  })
  async sku(@Root() m: StockMovement, @Context() ctx: Ctx) {
    if (m.variantId) return (await ctx.loaders.variantSummaryById.load(m.variantId))?.sku ?? null;
    return m.productId ? ((await ctx.loaders.productSummaryById.load(m.productId))?.sku ?? null) : null;
  }
}
