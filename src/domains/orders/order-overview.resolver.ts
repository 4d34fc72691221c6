import { Arg, Ctx as Context, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { DateTimeScalar } from '../../shared/scalars';
import { orderOverview } from './order-overview.service';
import { OrderOverview } from './order-overview.type';

@Resolver()
export class OrderOverviewResolver {
  @Query(() => OrderOverview, {
    description:
      "The admin home screen's order and payment figures, in one SQL statement. `todayFrom` and `weekFrom` are the " +
      "client's local start of today and of this week (default: midnight UTC and Monday UTC; at most 31 days back).",
  })
  orderOverview(
    @Context() ctx: Ctx,
    @Arg('todayFrom', () => DateTimeScalar, { nullable: true }) todayFrom?: Date | null,
    @Arg('weekFrom', () => DateTimeScalar, { nullable: true }) weekFrom?: Date | null,
  ) {
    return orderOverview(ctx, { todayFrom, weekFrom });
  }
}
