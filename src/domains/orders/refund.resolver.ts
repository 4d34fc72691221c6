import { Arg, Ctx as Context, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import { ActorRef, Order } from './order.type';
import { actorRefOf } from './order-actor';
import { RefundCreateInput } from './refund.inputs';
import * as refunds from './refund.service';
import { Refund } from './refund.type';
import { refundableOf } from './refund-money';

@Resolver(() => Refund)
export class RefundResolver {
  @Query(() => [Refund], { description: "An order's refunds, oldest first." })
  orderRefunds(@Context() ctx: Ctx, @Arg('orderId', () => UuidScalar) orderId: string) {
    return refunds.listRefunds(ctx, orderId);
  }

  @Mutation(() => Refund, {
    description:
      "Refunds an amount of an order: through its payment provider (PENDING until the provider answers or its webhook settles it) or SUCCEEDED at once for a method without one. The order's refunds never exceed what was paid; succeeded refunds reaching it move the order to REFUNDED. Honors the `Idempotency-Key` header.",
  })
  @Raises('refund_exceeds_paid', 'invalid_transition', 'idempotency_conflict', 'hook_rejected')
  refundCreate(
    @Context() ctx: Ctx,
    @Arg('orderId', () => UuidScalar) orderId: string,
    @Arg('input', () => RefundCreateInput) input: RefundCreateInput,
  ) {
    return refunds.createRefund(ctx, orderId, input);
  }

  @FieldResolver(() => ActorRef, { nullable: true })
  actor(@Root() row: Parameters<typeof actorRefOf>[0]): ActorRef | null {
    return actorRefOf(row);
  }
}

/** The order's refunds and what is left to refund: one batched read per request, whatever the number of orders. */
@Resolver(() => Order)
export class OrderRefundsResolver {
  @FieldResolver(() => [Refund], { description: 'Oldest first.' })
  refunds(@Root() order: Order, @Context() ctx: Ctx) {
    return ctx.loaders.refundMoneyByOrderId.load(order.id).then((m) => m.refunds);
  }

  @FieldResolver(() => Int, { description: 'Cents of the SUCCEEDED refunds.' })
  async refundedTotal(@Root() order: Order, @Context() ctx: Ctx): Promise<number> {
    const { refunds: rows } = await ctx.loaders.refundMoneyByOrderId.load(order.id);
    return rows.filter((r) => r.status === 'succeeded').reduce((n, r) => n + r.amount, 0);
  }

  @FieldResolver(() => Int, {
    description:
      'Cents paid: the captured payments, or for a method without a provider the total once the order is past PENDING and not CANCELLED.',
  })
  async paidTotal(@Root() order: Order, @Context() ctx: Ctx): Promise<number> {
    return (await ctx.loaders.refundMoneyByOrderId.load(order.id)).paid;
  }

  @FieldResolver(() => Int, {
    description: 'Cents left to refund: paid minus SUCCEEDED and PENDING refunds; 0 once CANCELLED or REFUNDED.',
  })
  async refundable(@Root() order: Order, @Context() ctx: Ctx): Promise<number> {
    const { paid, status, refunds: rows } = await ctx.loaders.refundMoneyByOrderId.load(order.id);
    const reserved = rows.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amount, 0);
    return refundableOf(status, paid, reserved);
  }
}
