import { Arg, Ctx as Context, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { UuidScalar } from '../../shared/scalars';
import { Order } from './order.type';
import { OrderNoteInput } from './order-note.inputs';
import { createOrderNote } from './order-note.service';
import { batchedTimeline, orderTimeline, TIMELINE_LIMIT } from './timeline';
import { OrderNote, OrderTimelineEntry } from './timeline.type';

/** The order's timeline and its staff notes (contract §10): the MCP `fulfilment` toolset. */
@Resolver(() => OrderTimelineEntry)
export class OrderTimelineResolver {
  @Query(() => [OrderTimelineEntry], {
    description:
      'Everything that happened to an order, oldest first: status changes with their comment, payments ' +
      '(authorized, captured, failed, refunded), shipments and deliveries, returns, refunds, emails about the order and ' +
      `internal staff notes, each with who did it. At most the newest ${TIMELINE_LIMIT} entries.`,
  })
  orderTimeline(@Context() ctx: Ctx, @Arg('orderId', () => UuidScalar) orderId: string) {
    return orderTimeline(ctx, orderId);
  }

  @Mutation(() => OrderNote, {
    description: 'Adds an internal note to an order (never shown to the customer); it joins the timeline.',
  })
  orderNoteCreate(
    @Context() ctx: Ctx,
    @Arg('orderId', () => UuidScalar) orderId: string,
    @Arg('input', () => OrderNoteInput) input: OrderNoteInput,
  ) {
    return createOrderNote(ctx, orderId, input);
  }
}

/** The timeline on the order itself: the admin's order screen reads the order and its timeline in one request. */
@Resolver(() => Order)
export class OrderTimelineFieldResolver {
  @FieldResolver(() => [OrderTimelineEntry], {
    description:
      `The order's timeline as \`orderTimeline\` answers it (oldest first, at most the newest ${TIMELINE_LIMIT}). ` +
      'Staff with `orders.read` only: the store never sees it. One statement for a whole page of orders.',
  })
  timeline(@Root() order: Order, @Context() ctx: Ctx) {
    return batchedTimeline(ctx, order.id);
  }
}
