import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx as Context, FieldResolver, Info, Mutation, Query, Resolver, Root } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { RateLimit } from '../../context/limits';
import { PageArgs, resolvePage, SortOrder } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import { OrderStatusInput } from './checkout.inputs';
import * as orders from './order.service';
import {
  ActorRef,
  Order,
  OrderItem,
  OrderList,
  OrderStatus,
  OrderStatusChange,
  PaymentTransaction,
} from './order.type';
import { actorRefOf } from './order-actor';
import { orderListPlan, orderPlan } from './order-list';
import { OrderSortField } from './order-sort';
import { nextStatuses } from './order-status';

const PAGE = { limit: 20, max: 200 };

@Resolver(() => Order)
export class OrderResolver {
  @Query(() => OrderList, {
    description: 'Orders, newest first by default. `search` matches order number and email.',
  })
  orders(
    @Context() ctx: Ctx,
    @Info() info: GraphQLResolveInfo,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('status', () => OrderStatus, { nullable: true }) status?: OrderStatus,
    @Arg('toShip', () => Boolean, {
      nullable: true,
      description:
        'Only the orders waiting to ship: confirmed or processing, so fulfilment unfulfilled or partially shipped ' +
        '(the Home screen counts them as `orderOverview.ordersToShip`).',
    })
    toShip?: boolean,
    @Arg('customerId', () => UuidScalar, { nullable: true }) customerId?: string,
    @Arg('search', () => String, { nullable: true }) search?: string,
    @Arg('sort', () => OrderSortField, { nullable: true }) sort?: OrderSortField,
    @Arg('order', () => SortOrder, { nullable: true }) order?: SortOrder,
  ) {
    const filter = {
      status: status ?? undefined,
      toShip: toShip ?? undefined,
      customerId: customerId ?? undefined,
      search: search ?? undefined,
      sort: sort ?? undefined,
      order: order ?? undefined,
    };
    return orders.listOrders(ctx, resolvePage(page, limit, PAGE), filter, orderListPlan(info));
  }

  @Query(() => Order)
  order(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string, @Info() info: GraphQLResolveInfo) {
    return orders.getOrder(ctx, id, orderPlan(info));
  }

  @Mutation(() => Order, {
    description: 'Moves an order along the status table (422 `invalid_transition` otherwise).',
  })
  @Raises('invalid_transition', 'hook_rejected')
  orderStatusUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => OrderStatusInput) input: OrderStatusInput,
  ) {
    return orders.updateOrderStatus(ctx, id, input);
  }

  @Query(() => [PaymentTransaction])
  orderTransactions(@Context() ctx: Ctx, @Arg('orderId', () => UuidScalar) orderId: string) {
    return orders.listTransactions(ctx, orderId);
  }

  @Query(() => Order, {
    description:
      "One order for the store: the order's customer, or a guest with its guest token (the `svc_guest_token` cookie " +
      'set by `checkoutComplete`, or the `X-Guest-Token` header); 404 otherwise.',
  })
  @RateLimit('guest_order')
  storeOrder(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string, @Info() info: GraphQLResolveInfo) {
    return orders.getOwnOrder(ctx, id, orderPlan(info));
  }

  @Query(() => [PaymentTransaction], {
    description:
      "For the order's customer, or a guest with its guest token (cookie or `X-Guest-Token`); 404 otherwise.",
  })
  @RateLimit('guest_order')
  storeOrderTransactions(@Context() ctx: Ctx, @Arg('orderId', () => UuidScalar) orderId: string) {
    return orders.listOwnTransactions(ctx, orderId);
  }

  @Query(() => OrderList, { description: "The signed-in customer's orders, newest first." })
  accountOrders(
    @Context() ctx: Ctx,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Info() info: GraphQLResolveInfo,
  ) {
    return orders.listAccountOrders(ctx, resolvePage(page, limit, PAGE), orderListPlan(info));
  }

  @Query(() => Order, { description: "One of the signed-in customer's orders (404 for anyone else's)." })
  accountOrder(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string, @Info() info: GraphQLResolveInfo) {
    return orders.getAccountOrder(ctx, id, orderPlan(info));
  }

  @FieldResolver(() => Boolean, {
    description: 'True for guest orders (the store API shows this instead of the guest token).',
  })
  isGuestOrder(@Root() order: Order) {
    return order.customerId === null;
  }

  @FieldResolver(() => [OrderStatus], {
    description:
      'The statuses this order may move to now (the status table), so a client offers only those; empty once final.',
  })
  nextStatuses(@Root() order: Order) {
    return nextStatuses(order.status);
  }

  @FieldResolver(() => [OrderItem])
  items(@Root() order: Order, @Context() ctx: Ctx) {
    return ctx.loaders.orderItemsByOrderId.load(order.id);
  }

  @FieldResolver(() => [OrderStatusChange])
  statusHistory(@Root() order: Order, @Context() ctx: Ctx) {
    return ctx.loaders.orderHistoryByOrderId.load(order.id);
  }
}

/** A history row's actor columns as the API's `ActorRef` (order-actor.ts writes them). */
@Resolver(() => OrderStatusChange)
export class OrderStatusChangeResolver {
  @FieldResolver(() => ActorRef, { nullable: true, description: 'Null for changes recorded before actors were.' })
  actor(@Root() row: Parameters<typeof actorRefOf>[0]): ActorRef | null {
    return actorRefOf(row);
  }
}
