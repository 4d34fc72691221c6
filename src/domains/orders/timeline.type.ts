import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';
import { ActorRef, OrderStatus } from './order.type';

/** What a timeline entry records. The values are stable: clients may switch on them. */
export enum TimelineKind {
  STATUS_CHANGED = 'status_changed',
  PAYMENT_AUTHORIZED = 'payment_authorized',
  PAYMENT_CAPTURED = 'payment_captured',
  PAYMENT_FAILED = 'payment_failed',
  PAYMENT_REFUNDED = 'payment_refunded',
  SHIPMENT_CREATED = 'shipment_created',
  SHIPMENT_DELIVERED = 'shipment_delivered',
  EMAIL_SENT = 'email_sent',
  EMAIL_QUEUED = 'email_queued',
  NOTE = 'note',
  RETURN_REQUESTED = 'return_requested',
  RETURN_UPDATED = 'return_updated',
  REFUND_CREATED = 'refund_created',
  REFUND_SETTLED = 'refund_settled',
}
registerEnumType(TimelineKind, {
  name: 'OrderTimelineKind',
  description: 'What a timeline entry records. Which `details` fields it fills is said for each value.',
  valuesConfig: {
    STATUS_CHANGED: {
      description:
        'A status change (`fromStatus` null for the order being placed): `fromStatus`, `toStatus`, `comment`.',
    },
    PAYMENT_AUTHORIZED: {
      description: 'A payment was started at its provider: `amount`, `currency`, `provider`, `reference`, `status`.',
    },
    PAYMENT_CAPTURED: { description: 'The payment was captured: `amount`, `currency`, `provider`, `reference`.' },
    PAYMENT_FAILED: {
      description:
        'The payment failed, expired or its authorization was released: `reason` (`authorization_expired`, ' +
        "`cancelled`, the provider's decline code), `amount`, `currency`, `provider`, `reference`.",
    },
    PAYMENT_REFUNDED: {
      description: 'The captured payment was refunded in full: `amount`, `currency`, `provider`, `reference`.',
    },
    SHIPMENT_CREATED: { description: 'Units left the shop: `shipmentId`, `carrier`, `trackingNumber`, `trackingUrl`.' },
    SHIPMENT_DELIVERED: {
      description: 'A shipment was delivered: `shipmentId`, `carrier`, `trackingNumber`, `trackingUrl`.',
    },
    EMAIL_SENT: {
      description: 'An email about the order was sent: `emailId`, `emailKind`, `subject`, `recipient`, `status`.',
    },
    EMAIL_QUEUED: {
      description:
        'An email about the order was written and not sent: `status` is PENDING (waiting for the sender), KEPT (no ' +
        'SMTP server is configured: nothing leaves the machine) or FAILED; `emailId`, `emailKind`, `subject`, ' +
        '`recipient`. The entry becomes EMAIL_SENT (same `id`) once the email is sent.',
    },
    NOTE: { description: 'An internal staff note (never shown to the customer): `text`.' },
    RETURN_REQUESTED: {
      description: 'A return was opened (by the customer, or by staff for them): `returnId`, `status`, `comment`.',
    },
    RETURN_UPDATED: {
      description:
        'A move of a return, one entry per move with who made it: approved, rejected, received, refunded, or back ' +
        'to received when the refund that paid it failed (the system). `returnId`, `status` (the status it moved ' +
        "to), `comment`. A move made before moves were recorded shows once, at the return's last change, with no actor.",
    },
    REFUND_CREATED: {
      description:
        'A refund was made (pending at its provider, or settled at once without one): `refundId`, `returnId`, ' +
        '`amount`, `currency`, `reason`, `status` (its status now), `reference`.',
    },
    REFUND_SETTLED: {
      description:
        'A refund settled, at the time it did: `status` SUCCEEDED or FAILED (`reason`: the provider’s code), ' +
        '`refundId`, `returnId`, `amount`, `currency`, `reference`. Its actor is the system (the payment provider), ' +
        'or who made it for a refund without a provider (settled at once).',
    },
  },
});

@ObjectType({
  description:
    'What a timeline entry says beyond its kind. One shape for every kind: the fields a kind does not use are null ' +
    '(`OrderTimelineKind` lists the fields of each kind). Money in cents.',
})
export class OrderTimelineDetails {
  @Field(() => OrderStatus, { nullable: true }) fromStatus!: OrderStatus | null;
  @Field(() => OrderStatus, { nullable: true }) toStatus!: OrderStatus | null;
  @Field(() => String, { nullable: true, description: "A status change's or a return's comment." })
  comment!: string | null;
  @Field(() => String, { nullable: true, description: "A note's text." }) text!: string | null;
  @Field(() => Int, { nullable: true }) amount!: number | null;
  @Field(() => String, { nullable: true }) currency!: string | null;
  @Field(() => String, { nullable: true, description: 'The payment provider (`payprov`, …).' })
  provider!: string | null;
  @Field(() => String, { nullable: true, description: "The provider's id of the payment or refund." })
  reference!: string | null;
  @Field(() => String, { nullable: true, description: "Why a payment failed; a refund's reason." })
  reason!: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The source's status now, lower case: a payment's (pending, completed, failed), an email's (pending, kept, " +
      "sent, failed), a return's or a refund's.",
  })
  status!: string | null;
  @Field(() => UuidScalar, { nullable: true }) shipmentId!: string | null;
  @Field(() => String, { nullable: true }) carrier!: string | null;
  @Field(() => String, { nullable: true }) trackingNumber!: string | null;
  @Field(() => String, { nullable: true }) trackingUrl!: string | null;
  @Field(() => UuidScalar, { nullable: true }) emailId!: string | null;
  @Field(() => String, { nullable: true, description: "The email's template (`order_confirmation`, …)." })
  emailKind!: string | null;
  @Field(() => String, { nullable: true }) subject!: string | null;
  @Field(() => String, { nullable: true }) recipient!: string | null;
  @Field(() => UuidScalar, { nullable: true }) returnId!: string | null;
  @Field(() => UuidScalar, { nullable: true }) refundId!: string | null;
}

@ObjectType({
  description:
    'One thing that happened to an order. Entries are oldest first; two at the same instant keep a fixed order ' +
    '(the order placed first; a payment, shipment, return or refund before the status change it caused; then ' +
    'emails; then notes).',
})
export class OrderTimelineEntry {
  @Field({
    description:
      'Stable across reads: the source and its row (`status:<id>`, `payment:<id>:captured`, `shipment:<id>:delivered`, ' +
      '`email:<id>`, `note:<id>`, …), so a client can key a list by it.',
  })
  id!: string;
  @Field(() => TimelineKind) kind!: TimelineKind;
  @Field(() => Date, { description: 'When it happened.' }) at!: Date;
  @Field({ description: 'A short English line for a list ("Status changed from confirmed to shipped").' })
  summary!: string;
  @Field(() => ActorRef, {
    nullable: true,
    description:
      'Who did it: the staff member, customer or API key that made the change, or the system (a payment provider, ' +
      'the mail sender). Null where it was not recorded (a shipment marked delivered, changes made before actors ' +
      'were recorded).',
  })
  actor!: ActorRef | null;
  @Field(() => OrderTimelineDetails) details!: OrderTimelineDetails;
}

@ObjectType({ description: 'An internal staff note on an order; it shows in the timeline as a NOTE entry.' })
export class OrderNote {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar) orderId!: string;
  @Field() text!: string;
  @Field(() => ActorRef, { nullable: true, description: 'Who wrote it.' }) actor!: ActorRef | null;
  @Field(() => Date) createdAt!: Date;
}
