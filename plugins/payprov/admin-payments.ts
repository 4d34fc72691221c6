import { randomBytes, randomUUID } from 'node:crypto';

import { AppError, type PaymentTransaction, sql } from '../../src/plugin-api';
import { sha256Hex } from './inputs';
import { requirePayprovMethod } from './intents';
import type { Intent } from './provider';
import type { PayprovRuntime } from './runtime';

/**
 * What staff do with an order's card payments from the admin (GraphQL in admin-graphql.ts): see each payment as
 * the provider has it (with its refunds), capture or release an authorization, refund all or part of a captured
 * payment, and send the buyer of a placed pending order a payment link. Refunds are kept at the provider (listed
 * from it), so a refund made in the provider's dashboard shows here too.
 */

/** One payprov payment of an order, with what the provider says of it. */
export interface OrderPaymentView {
  transactionId: string;
  paymentIntentId: string;
  status: string;
  providerStatus: string | null;
  amount: number;
  currency: string;
  amountRefunded: number;
  refundable: number;
  canCapture: boolean;
  canCancel: boolean;
  authorizationExpiresAt: Date | null;
  capturedAt: Date | null;
  cancelledAt: Date | null;
  refundedAt: Date | null;
  failureReason: string | null;
  refunds: Array<{ id: string; amount: number; status: string; createdAt: Date }>;
}

/** A payment link of an order; `expired` is a pending link past its expiry. */
export interface OrderLinkView {
  id: string;
  status: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  expiresAt: Date;
  createdAt: Date;
}

async function paymentView(rt: PayprovRuntime, tx: PaymentTransaction): Promise<OrderPaymentView> {
  const reference = tx.providerReference;
  // The provider is asked per payment: an order has one or two, and an outage must not hide the order's payments.
  const [intent, refunds] = await Promise.all([
    rt.provider.retrieve(reference).catch(() => null),
    tx.capturedAt ? rt.provider.refunds(reference).catch(() => null) : Promise.resolve([]),
  ]);
  const amountRefunded = tx.refundedAt && !refunds?.length ? tx.amount : sumRefunds(refunds ?? []);
  const open = tx.status === 'pending' && !tx.cancelledAt;
  return {
    transactionId: tx.id,
    paymentIntentId: reference,
    status: tx.status,
    providerStatus: intent?.status ?? null,
    amount: tx.amount,
    currency: tx.currency,
    amountRefunded,
    // Unknown refunds (the provider did not answer) leave nothing to refund rather than a guess.
    refundable: tx.status === 'completed' && refunds && !tx.refundedAt ? Math.max(0, tx.amount - amountRefunded) : 0,
    canCapture: open && (intent ? intent.status === 'requires_capture' : true),
    canCancel: open,
    authorizationExpiresAt: tx.authorizationExpiresAt,
    capturedAt: tx.capturedAt,
    cancelledAt: tx.cancelledAt,
    refundedAt: tx.refundedAt,
    failureReason: tx.failureReason,
    refunds: (refunds ?? []).map((r) => ({
      id: r.id,
      amount: r.amount,
      status: r.status ?? 'succeeded',
      createdAt: new Date(r.created * 1000),
    })),
  };
}

const sumRefunds = (refunds: Array<{ amount: number; status?: string | null }>) =>
  refunds.filter((r) => r.status !== 'failed' && r.status !== 'canceled').reduce((sum, r) => sum + r.amount, 0);

/** The payprov transaction whose provider reference is `paymentIntentId` (404 for any other). */
async function payment(rt: PayprovRuntime, paymentIntentId: string): Promise<PaymentTransaction> {
  const tx = await rt.ctx.commerce.payments.find(paymentIntentId);
  if (!tx || tx.provider !== 'payprov') throw AppError.notFound('payment');
  return tx;
}

const reread = async (rt: PayprovRuntime, tx: PaymentTransaction) =>
  paymentView(rt, (await rt.ctx.commerce.payments.find(tx.providerReference)) ?? tx);

/** The order's payprov payments (oldest first) and payment links (newest first). */
export async function orderPayments(rt: PayprovRuntime, orderId: string) {
  const order = await rt.ctx.commerce.order(orderId);
  if (!order) throw AppError.notFound('order');
  const [transactions, links] = await Promise.all([
    rt.ctx.commerce.payments.ofOrder(orderId),
    rt.ctx.db.payprovLink.findMany({ where: { orderId }, orderBy: { createdAt: 'desc' }, take: 20 }),
  ]);
  const payments = await Promise.all(transactions.map((tx) => paymentView(rt, tx)));
  const now = Date.now();
  return {
    payments,
    links: links.map((l): OrderLinkView => ({
      id: l.id,
      status: l.status === 'pending' && l.expiresAt.getTime() <= now ? 'expired' : l.status,
      paymentIntentId: l.paymentIntentId,
      amount: l.amount,
      currency: l.currency,
      expiresAt: l.expiresAt,
      createdAt: l.createdAt,
    })),
    canCreateLink: order.status === 'pending' && order.total > 0 && !payments.some((p) => p.status === 'completed'),
  };
}

/** Captures an authorized payment now (at most once at the provider). 409 when it cannot be captured. */
export async function capturePayment(rt: PayprovRuntime, paymentIntentId: string): Promise<OrderPaymentView> {
  const tx = await payment(rt, paymentIntentId);
  if (tx.status === 'completed') throw new AppError('conflict', 'the payment is captured already');
  if (tx.cancelledAt) throw new AppError('conflict', 'the authorization was released; it cannot be captured');
  const completed = await rt.settlement.capture(paymentIntentId);
  const now = await reread(rt, tx);
  if (!completed)
    throw new AppError('conflict', `the payment could not be captured (${now.failureReason ?? now.providerStatus})`);
  return now;
}

/** Releases an uncaptured authorization (the buyer's money is no longer held). The order's status stays. */
export async function cancelPayment(rt: PayprovRuntime, paymentIntentId: string): Promise<OrderPaymentView> {
  const tx = await payment(rt, paymentIntentId);
  if (tx.status === 'completed') throw new AppError('conflict', 'the payment is captured; refund it instead');
  if (tx.cancelledAt || tx.status !== 'pending') throw new AppError('conflict', `the payment is ${tx.status} already`);
  await rt.settlement.reverse(tx);
  return reread(rt, tx);
}

/**
 * Refunds `amount` cents of a captured payment (all that is left without one) through the core's refunds
 * (contract §10): one sum for this panel and `refundCreate`, so the two together never give back more than was
 * paid, and each refund is in the order's refunds (who made it, its hook; the last one moves the order to
 * `refunded`). The idempotency key is derived from the refunds made so far and the amount, so a double click (or a
 * retry after a timeout) refunds once. When nothing is left, the transaction is marked refunded (a later cancel or
 * refund of the order then leaves it alone).
 */
export async function refundPayment(
  rt: PayprovRuntime,
  context: unknown,
  paymentIntentId: string,
  amount: number | null | undefined,
): Promise<OrderPaymentView> {
  const tx = await payment(rt, paymentIntentId);
  if (tx.status !== 'completed' || tx.refundedAt)
    throw new AppError(
      'conflict',
      tx.refundedAt ? 'the payment is refunded already' : 'only a captured payment can be refunded',
    );
  const before = await rt.provider.refunds(paymentIntentId);
  const left = tx.amount - sumRefunds(before);
  if (amount != null && (!Number.isInteger(amount) || amount < 1))
    throw AppError.validation([{ field: 'amount', detail: 'min' }]);
  if (amount != null && amount > left)
    throw AppError.validation([{ field: 'amount', detail: `max: at most ${left} is left to refund` }]);
  const value = amount ?? left;
  if (value < 1) throw new AppError('conflict', 'the payment is refunded already');
  const refund = await rt.ctx.commerce.refunds.create(
    context,
    tx.orderId,
    { amount: value, reason: 'card payment refund' },
    {
      idempotencyKey: `payments-panel-${paymentIntentId}-${before.length + 1}-${value}`,
      paymentReference: paymentIntentId,
    },
  );
  if (refund.status === 'failed') throw new AppError('conflict', 'the payment provider refused the refund');
  if (value === left && refund.status === 'succeeded') await rt.ctx.commerce.payments.refunded(paymentIntentId);
  rt.ctx.log.info({ reference: paymentIntentId, amount: value, order: tx.orderId }, 'payment refunded by staff');
  return reread(rt, tx);
}

/** The absolute pay page URL of a link token. */
function payUrl(rt: PayprovRuntime, requestOrigin: string | undefined, token: string): string {
  const base = rt.ctx.config.public_url.replace(/\/+$/, '') || (requestOrigin ?? '');
  return `${base}/plugins/payprov/pay/${token}`;
}

/**
 * A payment link for a placed pending order (staff send it to the buyer), paid with `paymentMethodId` (a payprov
 * method; the order's own when omitted): the order's post-order intent (the same one the buyer's own `order_id`
 * intent would be, by key) recorded as a pending payment, and a link row with the order id and no cart.
 * Completing it on the pay page settles the order's payment (links.ts).
 */
export async function createOrderLink(
  rt: PayprovRuntime,
  orderId: string,
  paymentMethodId: string | null | undefined,
  requestOrigin: string | undefined,
) {
  const { ctx, provider, settlement } = rt;
  const order = await ctx.commerce.order(orderId);
  if (!order) throw AppError.notFound('order');
  if (order.status !== 'pending')
    throw new AppError('conflict', `order is ${order.status}; only pending orders take a payment`);
  if (order.total < 1) throw new AppError('invalid_amount', 'the order total is zero; nothing to pay');
  if ((await ctx.commerce.payments.ofOrder(order.id)).some((t) => t.status === 'completed'))
    throw new AppError('conflict', 'the order is paid already');
  // An order placed with another method (an invoice, a phone order) may still be paid by card through a link.
  const methodId = paymentMethodId ?? order.paymentMethodId;
  if (!methodId) throw AppError.validation([{ field: 'paymentMethodId', detail: 'required' }]);
  await requirePayprovMethod(ctx, methodId);
  const intent = await provider.createIntent(
    {
      amount: order.total,
      currency: order.currency.toLowerCase(),
      description: `Order ${order.orderNumber}`,
      receipt_email: order.email || undefined,
      metadata: { svc_order_id: order.id, svc_payment_method_id: methodId, svc_order_number: order.orderNumber },
    },
    `svc-intent-order-${order.id}-${methodId}`,
  );
  await settlement.record(order.id, intent);
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ctx.config.link_ttl_minutes * 60_000);
  const link = await ctx.db.payprovLink.create({
    data: {
      id,
      tokenHash: sha256Hex(token),
      paymentIntentId: intent.id,
      orderId: order.id,
      customerId: order.customerId,
      paymentMethodId: methodId,
      email: order.email,
      amount: order.total,
      currency: order.currency.toUpperCase(),
      expiresAt,
    },
  });
  return {
    paymentUrl: payUrl(rt, requestOrigin, token),
    link: {
      id: link.id,
      status: link.status,
      paymentIntentId: link.paymentIntentId,
      amount: link.amount,
      currency: link.currency,
      expiresAt: link.expiresAt,
      createdAt: link.createdAt,
    } satisfies OrderLinkView,
  };
}

/**
 * Completes an order's payment link (links.ts calls it for a claimed link without a cart): the buyer's card
 * is authorized, so the payment settles as an authorization webhook would settle it (recorded, captured when
 * `capture_on` is `confirmed`, the order confirmed), and the link is completed. A failure releases the claim
 * (the buyer may try again; the reconciler settles the payment meanwhile).
 */
export async function completeOrderLink(
  rt: PayprovRuntime,
  link: { id: string; orderId: string | null; paymentIntentId: string },
  intent: Intent,
) {
  const { ctx, settlement } = rt;
  try {
    if (!link.orderId) throw new Error('an order link without its order');
    await settlement.authorized(link.orderId, intent);
  } catch (err) {
    ctx.log.warn({ link: link.id, err: (err as Error).message }, 'payment link of an order: settling failed');
    await ctx.db.$executeRaw(sql`
        UPDATE payprov_links SET status = 'pending', updated_at = now() WHERE id = ${link.id}::uuid AND status = 'claimed'`);
    throw new AppError('checkout_rejected', 'checkout failed');
  }
  await ctx.db.$executeRaw(sql`
      UPDATE payprov_links SET status = 'completed', updated_at = now() WHERE id = ${link.id}::uuid`);
  const order = await ctx.commerce.order(link.orderId);
  return {
    status: 'completed',
    paymentIntentId: link.paymentIntentId,
    orderId: link.orderId,
    orderNumber: order?.orderNumber ?? '',
  };
}
