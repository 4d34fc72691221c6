import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

import { PaginatedList } from '../../shared/pagination';
import { JsonScalar, UuidScalar } from '../../shared/scalars';

export enum OrderStatus {
  PENDING = 'pending',
  CONFIRMED = 'confirmed',
  PROCESSING = 'processing',
  SHIPPED = 'shipped',
  DELIVERED = 'delivered',
  CANCELLED = 'cancelled',
  REFUNDED = 'refunded',
}
registerEnumType(OrderStatus, {
  name: 'OrderStatus',
  description: 'See the transition table: CANCELLED and REFUNDED are final.',
});

@ObjectType({ description: 'One ordered line, priced when the order was placed.' })
export class OrderItem {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar, { nullable: true }) productId!: string | null;
  @Field(() => UuidScalar, { nullable: true }) variantId!: string | null;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field() name!: string;
  @Field(() => String, {
    nullable: true,
    description:
      "The variant's option names when the order was placed (e.g. “Navy / XL”), in the default locale; null for a " +
      'product without variants and for orders placed before it was recorded. A later rename does not change it.',
  })
  variantName!: string | null;
  @Field(() => Int) quantity!: number;
  @Field(() => Int) unitPriceNet!: number;
  @Field(() => Int) unitPriceGross!: number;
  @Field(() => Int, { description: 'Basis points.' }) taxRate!: number;
  @Field(() => Int) totalNet!: number;
  @Field(() => Int) totalGross!: number;
}

export enum ActorKind {
  STAFF = 'staff',
  CUSTOMER = 'customer',
  API_KEY = 'api_key',
  SYSTEM = 'system',
}
registerEnumType(ActorKind, {
  name: 'ActorKind',
  description: 'Who did something: a staff member, a customer (or guest), an API key, or the system (a plugin, a job).',
});

@ObjectType({
  description:
    'Who did something, as recorded when it was done: `label` is a snapshot (a staff email, an API key name, ' +
    '"System"), so renaming or deleting the actor later does not rewrite history.',
})
export class ActorRef {
  @Field(() => ActorKind) kind!: ActorKind;
  @Field(() => UuidScalar, { nullable: true, description: 'Null for the system and for guests.' }) id!: string | null;
  @Field() label!: string;
}

@ObjectType({ description: 'A status change with its comment and who made it.' })
export class OrderStatusChange {
  @Field(() => OrderStatus, { nullable: true, description: 'Null for the creation.' }) fromStatus!: OrderStatus | null;
  @Field(() => OrderStatus) toStatus!: OrderStatus;
  @Field(() => String, { nullable: true }) comment!: string | null;
  @Field(() => ActorRef, { nullable: true, description: 'Null for changes recorded before actors were.' })
  actor!: ActorRef | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ description: 'An order. Money in cents; `total = subtotal_gross + shipping_gross − discount_total`.' })
export class Order {
  @Field(() => UuidScalar) id!: string;
  @Field({ description: '`ORD-YYYYMMDD-` and six characters.' }) orderNumber!: string;
  @Field(() => UuidScalar, { nullable: true }) customerId!: string | null;
  @Field(() => String, { nullable: true, description: 'Guest orders only. Admin API only (`orders.read`).' })
  guestToken!: string | null;
  @Field() email!: string;
  @Field(() => OrderStatus) status!: OrderStatus;
  @Field() currency!: string;
  @Field(() => Int) subtotalGross!: number;
  @Field(() => Int) subtotalNet!: number;
  @Field(() => Int) shippingGross!: number;
  @Field(() => Int) shippingNet!: number;
  @Field(() => Int) discountTotal!: number;
  @Field(() => Int) taxTotal!: number;
  @Field(() => Int) total!: number;
  @Field(() => JsonScalar) billingAddress!: unknown;
  @Field(() => JsonScalar) shippingAddress!: unknown;
  @Field(() => UuidScalar, { nullable: true }) shippingMethodId!: string | null;
  @Field(() => UuidScalar, { nullable: true }) paymentMethodId!: string | null;
  @Field(() => String, { nullable: true }) paymentReference!: string | null;
  @Field(() => String, { nullable: true }) discountCode!: string | null;
  @Field(() => String, { nullable: true }) notes!: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The buyer's language for the order's emails (`de`, `de-AT`), as the checkout named it or its Accept-Language " +
      "or the customer's stored locale; null: the customer's current locale, else the shop's default.",
  })
  locale!: string | null;
  @Field(() => JsonScalar) customFields!: unknown;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const OrderList = PaginatedList(Order, 'OrderList');

export enum PaymentTransactionStatus {
  PENDING = 'pending',
  COMPLETED = 'completed',
  FAILED = 'failed',
}
registerEnumType(PaymentTransactionStatus, { name: 'PaymentTransactionStatus' });

@ObjectType({ description: 'A payment of an order at its provider.' })
export class PaymentTransaction {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar) orderId!: string;
  @Field() provider!: string;
  @Field({ description: 'The provider-side payment intent id (unique).' }) providerReference!: string;
  @Field(() => Int) amount!: number;
  @Field() currency!: string;
  @Field(() => PaymentTransactionStatus) status!: PaymentTransactionStatus;
  @Field(() => Date, {
    nullable: true,
    description: 'When the uncaptured authorization lapses at the provider; a capture after that fails the payment.',
  })
  authorizationExpiresAt!: Date | null;
  @Field(() => Date, { nullable: true }) capturedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the uncaptured authorization was released.' })
  cancelledAt!: Date | null;
  @Field(() => Date, { nullable: true }) refundedAt!: Date | null;
  @Field(() => String, {
    nullable: true,
    description: "Why a payment failed: `authorization_expired`, `canceled`, or the provider's decline code.",
  })
  failureReason!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}
