import type Stripe from 'stripe';

import type { PluginCommerce, PluginLogger, RefundOutcome } from '../../src/plugin-api';
import { type Provider, ProviderError } from './provider';

/** The provider's refund status as the core's: its `pending` / `requires_action` wait for the webhook. */
export function refundStatusOf(status: string | null | undefined): RefundOutcome['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/**
 * payprov's part in the core's refunds (contract §10): the core reserves a refund under the order's lock, then
 * asks here, outside any transaction, for a partial refund of the captured intent. The provider's key is the core
 * refund's (derived from its id), so a retry refunds once; the refund carries `svc_refund_id` so the provider's
 * refund webhook names our refund even when this answer was lost. A 4xx from the provider is a definitive no
 * (`failed`, the amount is free again); a timeout or 5xx throws, and the refund stays pending for the webhook.
 */
export function registerRefunder(commerce: PluginCommerce, provider: Provider, log: PluginLogger): void {
  commerce.refunds.register(async ({ order, transaction, refundId, amount, idempotencyKey, retry }) => {
    let refund: Stripe.Refund | undefined;
    // A retry looks first: the provider keeps an idempotency key for a day only, a refund for ever.
    if (retry)
      refund = (await provider.refunds(transaction.providerReference)).find(
        (r) => r.metadata?.svc_refund_id === refundId,
      );
    try {
      refund ??= await provider.refund(transaction.providerReference, amount, idempotencyKey, {
        svc_refund_id: refundId,
        svc_order_id: order.id,
      });
    } catch (err) {
      if (err instanceof ProviderError && err.httpStatus !== undefined && err.httpStatus >= 400 && err.httpStatus < 500)
        return { reference: null, status: 'failed', error: err.providerCode ?? 'refund_failed' };
      throw err;
    }
    log.info({ reference: transaction.providerReference, refund: refund.id, amount, order: order.id }, 'refund made');
    return {
      reference: refund.id,
      status: refundStatusOf(refund.status),
      error: refund.failure_reason ?? undefined,
    };
  });
}

/**
 * Settles core refunds from a verified refund event: `refund.created` / `refund.updated` / `refund.failed` carry
 * the refund, `charge.refunded` the charge with its refunds. Each is matched by our id in its metadata, else by its
 * own id; settling is once, so a repeated or late event changes nothing.
 */
export async function settleRefundEvent(commerce: PluginCommerce, event: Stripe.Event): Promise<string> {
  const object = event.data.object as { id?: string; object?: string; refunds?: { data?: Stripe.Refund[] } };
  const refunds: Stripe.Refund[] =
    object.object === 'charge' ? (object.refunds?.data ?? []) : object.id ? [object as unknown as Stripe.Refund] : [];
  let settled = 0;
  for (const refund of refunds) {
    const refundId = refund.metadata?.svc_refund_id;
    const outcome: RefundOutcome = {
      reference: refund.id,
      status: refundStatusOf(refund.status),
      error: refund.failure_reason ?? undefined,
    };
    if (await commerce.refunds.settle(refundId ? { refundId } : { providerReference: refund.id }, outcome)) settled++;
  }
  return `${settled} refund(s) settled`;
}
