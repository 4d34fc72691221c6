import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';

import {
  CHECKOUT_PRICING_ERRORS,
  CheckoutAddressInput,
  Clearable,
  pluginCaller,
  pluginRuntime,
  PUBLIC,
  Raises,
  RateLimit,
  Rules,
  store,
  UuidScalar,
} from '../../src/plugin-api';
import { MAX_AMOUNT } from './inputs';
import { createIntent, paymentStatus } from './intents';
import { PayprovLinkStatus } from './link-status';
import { completeLink, createLink, linkPaymentData } from './links';
import type { PayprovRuntime } from './runtime';

/**
 * The plugin's GraphQL fields: what its store routes run (route-rows.ts names them in operations, so REST, MCP and
 * GraphQL share one validation, one access rule and one answer shape). Every field answers 503 while the plugin
 * is not active in the service that got the request.
 */
const runtime = (context: unknown) => pluginRuntime<PayprovRuntime>(context, 'payprov');

@InputType({
  description:
    'Pre-order (pay first): `amount`, `currency`, `paymentMethodId`; the intent id is then the checkout’s ' +
    '`paymentReference`. Post-order: `orderId`, `paymentMethodId` (and a guest order’s `guestToken`) pays a placed ' +
    'pending order. A field of the other mode is refused (400).',
})
class PayprovPaymentIntentInput {
  @Field(() => UuidScalar, { description: 'An active payment method with provider payprov.' })
  paymentMethodId!: string;
  @Field(() => Int, { nullable: true, description: 'Pre-order: cents.' })
  @Rules({ min: 1, max: MAX_AMOUNT })
  amount?: number;
  @Field({ nullable: true, description: 'Pre-order: ISO 4217.' })
  @Rules({ pattern: '^[A-Za-z]{3}$' })
  currency?: string;
  @Field(() => UuidScalar, { nullable: true, description: 'Post-order: the placed order to pay.' })
  orderId?: string;
  @Field({ nullable: true, description: 'Post-order: a guest order’s token (or `X-Guest-Token`).' })
  @Rules({ pattern: '^[0-9a-f]{64}$' })
  guestToken?: string;
}

@InputType({ description: 'A cart to pay through a payment link, priced on the server as checkout prices it.' })
class PayprovPaymentLinkInput {
  @Field(() => UuidScalar, { description: 'Anonymous carts also need the `X-Cart-Token` header.' }) cartId!: string;
  @Field(() => UuidScalar) paymentMethodId!: string;
  @Field(() => UuidScalar) shippingMethodId!: string;
  @Field(() => CheckoutAddressInput) shippingAddress!: CheckoutAddressInput;
  @Clearable()
  @Field(() => CheckoutAddressInput, { nullable: true, description: 'Defaults to the shipping address.' })
  billingAddress?: CheckoutAddressInput | null;
  @Field({ nullable: true, description: 'For the receipt; required for guest carts.' })
  @Rules({ email: true, maxLength: 320 })
  email?: string;
}

@InputType()
class PayprovCompleteLinkInput {
  @Field({ description: 'The link’s payment intent, once the buyer’s card authorized it.' })
  @Rules({ minLength: 1, maxLength: 255 })
  paymentIntentId!: string;
}

@ObjectType({ description: 'What a client needs to confirm a payment with the provider’s script.' })
class PayprovIntent {
  @Field({ description: 'A payment intent id (`pi_…`).' }) id!: string;
  @Field(() => String, { nullable: true, description: 'The provider’s client secret of the intent.' })
  clientSecret!: string | null;
  @Field() publishableKey!: string;
  @Field({
    description:
      'The provider’s script (`js_url`) that the `payprov-payment` component needs on the page: a storefront loads it ' +
      'before the component (a local provider double has its own).',
  })
  scriptUrl!: string;
  @Field(() => Int, { description: 'Cents.' }) amount!: number;
  @Field({ description: 'ISO 4217, lower case (the spec’s payment-provider answers; the core’s are upper case).' })
  currency!: string;
}

@ObjectType({ description: 'A payment intent’s status and, for a payment link’s intent, the link’s.' })
class PayprovPaymentStatus {
  @Field({ description: 'The provider’s intent status (`requires_capture`, `succeeded`…).' }) status!: string;
  @Field(() => PayprovLinkStatus, { nullable: true }) paymentLinkStatus!: PayprovLinkStatus | null;
}

@ObjectType({ description: 'A new payment link.' })
class PayprovPaymentLink {
  @Field({ description: 'The hosted pay page (`/plugins/payprov/pay/{token}`).' }) paymentUrl!: string;
  @Field() paymentIntentId!: string;
  @Field(() => Date) expiresAt!: Date;
}

@ObjectType({ description: 'What the pay page of a link needs (no addresses).' })
class PayprovLinkPayment {
  @Field(() => String, { nullable: true }) clientSecret!: string | null;
  @Field() publishableKey!: string;
  @Field(() => Int, { description: 'Cents.' }) amount!: number;
  @Field({ description: 'ISO 4217, lower case (the spec’s payment-provider answers; the core’s are upper case).' })
  currency!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
}

@ObjectType({ description: 'A completed payment link: the order it placed.' })
class PayprovLinkCompletion {
  @Field({ description: 'Always `completed`.' }) status!: string;
  @Field() paymentIntentId!: string;
  @Field(() => UuidScalar) orderId!: string;
  @Field() orderNumber!: string;
}

@Resolver()
export class PayprovResolver {
  @Mutation(() => PayprovIntent, {
    description:
      'Creates a manual-capture card payment intent: before checkout for an amount (pay first; a repeated ' +
      '`Idempotency-Key` of the same buyer returns the same intent), or for a placed pending order of the caller ' +
      '(a retry returns the same intent). A customer, or a guest with its cart token (pay first) or guest order ' +
      'token (a placed order). Each one calls the provider: per-IP budget ' +
      '`security.rate_limit.payment_intent.requests_per_minute`.',
  })
  @RateLimit('payment_intent')
  @Raises('unauthorized', 'not_found', 'conflict', 'invalid_payment_method', 'invalid_amount', 'provider_error')
  payprovCreatePaymentIntent(
    @Ctx() context: unknown,
    @Arg('input', () => PayprovPaymentIntentInput) input: PayprovPaymentIntentInput,
  ) {
    return createIntent(runtime(context), pluginCaller(context), input);
  }

  @Query(() => PayprovPaymentStatus, {
    description:
      'A payment intent’s status and its payment link’s. Only the intent’s customer, or the guest presenting its ' +
      'token, sees an owned intent; anyone else gets 404.',
  })
  @Raises('not_found', 'provider_error')
  payprovPaymentStatus(
    @Ctx() context: unknown,
    @Arg('paymentIntentId', { description: 'A payment intent id (`pi_…`).' }) id: string,
  ) {
    return paymentStatus(runtime(context), pluginCaller(context), id);
  }

  @Mutation(() => PayprovPaymentLink, {
    description:
      'Prices the cart on the server (as checkout does) and answers a payment page URL valid `link_ttl_minutes`. ' +
      'Anyone who may see the cart. Counts against the payment-intent budget (it creates one).',
  })
  @RateLimit('payment_intent')
  @Raises(...CHECKOUT_PRICING_ERRORS, 'insufficient_stock', 'invalid_amount', 'provider_error')
  payprovCreatePaymentLink(
    @Ctx() context: unknown,
    @Arg('input', () => PayprovPaymentLinkInput) input: PayprovPaymentLinkInput,
  ) {
    return createLink(runtime(context), context, pluginCaller(context), input);
  }

  @Query(() => PayprovLinkPayment, {
    description: 'What the pay page of a link needs (no addresses). The token is the capability.',
  })
  @Raises('not_found', 'payment_link_used', 'payment_link_expired', 'provider_error')
  payprovPaymentLink(@Ctx() context: unknown, @Arg('token') token: string) {
    const { ctx, provider } = runtime(context);
    // The link's client secret must not be kept by a cache between the buyer and the service.
    pluginCaller(context).setHeader('Cache-Control', 'no-store');
    return linkPaymentData(ctx, provider, token);
  }

  @Mutation(() => PayprovLinkCompletion, {
    description:
      'Completes a paid payment link: checks the intent, claims the link once (concurrent completes: one wins, ' +
      'the rest 410) and places the order through the checkout. The token is the capability.',
  })
  @Raises('not_found', 'payment_link_used', 'payment_link_expired', 'checkout_rejected', 'provider_error')
  payprovCompletePaymentLink(
    @Ctx() context: unknown,
    @Arg('token') token: string,
    @Arg('input', () => PayprovCompleteLinkInput) input: PayprovCompleteLinkInput,
  ) {
    return completeLink(runtime(context), pluginCaller(context), token, input.paymentIntentId);
  }
}

export const payprovGraphql = {
  resolvers: [PayprovResolver],
  access: {
    Query: { payprovPaymentStatus: store(), payprovPaymentLink: PUBLIC },
    Mutation: {
      payprovCreatePaymentIntent: store(),
      payprovCreatePaymentLink: store(),
      payprovCompletePaymentLink: PUBLIC,
    },
  },
};
