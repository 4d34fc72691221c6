import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { payingBuyer, preorderIntentKey } from './buyer';
import { AppError, type PluginContext } from '../../src/plugin-api';
import type { PayprovConfig } from './config';
import { BodyReader, INTENT_ID, guestTokenDigest, presentedGuestToken, sameSecret } from './inputs';
import type { Intent, Provider } from './provider';
import type { Settlement } from './settle';

type Ctx = PluginContext<PayprovConfig, 'payprovLink' | 'payprovWebhookEvent'>;

/** The spec's response body of an intent. */
export function intentView(intent: Intent, config: PayprovConfig) {
  return {
    id: intent.id,
    client_secret: intent.client_secret,
    publishable_key: config.publishable_key,
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
function ownerMetadata(ctx: Ctx, req: Request, guestToken?: string): Record<string, string> {
  if (ctx.auth.userType(req) === 'customer') return { svc_customer_id: ctx.auth.userId(req)! };
  return guestToken ? { svc_guest_token: guestTokenDigest(guestToken) } : {};
}

/**
 * `POST /api/v1/store/payprov/payment-intent`: pre-order mode (`amount`, `currency`, `payment_method_id`) for pay
 * first, or post-order mode (`order_id`, `payment_method_id`, `guest_token` for guest orders) to pay a placed
 * order. Manual capture always. A post-order intent is created with a key derived from the order, so a retry
 * (or a double click) returns the same intent instead of a second one.
 */
export function createIntentHandler(ctx: Ctx, provider: Provider, settlement: Settlement) {
  return async (req: Request, res: Response) => {
    const input = new BodyReader(req.body);
    const paymentMethodId = input.uuid('payment_method_id');
    if (input.has('order_id')) {
      const orderId = input.uuid('order_id');
      const bodyToken = input.guestToken('guest_token');
      // One mode per body: an amount beside an order would be ignored, and the caller should hear that.
      input.notWith(['amount', 'currency'], 'order_id');
      input.done();
      const order = await ctx.commerce.order(orderId!);
      if (order && !order.customerId) {
        // Guest order: the token proves ownership (spec: without one 401, a wrong one 404).
        const token = presentedGuestToken(req, bodyToken);
        if (!token) {
          if (ctx.auth.userType(req)) throw AppError.notFound('order');
          throw new AppError('unauthorized', 'guest orders need their guest_token');
        }
        if (!order.guestToken || !sameSecret(token, order.guestToken)) throw AppError.notFound('order');
      } else if (!order || ctx.auth.userType(req) !== 'customer' || ctx.auth.userId(req) !== order.customerId) {
        throw AppError.notFound('order');
      }
      await requirePayprovMethod(ctx, paymentMethodId!);
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
            svc_payment_method_id: paymentMethodId!,
            svc_order_number: order.orderNumber,
            ...ownerMetadata(ctx, req, order.customerId ? undefined : presentedGuestToken(req, bodyToken)),
          },
        },
        `svc-intent-order-${order.id}-${paymentMethodId}`,
      );
      // Recorded now, so the reconciler can settle it even if the provider's webhook never comes.
      await settlement.record(order.id, intent);
      return void res.status(201).json({ data: intentView(intent, ctx.config) });
    }
    const amount = input.amount('amount');
    const currency = input.currency('currency');
    input.notWith(['guest_token'], 'order_id', false);
    input.done();
    await requirePayprovMethod(ctx, paymentMethodId!);
    // A client retry with the same Idempotency-Key gets the same intent, but only within its own buyer's scope:
    // keys like `checkout-1` are guessable, and a shared scope would hand one buyer another's client_secret.
    const buyer = payingBuyer(ctx, req, res);
    const key = preorderIntentKey(buyer, req.get('idempotency-key'));
    const intent = await provider.createIntent(
      {
        amount: amount!,
        currency: currency!.toLowerCase(),
        description: 'Payment before checkout',
        metadata: { svc_mode: 'pre_order', svc_payment_method_id: paymentMethodId!, ...buyer.metadata },
      },
      key ?? `svc-intent-pre-${randomUUID()}`,
    );
    res.status(201).json({ data: intentView(intent, ctx.config) });
  };
}

/**
 * `GET /api/v1/store/payprov/payment-status/{paymentIntentID}`: the intent's status and its payment link's.
 * Ownership (spec): a customer must match `svc_customer_id`, a guest must present the guest token whose digest
 * is `svc_guest_token`; anyone else gets 404. An intent without ownership keys (a guest's pre-order intent or a
 * payment link's) is a capability: knowing its id is the proof, as with the link token.
 */
export function paymentStatusHandler(ctx: Ctx, provider: Provider) {
  return async (req: Request, res: Response) => {
    const id = String(req.params.paymentIntentId);
    if (!INTENT_ID.test(id)) throw AppError.notFound('payment intent');
    const intent = await provider.retrieve(id);
    if (!intent) throw AppError.notFound('payment intent');
    const meta = intent.metadata ?? {};
    if (meta.svc_customer_id) {
      if (ctx.auth.userType(req) !== 'customer' || ctx.auth.userId(req) !== meta.svc_customer_id)
        throw AppError.notFound('payment intent');
    } else if (meta.svc_guest_token) {
      const token = presentedGuestToken(req);
      if (!token || !sameSecret(guestTokenDigest(token), meta.svc_guest_token))
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
    res.json({ data: { status: intent.status, payment_link_status: linkStatus } });
  };
}
