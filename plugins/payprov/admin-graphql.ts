import { Arg, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';

import {
  type Access,
  admin,
  PaymentTransactionStatus,
  pluginCaller,
  pluginRuntime,
  UuidScalar,
} from '../../src/plugin-api';
import { cancelPayment, capturePayment, createOrderLink, orderPayments, refundPayment } from './admin-payments';
import { PayprovLinkStatus } from './link-status';
import type { PayprovRuntime } from './runtime';

/**
 * Staff's GraphQL fields for an order's card payments (the admin dashboard's order screen and payprov's own
 * admin extension use them): read with `orders.read`, act with `orders.update`. Each answers 503 while the
 * plugin is not active.
 */
const runtime = (context: unknown) => pluginRuntime<PayprovRuntime>(context, 'payprov');

@ObjectType({ description: 'A refund of a payprov payment, as the provider keeps it.' })
class PayprovRefund {
  @Field({ description: 'The provider’s refund id (`re_…`).' }) id!: string;
  @Field(() => Int, { description: 'Cents.' }) amount!: number;
  @Field({ description: 'The provider’s status (`succeeded`, `pending`, `failed`…).' }) status!: string;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ description: 'A payprov payment of an order: the transaction and what the provider says of it.' })
class PayprovOrderPayment {
  @Field(() => UuidScalar) transactionId!: string;
  @Field({ description: 'The provider reference (`pi_…`): what the payment mutations take.' })
  paymentIntentId!: string;
  @Field(() => PaymentTransactionStatus, { description: 'The transaction’s status.' })
  status!: PaymentTransactionStatus;
  @Field(() => String, {
    nullable: true,
    description: 'The intent’s status at the provider; null when it did not answer.',
  })
  providerStatus!: string | null;
  @Field(() => Int, { description: 'Cents.' }) amount!: number;
  @Field() currency!: string;
  @Field(() => Int, { description: 'Cents refunded so far.' }) amountRefunded!: number;
  @Field(() => Int, { description: 'Cents that can still be refunded (0 unless captured).' }) refundable!: number;
  @Field({ description: 'An authorization that can be captured now.' }) canCapture!: boolean;
  @Field({ description: 'An authorization that can be released now.' }) canCancel!: boolean;
  @Field(() => Date, { nullable: true }) authorizationExpiresAt!: Date | null;
  @Field(() => Date, { nullable: true }) capturedAt!: Date | null;
  @Field(() => Date, { nullable: true }) cancelledAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When nothing was left to refund.' }) refundedAt!: Date | null;
  @Field(() => String, { nullable: true }) failureReason!: string | null;
  @Field(() => [PayprovRefund]) refunds!: PayprovRefund[];
}

@ObjectType({ description: 'A payment link of an order.' })
class PayprovOrderLink {
  @Field(() => UuidScalar) id!: string;
  @Field(() => PayprovLinkStatus) status!: PayprovLinkStatus;
  @Field() paymentIntentId!: string;
  @Field(() => Int, { description: 'Cents.' }) amount!: number;
  @Field() currency!: string;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ description: 'An order’s payprov payments and payment links.' })
class PayprovOrderPayments {
  @Field(() => [PayprovOrderPayment]) payments!: PayprovOrderPayment[];
  @Field(() => [PayprovOrderLink], { description: 'Newest first, at most 20.' }) links!: PayprovOrderLink[];
  @Field({ description: 'Whether a payment link can be made now (a pending, unpaid order).' })
  canCreateLink!: boolean;
}

@ObjectType({ description: 'A new payment link of an order; the URL is shown once (only its hash is kept).' })
class PayprovOrderLinkCreated {
  @Field({
    description:
      'The hosted pay page to send the buyer: absolute with `plugins.payprov.public_url` (or a request origin), else a path on this server.',
  })
  paymentUrl!: string;
  @Field(() => PayprovOrderLink) link!: PayprovOrderLink;
}

@Resolver()
export class PayprovAdminResolver {
  @Query(() => PayprovOrderPayments, {
    description: 'An order’s payprov payments (with their refunds) and payment links.',
  })
  payprovOrderPayments(@Ctx() context: unknown, @Arg('orderId', () => UuidScalar) orderId: string) {
    return orderPayments(runtime(context), orderId);
  }

  @Mutation(() => PayprovOrderPayment, {
    description: 'Captures an authorized payment (once, whatever the number of calls).',
  })
  payprovCapturePayment(@Ctx() context: unknown, @Arg('paymentIntentId') paymentIntentId: string) {
    return capturePayment(runtime(context), paymentIntentId);
  }

  @Mutation(() => PayprovOrderPayment, {
    description: 'Releases an uncaptured authorization; the order’s status stays.',
  })
  payprovCancelPayment(@Ctx() context: unknown, @Arg('paymentIntentId') paymentIntentId: string) {
    return cancelPayment(runtime(context), paymentIntentId);
  }

  @Mutation(() => PayprovOrderPayment, {
    description:
      'Refunds `amount` cents of a captured payment, or all that is left without one (a double click refunds ' +
      'once), as one of the order’s refunds (`refundCreate`: the same sum); the refund that reaches what was paid ' +
      'moves the order to `refunded` (with restocking).',
  })
  payprovRefundPayment(
    @Ctx() context: unknown,
    @Arg('paymentIntentId') paymentIntentId: string,
    @Arg('amount', () => Int, { nullable: true, description: 'Cents; all that is left when omitted.' })
    amount?: number | null,
  ) {
    return refundPayment(runtime(context), context, paymentIntentId, amount);
  }

  @Mutation(() => PayprovOrderLinkCreated, {
    description:
      'A payment link for a placed pending, unpaid order, valid `link_ttl_minutes`: the buyer pays the order by card ' +
      'on the hosted page (the order may have been placed with another method).',
  })
  payprovCreateOrderPaymentLink(
    @Ctx() context: unknown,
    @Arg('orderId', () => UuidScalar) orderId: string,
    @Arg('paymentMethodId', () => UuidScalar, {
      nullable: true,
      description: 'An active payprov payment method; the order’s own when omitted.',
    })
    paymentMethodId?: string | null,
  ) {
    return createOrderLink(runtime(context), orderId, paymentMethodId, pluginCaller(context).origin);
  }
}

export const PAYPROV_ADMIN_ACCESS = {
  Query: { payprovOrderPayments: admin('orders.read') },
  Mutation: {
    payprovCapturePayment: admin('orders.update'),
    payprovCancelPayment: admin('orders.update'),
    payprovRefundPayment: admin('orders.update'),
    payprovCreateOrderPaymentLink: admin('orders.update'),
  },
};

/** The plugin's GraphQL (its store fields) with staff's payment fields added. */
export function withAdminFields(graphql: {
  resolvers: Function[];
  access: { Query?: Record<string, Access>; Mutation?: Record<string, Access> };
}) {
  return {
    resolvers: [...graphql.resolvers, PayprovAdminResolver],
    access: {
      Query: { ...graphql.access.Query, ...PAYPROV_ADMIN_ACCESS.Query },
      Mutation: { ...graphql.access.Mutation, ...PAYPROV_ADMIN_ACCESS.Mutation },
    },
  };
}
