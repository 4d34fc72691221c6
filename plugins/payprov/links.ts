import { randomBytes, randomUUID } from 'node:crypto';

import { AppError, type CheckoutQuoteRequest, type PluginCaller, sql } from '../../src/plugin-api';
import { completeOrderLink } from './admin-payments';
import { INTENT_ID, sha256Hex } from './inputs';
import { requirePayprovMethod } from './intents';
import { PAYABLE, type Provider } from './provider';
import type { PayprovCtx as Ctx, PayprovRuntime } from './runtime';

/** Link tokens are 32 random bytes, base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const tokenHash = sha256Hex;

/** What a client is told when completing fails: the spec's generic text (the cause is logged). */
const checkoutFailed = () => new AppError('checkout_rejected', 'checkout failed');

/**
 * The link a token names, usable now: 404 when unknown, 410 `payment_link_expired` or `payment_link_used`.
 * `allowClaimed` lets the pay page render while a completion is in flight.
 */
export async function usableLink(ctx: Ctx, token: string) {
  const link = TOKEN.test(token)
    ? await ctx.db.payprovLink.findUnique({ where: { tokenHash: tokenHash(token) } })
    : null;
  if (!link) throw AppError.notFound('payment link');
  if (link.status !== 'pending') throw new AppError('payment_link_used', 'this payment link has been used');
  if (link.expiresAt.getTime() <= Date.now())
    throw new AppError('payment_link_expired', 'this payment link has expired');
  return link;
}

/** The URL of the pay page for `token`: under `public_url`, else the request's own origin (relative without one). */
function payUrl(ctx: Ctx, caller: PluginCaller, token: string): string {
  const base = ctx.config.public_url.replace(/\/+$/, '') || caller.origin || '';
  return `${base}/plugins/payprov/pay/${token}`;
}

/** The spec's snake_case keys of an address as the checkout request (and the stored link) carries it. */
const snakeKeys = (address: object | null | undefined) =>
  address &&
  Object.fromEntries(
    Object.entries(address)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );

/** The body of `POST /api/v1/store/payprov/payment-link` as the REST reader gives it. */
export type LinkRequest = Required<
  Pick<CheckoutQuoteRequest, 'cartId' | 'paymentMethodId' | 'shippingMethodId' | 'shippingAddress'>
> &
  Pick<CheckoutQuoteRequest, 'billingAddress' | 'email'>;

/**
 * `POST /api/v1/store/payprov/payment-link`: prices the caller's cart server-side (current prices, the
 * shipping method, tax; the client can't set an amount), creates a pre-order intent for that total in the
 * configured currency, and stores the link with only its token's hash.
 */
export async function createLink(rt: PayprovRuntime, context: unknown, caller: PluginCaller, input: LinkRequest) {
  const { ctx, provider } = rt;
  await requirePayprovMethod(ctx, input.paymentMethodId);
  // The checkout's own validation and pricing, with the caller's cart access (JWT or X-Cart-Token).
  const quote = await ctx.commerce.quoteCheckout(context, input);
  const currency = ctx.config.currency.toUpperCase();
  if (quote.currency.toUpperCase() !== currency)
    throw new AppError('currency_mismatch', `payment links are in ${currency}; the cart is in ${quote.currency}`, {
      field: 'cart_id',
    });
  if (quote.total < 1) throw new AppError('invalid_amount', 'the cart total is zero; nothing to pay');

  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const cartToken = caller.cartToken ?? null;
  const intent = await provider.createIntent(
    {
      amount: quote.total,
      currency: currency.toLowerCase(),
      description: 'Payment link',
      receipt_email: quote.email || undefined,
      metadata: {
        svc_mode: 'pre_order',
        svc_payment_method_id: input.paymentMethodId,
        svc_link_id: id,
        // The owner, as for pay-first intents, so checkout.before lets only this buyer spend it.
        ...(quote.customerId
          ? { svc_customer_id: quote.customerId }
          : { svc_guest: '1', ...(cartToken && { svc_cart_token: tokenHash(cartToken) }) }),
      },
    },
    `svc-intent-link-${id}`,
  );
  const expiresAt = new Date(Date.now() + ctx.config.link_ttl_minutes * 60_000);
  // Addresses as the checkout request spells them: completing the link hands them to the checkout function.
  const shippingAddress = snakeKeys(input.shippingAddress)!;
  await ctx.db.payprovLink.create({
    data: {
      id,
      tokenHash: tokenHash(token),
      paymentIntentId: intent.id,
      cartId: input.cartId,
      cartToken,
      customerId: quote.customerId,
      shippingMethodId: input.shippingMethodId,
      paymentMethodId: input.paymentMethodId,
      shippingAddress,
      billingAddress: snakeKeys(input.billingAddress) ?? shippingAddress,
      email: quote.email,
      amount: quote.total,
      currency,
      expiresAt,
    },
  });
  return { paymentUrl: payUrl(ctx, caller, token), paymentIntentId: intent.id, expiresAt };
}

/** The payment data a link's page needs (spec: no addresses; the currency lower case, as the intent's). */
export async function linkPaymentData(ctx: Ctx, provider: Provider, token: string) {
  const link = await usableLink(ctx, token);
  const intent = await provider.retrieve(link.paymentIntentId);
  if (!intent) throw AppError.notFound('payment link');
  return {
    clientSecret: intent.client_secret,
    publishableKey: ctx.config.publishable_key,
    amount: link.amount,
    currency: link.currency.toLowerCase(),
    email: link.email,
  };
}

/**
 * `POST /api/v1/store/payprov/payment-link/{token}/complete` `{ payment_intent_id }`: checks the link and the
 * intent (held or taken), claims the link with one guarded UPDATE (of any number of concurrent completes, one
 * wins; the others see 410), then runs the full programmatic checkout (hooks, stock, capture). A checkout that
 * fails releases the claim so the buyer can try again; the client hears only 'checkout failed'.
 */
export async function completeLink(rt: PayprovRuntime, caller: PluginCaller, token: string, intentId: string) {
  const { ctx, provider } = rt;
  const link = await usableLink(ctx, token);
  if (!INTENT_ID.test(intentId) || intentId !== link.paymentIntentId)
    throw AppError.validation([{ field: 'payment_intent_id', detail: 'does not belong to this payment link' }]);
  const intent = await provider.retrieve(link.paymentIntentId);
  if (!intent || !PAYABLE.has(intent.status)) {
    ctx.log.warn({ link: link.id, status: intent?.status }, 'payment link completed before the payment was authorized');
    throw checkoutFailed();
  }
  const claimed = await ctx.db.$executeRaw(sql`
      UPDATE payprov_links SET status = 'claimed', updated_at = now()
      WHERE id = ${link.id}::uuid AND status = 'pending' AND expires_at > now()`);
  if (claimed === 0) {
    await usableLink(ctx, token); // throws the 410 that applies now
    throw new AppError('payment_link_used', 'this payment link has been used');
  }
  // A link staff made for a placed order (admin-payments.ts; no cart): settle that order instead of placing one.
  if (!link.cartId) return completeOrderLink(rt, link, intent);
  let orderId: string;
  let orderNumber: string;
  try {
    const order = await ctx.checkout({
      customerId: link.customerId,
      cartToken: link.cartToken,
      clientIp: caller.clientIp,
      requestId: caller.requestId,
      request: {
        cart_id: link.cartId,
        shipping_method_id: link.shippingMethodId,
        payment_method_id: link.paymentMethodId,
        shipping_address: link.shippingAddress,
        billing_address: link.billingAddress,
        ...(link.email && { email: link.email }),
        payment_reference: link.paymentIntentId,
      },
    });
    orderId = String(order.data.id);
    orderNumber = String(order.data.order_number);
  } catch (err) {
    ctx.log.warn(
      { link: link.id, code: (err as AppError).code, err: (err as Error).message },
      'payment link checkout failed',
    );
    await ctx.db.$executeRaw(sql`
        UPDATE payprov_links SET status = 'pending', updated_at = now() WHERE id = ${link.id}::uuid AND status = 'claimed'`);
    throw checkoutFailed();
  }
  await ctx.db.$executeRaw(sql`
      UPDATE payprov_links SET status = 'completed', order_id = ${orderId}::uuid, updated_at = now()
      WHERE id = ${link.id}::uuid`);
  return { status: 'completed', paymentIntentId: link.paymentIntentId, orderId, orderNumber };
}
