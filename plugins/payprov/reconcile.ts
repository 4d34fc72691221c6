import type Stripe from 'stripe';

import { type PluginContext, pruneInBatches, sql } from '../../src/plugin-api';
import type { PayprovConfig } from './config';
import { PAYABLE, type Provider } from './provider';
import { REVERSING, type Settlement } from './settle';
import { settle } from './webhook';

type Ctx = PluginContext<PayprovConfig, 'payprovLink' | 'payprovWebhookEvent'>;

/** How many rows one pass looks at per kind (the next pass takes the next ones). */
const BATCH = 100;
/** Rows one prune statement deletes. */
const PRUNE_BATCH = 1000;
/** A deferred webhook event is retried this many times, then left for an operator. */
const MAX_EVENT_ATTEMPTS = 50;
const LIFECYCLE = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'];

export interface ReconcileSummary {
  settledOrders: number;
  checkedPayments: number;
  reversed: number;
  replayedEvents: number;
  prunedEvents: number;
  errors: number;
}

/**
 * Settles what a lost webhook or a crash left behind, the same way the webhook and hooks would: orders whose
 * checkout.after never finished, pending payments (asked of the provider), cancelled or refunded orders whose
 * money was not given back, and deferred webhook events. Every step is idempotent, so instances may run it at
 * the same time, and `svc payprov reconcile` runs the same pass.
 */
export class Reconciler {
  constructor(
    private readonly ctx: Ctx,
    private readonly provider: Provider,
    private readonly settlement: Settlement,
  ) {}

  async runOnce(): Promise<ReconcileSummary> {
    const { commerce } = this.ctx;
    const summary: ReconcileSummary = {
      settledOrders: 0,
      checkedPayments: 0,
      reversed: 0,
      replayedEvents: 0,
      prunedEvents: 0,
      errors: 0,
    };
    const before = new Date(Date.now() - this.ctx.config.reconcile_after_seconds * 1000);
    const guarded = async (what: string, work: () => Promise<void>) => {
      try {
        await work();
      } catch (err) {
        summary.errors++;
        this.ctx.log.error(
          { what, err: err instanceof Error ? err.message : String(err) },
          'reconciliation step failed',
        );
      }
    };

    for (const order of await commerce.payments.ordersAwaitingPayment(before, BATCH))
      await guarded(`order ${order.id}`, async () => {
        const intent = await this.provider.retrieve(order.paymentReference!);
        if (intent && PAYABLE.has(intent.status)) {
          await this.settlement.authorized(order.id, intent);
          summary.settledOrders++;
        }
      });

    for (const tx of await commerce.payments.stale(before, BATCH))
      await guarded(`payment ${tx.providerReference}`, async () => {
        summary.checkedPayments++;
        const intent = await this.provider.retrieve(tx.providerReference);
        const order = await commerce.order(tx.orderId);
        if (!intent || !order) return;
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          if (await this.settlement.apply(tx.providerReference, intent))
            await this.settlement.confirm(order.id, 'payment captured');
        } else if (intent.status === 'requires_capture') {
          if (order.status === 'pending') await this.settlement.authorized(order.id, intent);
          else if (this.captureDue(order.status)) await this.settlement.capture(tx.providerReference);
          else if (tx.authorizationExpiresAt && tx.authorizationExpiresAt.getTime() <= Date.now())
            await commerce.payments.fail(tx.providerReference, 'authorization_expired');
        }
        await commerce.payments.checked(tx.providerReference);
      });

    for (const tx of await commerce.payments.toReverse(BATCH))
      await guarded(`reversal ${tx.providerReference}`, async () => {
        await this.settlement.reverse(tx);
        summary.reversed++;
      });

    // Core refunds still pending (the provider's answer was lost, or its refund webhook never came): counted with
    // the reversals, money given back.
    await guarded('pending refunds', async () => {
      summary.reversed += await commerce.refunds.retryPending(before, BATCH);
    });

    const deferred = await this.ctx.db.payprovWebhookEvent.findMany({
      where: {
        status: 'deferred',
        attempts: { lt: MAX_EVENT_ATTEMPTS },
        updatedAt: { lt: new Date(Date.now() - 5_000) },
      },
      orderBy: { updatedAt: 'asc' },
      take: BATCH,
    });
    for (const row of deferred)
      await guarded(`event ${row.providerEventId}`, async () => {
        await this.ctx.db.payprovWebhookEvent.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
        await settle(this.ctx, this.settlement, row.payload as unknown as Stripe.Event);
        summary.replayedEvents++;
      });
    await guarded('prune', async () => {
      summary.prunedEvents = await this.prune();
    });
    return summary;
  }

  /**
   * Deletes processed webhook events older than `webhook_retention_days`, in batches (SKIP LOCKED: instances
   * pruning at once never wait on each other). Deferred events stay until they are applied. The provider stops
   * redelivering an event after days, well inside the retention; a later redelivery would only be applied again,
   * and every settlement step is idempotent.
   */
  async prune(): Promise<number> {
    const days = this.ctx.config.webhook_retention_days;
    return pruneInBatches(
      () =>
        this.ctx.db.$executeRaw(sql`
          DELETE FROM payprov_webhook_events WHERE id IN (
            SELECT id FROM payprov_webhook_events
            WHERE status = 'processed' AND updated_at < now() - ${days}::int * interval '1 day'
            LIMIT ${PRUNE_BATCH}
            FOR UPDATE SKIP LOCKED)`),
      PRUNE_BATCH,
    );
  }

  /** Whether an order in `status` has reached `capture_on` (and was not cancelled or refunded). */
  private captureDue(status: string): boolean {
    if (REVERSING.has(status)) return false;
    return LIFECYCLE.indexOf(status) >= LIFECYCLE.indexOf(this.ctx.config.capture_on);
  }

  /**
   * Runs a pass every `reconcile_interval_seconds` until the service stops. A pass runs as a background task of
   * the service, so shutdown (of an API instance or `svc worker`) waits for a pass in flight to finish before the
   * database closes: a capture or refund the provider accepted is always recorded.
   */
  start(): void {
    const every = this.ctx.config.reconcile_interval_seconds * 1000;
    let running = false;
    const timer = setInterval(() => {
      if (running || this.ctx.stopping.aborted) return;
      running = true;
      this.ctx.runInBackground(() =>
        this.runOnce()
          .then((s) => {
            if (s.settledOrders || s.reversed || s.replayedEvents || s.prunedEvents || s.errors)
              this.ctx.log.info({ ...s }, 'payments reconciled');
          })
          .catch((err) => this.ctx.log.error({ err: String(err) }, 'reconciliation failed'))
          .finally(() => (running = false)),
      );
    }, every);
    timer.unref();
    this.ctx.stopping.addEventListener('abort', () => clearInterval(timer));
  }
}
