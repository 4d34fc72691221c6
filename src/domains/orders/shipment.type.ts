import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';

export enum ShipmentStatus {
  SHIPPED = 'shipped',
  DELIVERED = 'delivered',
}
registerEnumType(ShipmentStatus, {
  name: 'ShipmentStatus',
  description: 'A shipment moves from SHIPPED to DELIVERED.',
});

export enum FulfillmentStatus {
  UNFULFILLED = 'unfulfilled',
  PARTIALLY_SHIPPED = 'partially_shipped',
  SHIPPED = 'shipped',
  DELIVERED = 'delivered',
}
registerEnumType(FulfillmentStatus, {
  name: 'FulfillmentStatus',
  description:
    'What of the order left the shop: nothing, some units, every unit, or every unit with every shipment delivered.',
});

@ObjectType({ description: 'How many units of one order line a shipment carries.' })
export class ShipmentItem {
  @Field(() => UuidScalar) orderItemId!: string;
  @Field(() => Int) quantity!: number;
}

@ObjectType({ description: 'Units of an order sent together, with the carrier and tracking (contract §10).' })
export class Shipment {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar) orderId!: string;
  @Field(() => ShipmentStatus) status!: ShipmentStatus;
  @Field(() => String, { nullable: true, description: 'A known carrier code (`shippingCarriers`) or free text.' })
  carrier!: string | null;
  @Field(() => String, { nullable: true }) trackingNumber!: string | null;
  @Field(() => String, { nullable: true }) trackingUrl!: string | null;
  @Field(() => [ShipmentItem]) items!: ShipmentItem[];
  @Field(() => Date) shippedAt!: Date;
  @Field(() => Date, { nullable: true }) deliveredAt!: Date | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ description: 'A carrier with a tracking page: `{tracking}` in the template is the tracking number.' })
export class ShippingCarrier {
  @Field() code!: string;
  @Field() name!: string;
  @Field() trackingUrlTemplate!: string;
}
