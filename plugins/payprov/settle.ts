import type { PaymentTransaction, PluginCommerce, PluginLogger } from '../../src/plugin-api';
import type { PayprovConfig } from './config';
import { type Intent, PAYABLE, type Provider } from './provider';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Order statuses after which a payment is given back (contract §9). */
export const REVERSING = new Set(['cancelled', 'refunded']);

/**
 * Moves payments and orders along with what the provider says. Every step is idempotent: provider writes carry
 * keys derived from the intent id, and each transaction change is a guarded update, so the checkout hook, a
 * webhook and the reconciler may all settle the same payment at once and it still captures once, completes once
 * and fires its payment hook once.
 */
export class Settlement {
  constructor(
    private readonly config: PayprovConfig,
    private readonly commerce: PluginCommerce,
    private readonly provider: Provider,
    private readonly log: PluginLogger,
  ) {}

  /** When an authorization made now lapses at the provider. */
  authorizationExpiry(intent: Intent): Date {
    return new Date(intent.created * 1000 + this.config.authorization_days * DAY_MS);
  }

  /** Records the order's payment for `intent` (once) and answers it. */
  record(orderId: string, intent: Intent): Promise<PaymentTransaction> {
    return this.commerce.payments.record({
      orderId,
      providerReference: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      authorizationExpiresAt: this.authorizationExpiry(intent),
    });
  }

  /**
   * The buyer's money is held for a placed order (checkout.after of a pay-first order, an authorization webhook,
   * or the reconciler): record the payment, capture now when `capture_on` is `confirmed`, and confirm the order
   * (only once the capture succeeded, when capturing now).
   */
  async authorized(orderId: string, intent: Intent): Promise<void> {
    await this.record(orderId, intent);
    if (this.config.capture_on === 'confirmed' || intent.status === 'succeeded') {
      const completed = await this.capture(intent.id);
      if (!completed) return;
      await this.confirm(orderId, 'payment captured');
    } else {
      await this.confirm(orderId, `payment authorized; captured when the order is ${this.config.capture_on}`);
    }
  }

  /**
   * Captures a recorded payment (at most once at the provider) and completes it. A lapsed authorization fails the
   * payment with `authorization_expired` instead of calling the provider. True when the payment is completed.
   */
  async capture(reference: string): Promise<boolean> {
    const tx = await this.commerce.payments.find(reference);
    // A failed payment may still be captured: the buyer can retry the same intent with another card.
    if (!tx || tx.cancelledAt) return false;
    if (tx.status === 'completed') return true;
    if (tx.authorizationExpiresAt && tx.authorizationExpiresAt.getTime() <= Date.now()) {
      await this.commerce.payments.fail(reference, 'authorization_expired');
      this.log.warn({ reference }, 'capture after the authorization lapsed; payment failed');
      return false;
    }
    let intent: Intent | null;
    try {
      intent = await this.provider.capture(reference);
    } catch {
      // Settle by what the provider says: a racing capture may have won, the authorization may be gone.
      intent = await this.provider.retrieve(reference).catch(() => null);
    }
    return this.apply(reference, intent);
  }

  /** Brings a recorded payment in line with the provider's intent. True when it is completed. */
  async apply(reference: string, intent: Intent | null): Promise<boolean> {
    if (!intent) return false;
    if (intent.status === 'succeeded') {
      await this.commerce.payments.complete(reference);
      return true;
    }
    if (intent.status === 'canceled') {
      const expired = intent.cancellation_reason === 'automatic' || intent.cancellation_reason === 'abandoned';
      await this.commerce.payments.fail(reference, expired ? 'authorization_expired' : 'canceled');
    }
    return false;
  }

  /** A payment the provider reports failed: the transaction fails (never a completed one); the order stays. */
  async failed(orderId: string, intent: Intent): Promise<void> {
    await this.record(orderId, intent);
    const reason = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'payment_failed';
    await this.commerce.payments.fail(intent.id, reason);
  }

  /** Moves a pending order to confirmed (through the core order service); a no-op when it moved on already. */
  async confirm(orderId: string, comment: string): Promise<void> {
    const order = await this.commerce.order(orderId);
    if (order?.status === 'pending') await this.commerce.setOrderStatus(orderId, 'confirmed', comment);
  }

  /** The order reached `status`: capture when it is `capture_on`; give the money back when it is cancelled or refunded. */
  async orderMoved(orderId: string, status: string): Promise<void> {
    if (status === this.config.capture_on) {
      for (const tx of await this.commerce.payments.ofOrder(orderId))
        if (tx.status === 'pending') await this.capture(tx.providerReference);
    }
    if (REVERSING.has(status)) for (const tx of await this.commerce.payments.ofOrder(orderId)) await this.reverse(tx);
  }

  /** Refunds a captured payment or releases an uncaptured authorization: once, whatever the number of callers. */
  async reverse(tx: PaymentTransaction): Promise<void> {
    const reference = tx.providerReference;
    if (tx.status === 'completed' && !tx.refundedAt) {
      // Only what is left: the order's partial refunds (core refunds, contract §10) were given back already, and
      // a refund up to the whole payment marks it refunded before the order moves (nothing is refunded twice).
      const given = (await this.provider.refunds(reference))
        .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
        .reduce((sum, r) => sum + r.amount, 0);
      const left = tx.amount - given;
      if (left > 0) await this.provider.refund(reference, given > 0 ? left : undefined);
      await this.commerce.payments.refunded(reference);
      this.log.info({ reference, order: tx.orderId, amount: Math.max(0, left) }, 'payment refunded');
    } else if (tx.status === 'pending' && !tx.cancelledAt) {
      let intent: Intent | null;
      try {
        intent = await this.provider.cancel(reference);
      } catch {
        intent = await this.provider.retrieve(reference);
        // Captured meanwhile (a racing capture): complete it, then refund it.
        if (intent?.status === 'succeeded') {
          await this.commerce.payments.complete(reference);
          const now = await this.commerce.payments.find(reference);
          return now?.status === 'completed' ? this.reverse(now) : undefined;
        }
        if (intent?.status !== 'canceled') throw new Error(`intent ${reference} could not be cancelled`);
      }
      if (intent) await this.commerce.payments.cancelled(reference);
      this.log.info({ reference, order: tx.orderId }, 'payment authorization released');
    }
  }

  /** Whether a pay-first intent may pay for an order: held or taken, same amount and currency. */
  static matches(intent: Intent, amount: number, currency: string): boolean {
    return PAYABLE.has(intent.status) && intent.amount === amount && intent.currency === currency.toLowerCase();
  }
}
