import { Arg, Args, Ctx as Context, Int, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { listLowStock } from './low-stock.service';
import { LowStockList } from './low-stock.type';

const PAGE = { limit: 10, max: 200 };

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
