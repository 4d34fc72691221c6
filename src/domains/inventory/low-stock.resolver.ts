import { Arg, Args, Ctx as Context, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { listLowStock } from './low-stock.service';
import { LowStockItem, LowStockList } from './low-stock.type';

const PAGE = { limit: 10, max: 200 };

export const VARIANT_TITLE =
  "The variant's option names in the default locale (e.g. “Navy / XL”); null without a variant or options.";

@Resolver()
export class LowStockResolver {
  @Query(() => LowStockList, {
    description:
      'Active variants and products without variants holding at most `threshold` units (default 5, at most ' +
      '100000), fewest first: the admin home screen and inventory alerts. One SQL statement.',
  })
  lowStock(
    @Context() ctx: Ctx,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('threshold', () => Int, { nullable: true }) threshold?: number | null,
  ) {
    return listLowStock(ctx, threshold ?? 5, resolvePage(page, limit, PAGE));
  }
}

@Resolver(() => LowStockItem)
export class LowStockItemResolver {
  @FieldResolver(() => String, { nullable: true, description: VARIANT_TITLE })
  variantTitle(@Root() item: LowStockItem, @Context() ctx: Ctx) {
    return item.variantId ? ctx.loaders.variantTitleById.load(item.variantId) : null;
  }
}
