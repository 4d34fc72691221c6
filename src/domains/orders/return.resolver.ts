import { Arg, Args, Ctx as Context, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { RateLimit } from '../../context/limits';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import { Order, OrderItem } from './order.type';
import { ReturnCreateInput, ReturnStatusInput } from './return.inputs';
import * as returns from './return.service';
import { Return, ReturnList, ReturnStatus } from './return.type';

const PAGE = { limit: 20, max: 200 };

@Resolver(() => Return)
export class ReturnResolver {
  @Query(() => ReturnList, {
    description: 'Returns, newest first, by status and order. `limit` defaults to 20, at most 200.',
  })
  returns(
    @Context() ctx: Ctx,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('status', () => ReturnStatus, { nullable: true }) status?: ReturnStatus,
    @Arg('orderId', () => UuidScalar, { nullable: true }) orderId?: string,
    @Arg('waiting', () => Boolean, {
      nullable: true,
      description:
        'Only the returns waiting for staff: requested (to approve or reject) or approved (to receive); the Home ' +
        'screen counts them as `orderOverview.returnsWaiting`.',
    })
    waiting?: boolean,
  ) {
    return returns.listReturns(ctx, resolvePage(page, limit, PAGE), { status, orderId, waiting: waiting ?? undefined });
  }

  @Query(() => Return, { description: 'One return with its lines.' })
  orderReturn(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return returns.getReturn(ctx, id);
  }

  @Mutation(() => Return, {
    description:
      'Opens a return for the customer (a phone call): shipped units not yet in a return that is not rejected ' +
      '(422 `over_return`). It starts REQUESTED.',
  })
  @Raises('over_return', 'hook_rejected')
  returnCreate(
    @Context() ctx: Ctx,
    @Arg('orderId', () => UuidScalar) orderId: string,
    @Arg('input', () => ReturnCreateInput) input: ReturnCreateInput,
  ) {
    return returns.createReturn(ctx, orderId, input, false);
  }

  @Mutation(() => Return, {
    description:
      "Asks to return shipped units of an order: the order's customer, or a guest with its guest token (cookie or " +
      '`X-Guest-Token`); 404 otherwise. 422 `over_return` past the shipped units not yet returned.',
  })
  @RateLimit('guest_order')
  @Raises('over_return', 'hook_rejected')
  storeReturnCreate(
    @Context() ctx: Ctx,
    @Arg('orderId', () => UuidScalar) orderId: string,
    @Arg('input', () => ReturnCreateInput) input: ReturnCreateInput,
  ) {
    return returns.createReturn(ctx, orderId, input, true);
  }

  @Mutation(() => Return, {
    description:
      'Moves a return: REQUESTED to APPROVED or REJECTED, APPROVED to RECEIVED (restocking the lines marked restock ' +
      'with a RETURN stock movement). REFUNDED is refused (422 `invalid_transition`): create a refund with the return.',
  })
  @Raises('invalid_transition', 'hook_rejected')
  returnStatusUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => ReturnStatusInput) input: ReturnStatusInput,
  ) {
    return returns.updateReturnStatus(ctx, id, input);
  }
}

/** An order's returns, from one batched read per request (or primed by the order's own statement). */
@Resolver(() => Order)
export class OrderReturnsResolver {
  @FieldResolver(() => [Return], { description: 'Oldest first, with their lines.' })
  returns(@Root() order: Order, @Context() ctx: Ctx) {
    return ctx.loaders.returnsByOrderId.load(order.id);
  }
}

/** Counts only returns that came back: a requested or approved return is still with the customer. */
const CAME_BACK: ReadonlySet<string> = new Set(['received', 'refunded']);

@Resolver(() => OrderItem)
export class OrderItemReturnsResolver {
  @FieldResolver(() => Int, { description: 'Units of this line in received (or refunded) returns.' })
  async quantityReturned(@Root() item: OrderItem & { orderId: string }, @Context() ctx: Ctx): Promise<number> {
    const back = await ctx.loaders.returnsByOrderId.load(item.orderId);
    return back
      .filter((r) => CAME_BACK.has(r.status))
      .reduce((n, r) => n + (r.items.find((l) => l.orderItemId === item.id)?.quantity ?? 0), 0);
  }
}
