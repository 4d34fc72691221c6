import type Stripe from 'stripe';

import { AppError, inSpan, type PluginLogger, recordProviderCall } from '../../src/plugin-api';
import type { PayprovConfig } from './config';

export type Intent = Stripe.PaymentIntent;

/** Statuses in which the buyer's money is held or taken: a checkout may rely on them. */
export const PAYABLE = new Set<Intent['status']>(['requires_capture', 'succeeded']);

/** A provider call that failed; the route answers 502 `provider_error` without the provider's message. */
export class ProviderError extends AppError {
  constructor(
    readonly operation: string,
    readonly providerCode: string | undefined,
    readonly httpStatus: number | undefined,
  ) {
    super('provider_error', 'the payment provider could not process the request');
  }
}

/**
 * The provider's API as the plugin uses it, through the `stripe` SDK. `api_base` maps onto the SDK's
 * host/port/protocol (a local double in tests). Every write carries an idempotency key derived from our ids, so
 * a retry after a timeout never charges, captures or refunds twice; the SDK itself never retries (the
 * reconciler does, with the same keys). Failures are logged with the provider's message and thrown as
 * {@link ProviderError}.
 */
export class Provider {
  private readonly stripe: Stripe;

  constructor(
    config: PayprovConfig,
    private readonly log: PluginLogger,
  ) {
    const base = config.api_base ? new URL(config.api_base) : null;
    // stripe loads when the provider is built (the plugin enabled), not with every start.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const StripeClient = require('stripe') as typeof Stripe;
    this.stripe = new StripeClient(config.secret_key, {
      maxNetworkRetries: 0,
      telemetry: false,
      timeout: config.timeout_seconds * 1000,
      ...(base && {
        host: base.hostname,
        port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  createIntent(params: Stripe.PaymentIntentCreateParams, idempotencyKey: string): Promise<Intent> {
    return this.call('create', () =>
      this.stripe.paymentIntents.create({ ...params, capture_method: 'manual' }, { idempotencyKey }),
    );
  }

  /** The intent, or null when the provider does not know it. */
  async retrieve(id: string): Promise<Intent | null> {
    try {
      return await this.call('retrieve', () => this.stripe.paymentIntents.retrieve(id));
    } catch (err) {
      if (err instanceof ProviderError && err.providerCode === 'resource_missing') return null;
      throw err;
    }
  }

  capture(id: string): Promise<Intent> {
    return this.call('capture', () =>
      this.stripe.paymentIntents.capture(id, {}, { idempotencyKey: `svc-capture-${id}` }),
    );
  }

  cancel(id: string): Promise<Intent> {
    return this.call('cancel', () => this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `svc-cancel-${id}` }));
  }

  /**
   * Refunds `amount` cents of a captured intent, or all that is left without one. The refund of what is left of a
   * cancelled or refunded order keeps its key per intent; a core refund passes its own key (derived from the
   * refund's id) and `metadata` naming it, so the provider's refund webhook can name our refund.
   */
  refund(
    id: string,
    amount?: number,
    idempotencyKey = `svc-refund-${id}`,
    metadata?: Record<string, string>,
  ): Promise<Stripe.Refund> {
    return this.call('refund', () =>
      this.stripe.refunds.create(
        { payment_intent: id, ...(amount && { amount }), ...(metadata && { metadata }) },
        { idempotencyKey },
      ),
    );
  }

  /** The refunds of an intent, newest first (the provider is where refunds are kept). */
  async refunds(id: string): Promise<Stripe.Refund[]> {
    const page = await this.call('list_refunds', () => this.stripe.refunds.list({ payment_intent: id, limit: 100 }));
    return page.data;
  }

  /** Checks `Stripe-Signature` over the exact body bytes (5-minute tolerance); null when it does not verify. */
  verifyEvent(body: Buffer, signature: string | undefined, secret: string): Stripe.Event | null {
    if (!signature) return null;
    try {
      return this.stripe.webhooks.constructEvent(body, signature, secret, 300);
    } catch {
      return null;
    }
  }

  /**
   * One provider call: a client span `payprov <operation>` (the SDK's HTTP request nests under it and carries
   * `traceparent`), its count and latency, and failures mapped onto {@link ProviderError}.
   */
  private call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    return inSpan(
      `payprov ${operation}`,
      { 'svc.provider.operation': operation },
      async () => {
        let ok = false;
        try {
          const result = await this.mapped(operation, run);
          ok = true;
          return result;
        } finally {
          recordProviderCall(operation, ok, (performance.now() - started) / 1000);
        }
      },
      { kind: 'client' },
    );
  }

  private async mapped<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const e = err as { code?: string; statusCode?: number; type?: string; message?: string };
      if (e.code !== 'resource_missing')
        this.log.error(
          { operation, status: e.statusCode, type: e.type, code: e.code, message: e.message },
          'payment provider call failed',
        );
      throw new ProviderError(operation, e.code, e.statusCode);
    }
  }
}
