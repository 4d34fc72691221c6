import { randomUUID } from 'node:crypto';

import { AppError, type PluginCaller } from '../../src/plugin-api';
import { payingBuyer, preorderIntentKey } from './buyer';
import type { PayprovConfig } from './config';
import { guestTokenDigest, INTENT_ID, sameSecret } from './inputs';
import type { Intent } from './provider';
import type { PayprovCtx as Ctx, PayprovRuntime } from './runtime';

/**
 * What a client needs to confirm an intent with the provider's script (the GraphQL `PayprovIntent`). The currency is
 * lower case, as the spec's payment-provider answers say (the provider's own spelling); the core's answers keep upper.
 */
export function intentView(intent: Intent, config: PayprovConfig) {
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    publishableKey: config.publishable_key,
    scriptUrl: config.js_url,
    amount: intent.amount,
    currency: intent.currency.toLowerCase(),
  };
}

/** 422 `invalid_payment_method` unless `id` is an active payment method of provider `payprov`. */
export async function requirePayprovMethod(ctx: Ctx, id: string): Promise<void> {
  const method = await ctx.commerce.paymentMethod(id);
  if (!method || method.provider !== 'payprov' || !method.active)
    throw new AppError('invalid_payment_method', 'payment method not found, inactive, or not a payprov method', {
      field: 'payment_method_id',
    });
}

/** Ownership keys of the caller for intent metadata: a customer's id, or (post-order guests) the token's digest. */
function ownerMetadata(caller: PluginCaller, guestToken?: string): Record<string, string> {
  if (caller.userType === 'customer') return { svc_customer_id: caller.userId! };
  return guestToken ? { svc_guest_token: guestTokenDigest(guestToken) } : {};
}

/** The body of `POST /api/v1/store/payprov/payment-intent` as the REST reader gives it (one of two modes). */
export interface IntentRequest {
  paymentMethodId: string;
  amount?: number | null;
  currency?: string | null;
  orderId?: string | null;
  guestToken?: string | null;
}

/** Fields of the other mode: each one present is a 400 naming it (an amount beside an order would be ignored). */
function modeProblems(input: IntentRequest): Array<{ field: string; detail: string }> {
  const given = (v: unknown) => v !== undefined && v !== null;
  if (given(input.orderId))
    return (['amount', 'currency'] as const)
      .filter((f) => given(input[f]))
      .map((field) => ({ field, detail: 'not allowed with order_id' }));
  return [
    ...(['amount', 'currency'] as const)
      .filter((f) => !given(input[f]))
      .map((field) => ({ field, detail: 'required' })),
    ...(given(input.guestToken) ? [{ field: 'guest_token', detail: 'only with order_id' }] : []),
  ];
}

/**
 * `POST /api/v1/store/payprov/payment-intent`: pre-order mode (`amount`, `currency`, `payment_method_id`) for pay
 * first, or post-order mode (`order_id`, `payment_method_id`, `guest_token` for guest orders) to pay a placed
 * order. Manual capture always. A post-order intent is created with a key derived from the order, so a retry
 * (or a double click) returns the same intent instead of a second one.
 */
export async function createIntent(rt: PayprovRuntime, caller: PluginCaller, input: IntentRequest) {
  const { ctx, provider, settlement } = rt;
  const problems = modeProblems(input);
  if (problems.length) throw AppError.validation(problems);
  const { paymentMethodId } = input;
  if (input.orderId) {
    const order = await ctx.commerce.order(input.orderId);
    // The body's token, else the ones the caller presents (a browser's cookie lists all its guest orders).
    const presented = input.guestToken ? [input.guestToken] : caller.guestTokens;
    let token: string | undefined;
    if (order && !order.customerId) {
      // Guest order: the token proves ownership (spec: without one 401, a wrong one 404).
      if (!presented.length) {
        if (caller.userType) throw AppError.notFound('order');
        throw new AppError('unauthorized', 'guest orders need their guest_token');
      }
      const stored = order.guestToken;
      token = stored ? presented.find((t) => sameSecret(t, stored)) : undefined;
      if (!token) throw AppError.notFound('order');
    } else if (!order || caller.userType !== 'customer' || caller.userId !== order.customerId) {
      throw AppError.notFound('order');
    }
    await requirePayprovMethod(ctx, paymentMethodId);
    if (order.status !== 'pending')
      throw new AppError('conflict', `order is ${order.status}; only pending orders take a payment`);
    if (order.total < 1) throw new AppError('invalid_amount', 'the order total is zero; nothing to pay');
    const paid = (await ctx.commerce.payments.ofOrder(order.id)).some((t) => t.status === 'completed');
    if (paid) throw new AppError('conflict', 'the order is paid already');
    const intent = await provider.createIntent(
      {
        amount: order.total,
        currency: order.currency.toLowerCase(),
        description: `Order ${order.orderNumber}`,
        receipt_email: order.email || undefined,
        metadata: {
          svc_order_id: order.id,
          svc_payment_method_id: paymentMethodId,
          svc_order_number: order.orderNumber,
          ...ownerMetadata(caller, order.customerId ? undefined : token),
        },
      },
      `svc-intent-order-${order.id}-${paymentMethodId}`,
    );
    // Recorded now, so the reconciler can settle it even if the provider's webhook never comes.
    await settlement.record(order.id, intent);
    return intentView(intent, ctx.config);
  }
  // The owner first (a guest without a cart token is refused before anything is read or the provider called).
  // A client retry with the same Idempotency-Key gets the same intent, but only within its own buyer's scope:
  // keys like `checkout-1` are guessable, and a shared scope would hand one buyer another's client_secret.
  const buyer = payingBuyer(caller);
  await requirePayprovMethod(ctx, paymentMethodId);
  const key = preorderIntentKey(buyer, caller.idempotencyKey);
  const intent = await provider.createIntent(
    {
      amount: input.amount!,
      currency: input.currency!.toLowerCase(),
      description: 'Payment before checkout',
      metadata: { svc_mode: 'pre_order', svc_payment_method_id: paymentMethodId, ...buyer.metadata },
    },
    key ?? `svc-intent-pre-${randomUUID()}`,
  );
  return intentView(intent, ctx.config);
}

/**
 * `GET /api/v1/store/payprov/payment-status/{paymentIntentId}`: the intent's status and its payment link's.
 * Ownership (spec): a customer must match `svc_customer_id`, a guest must present the guest token whose digest
 * is `svc_guest_token` (any of the guest tokens it presents); anyone else gets 404. An intent without these keys
 * (a guest's pre-order intent, owned by its cart token for checkout, or a payment link's) is a capability here:
 * knowing its id is the proof, as with the link token.
 */
export async function paymentStatus(rt: PayprovRuntime, caller: PluginCaller, id: string) {
  const { ctx, provider } = rt;
  if (!INTENT_ID.test(id)) throw AppError.notFound('payment intent');
  const intent = await provider.retrieve(id);
  if (!intent) throw AppError.notFound('payment intent');
  const meta = intent.metadata ?? {};
  if (meta.svc_customer_id) {
    if (caller.userType !== 'customer' || caller.userId !== meta.svc_customer_id)
      throw AppError.notFound('payment intent');
  } else if (meta.svc_guest_token) {
    const owner = meta.svc_guest_token;
    if (!caller.guestTokens.some((t) => sameSecret(guestTokenDigest(t), owner)))
      throw AppError.notFound('payment intent');
  }
  const link = await ctx.db.payprovLink.findFirst({
    where: { paymentIntentId: id },
    select: { status: true, expiresAt: true },
  });
  const linkStatus = !link
    ? null
    : link.status === 'pending' && link.expiresAt.getTime() <= Date.now()
      ? 'expired'
      : link.status;
  return { status: intent.status, paymentLinkStatus: linkStatus };
}
