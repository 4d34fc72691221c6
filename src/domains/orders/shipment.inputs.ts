import { Field, InputType, Int } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';
import { LIST_LIMITS } from '../../shared/validation/limits';
import { Clearable, Rules } from '../../shared/validation/rules';
import { ShipmentStatus } from './shipment.type';

/** http(s) only: a tracking link is shown to customers, so no `javascript:` or other schemes. */
const HTTP_URL = '^https?://[^\\s]+$';

@InputType()
export class ShipmentItemInput {
  @Field(() => UuidScalar) orderItemId!: string;
  @Field(() => Int) @Rules({ min: 1, max: 1_000_000 }) quantity!: number;
}

@InputType({ description: 'Without `items`, every unit not yet shipped.' })
export class ShipmentCreateInput {
  @Field(() => [ShipmentItemInput], { nullable: true, description: 'At most one entry per order line.' })
  @Rules({ minItems: 1, maxItems: LIST_LIMITS.orderLines })
  items?: ShipmentItemInput[];
  @Clearable()
  @Field({ nullable: true, description: 'A carrier code of `shippingCarriers`, or any other carrier as free text.' })
  @Rules({ maxLength: 100 })
  carrier?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) trackingNumber?: string;
  @Clearable()
  @Field({ nullable: true, description: "http(s). Filled from a known carrier's template when absent." })
  @Rules({ maxLength: 2048, pattern: HTTP_URL })
  trackingUrl?: string;
  @Field({
    nullable: true,
    description:
      'Email the customer what shipped, with the carrier and the tracking link (default true; false for a silent shipment).',
  })
  notify?: boolean;
}

@InputType({ description: 'Tracking fields to change, or `status: DELIVERED`.' })
export class ShipmentUpdateInput {
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 100 }) carrier?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) trackingNumber?: string;
  @Clearable()
  @Field({ nullable: true, description: "http(s). Filled from a known carrier's template when cleared." })
  @Rules({ maxLength: 2048, pattern: HTTP_URL })
  trackingUrl?: string;
  @Field(() => ShipmentStatus, { nullable: true, description: 'Only DELIVERED (a delivery is not undone).' })
  status?: ShipmentStatus;
}
