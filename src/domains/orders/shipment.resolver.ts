import { Arg, Ctx as Context, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import { CARRIERS } from './carriers';
import { Order, OrderItem } from './order.type';
import { ShipmentCreateInput, ShipmentUpdateInput } from './shipment.inputs';
import * as shipments from './shipment.service';
import { FulfillmentStatus, Shipment, ShippingCarrier } from './shipment.type';

@Resolver(() => Shipment)
export class ShipmentResolver {
  @Query(() => [Shipment], { description: "An order's shipments, oldest first." })
  orderShipments(@Context() ctx: Ctx, @Arg('orderId', () => UuidScalar) orderId: string) {
    return shipments.listShipments(ctx, orderId);
  }

  @Query(() => [ShippingCarrier], {
    description: 'Carriers with a tracking page template; any other carrier is free text on a shipment.',
  })
  shippingCarriers(): readonly ShippingCarrier[] {
    return CARRIERS;
  }

  @Mutation(() => Shipment, {
    description:
      'Ships some or all units (without `items`: every unit not yet shipped). Shipping the last unit moves the order ' +
      'to SHIPPED. With `notify` (the default) the customer is emailed what shipped and how to track it.',
  })
  @Raises('invalid_transition', 'over_fulfilment', 'hook_rejected')
  shipmentCreate(
    @Context() ctx: Ctx,
    @Arg('orderId', () => UuidScalar) orderId: string,
    @Arg('input', () => ShipmentCreateInput) input: ShipmentCreateInput,
  ) {
    return shipments.createShipment(ctx, orderId, input);
  }

  @Mutation(() => Shipment, {
    description:
      "Edits a shipment's tracking or marks it DELIVERED; the last shipment delivered moves the order to DELIVERED.",
  })
  @Raises('invalid_transition', 'hook_rejected')
  shipmentUpdate(
    @Context() ctx: Ctx,
    @Arg('orderId', () => UuidScalar) orderId: string,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => ShipmentUpdateInput) input: ShipmentUpdateInput,
  ) {
    return shipments.updateShipment(ctx, orderId, id, input);
  }
}

/** The order's fulfilment, from its shipments (one batched read per request, whatever the number of orders). */
@Resolver(() => Order)
export class OrderFulfilmentResolver {
  @FieldResolver(() => [Shipment], { description: 'Oldest first, with their tracking.' })
  shipments(@Root() order: Order, @Context() ctx: Ctx) {
    return ctx.loaders.shipmentsByOrderId.load(order.id);
  }

  @FieldResolver(() => FulfillmentStatus)
  async fulfillmentStatus(@Root() order: Order, @Context() ctx: Ctx): Promise<FulfillmentStatus> {
    const [items, sent] = await Promise.all([
      ctx.loaders.orderItemsByOrderId.load(order.id),
      ctx.loaders.shipmentsByOrderId.load(order.id),
    ]);
    const ordered = items.reduce((n, i) => n + i.quantity, 0);
    const shipped = sent.reduce((n, s) => n + s.items.reduce((m, l) => m + l.quantity, 0), 0);
    if (shipped === 0) return FulfillmentStatus.UNFULFILLED;
    if (shipped < ordered) return FulfillmentStatus.PARTIALLY_SHIPPED;
    return sent.every((s) => s.status === 'delivered') ? FulfillmentStatus.DELIVERED : FulfillmentStatus.SHIPPED;
  }
}

@Resolver(() => OrderItem)
export class OrderItemFulfilmentResolver {
  @FieldResolver(() => Int, { description: 'Units of this line in shipments so far.' })
  async quantityShipped(@Root() item: OrderItem & { orderId: string }, @Context() ctx: Ctx): Promise<number> {
    const sent = await ctx.loaders.shipmentsByOrderId.load(item.orderId);
    return sent.reduce((n, s) => n + (s.items.find((l) => l.orderItemId === item.id)?.quantity ?? 0), 0);
  }
}
