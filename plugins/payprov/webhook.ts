import { randomUUID } from 'node:crypto';

import type { Request, Response } from 'express';
import type Stripe from 'stripe';

import { AppError, type PluginContext, sql } from '../../src/plugin-api';
import type { PayprovConfig } from './config';
import type { Intent, Provider } from './provider';
import { settleRefundEvent } from './refunds';
import type { Settlement } from './settle';

type Ctx = PluginContext<PayprovConfig, 'payprovLink' | 'payprovWebhookEvent'>;

/** What became of an event: applied (or nothing to do), or kept to retry (its order is not visible yet). */
type Outcome = { status: 'processed'; note: string } | { status: 'deferred'; note: string };

const HANDLED = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.amount_capturable_updated',
]);

/** The provider's refund events: they settle the core's pending refunds (refunds.ts). */
const REFUND_EVENTS = new Set(['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed']);

/** Applies one verified provider event to payments and orders. */
export async function applyEvent(ctx: Ctx, settlement: Settlement, event: Stripe.Event): Promise<Outcome> {
  if (REFUND_EVENTS.has(event.type)) return { status: 'processed', note: await settleRefundEvent(ctx.commerce, event) };
  if (!HANDLED.has(event.type)) return { status: 'processed', note: 'ignored event type' };
  const intent = event.data.object as Intent;
  const meta = intent.metadata ?? {};
  // Pay-first intents belong to no order until checkout: checkout.after settles them (spec: skipped here).
  if (meta.svc_mode === 'pre_order') return { status: 'processed', note: 'pre-order intent skipped' };
  const orderId = meta.svc_order_id;
  if (!orderId) return { status: 'processed', note: 'no svc_order_id metadata' };
  const order = await ctx.commerce.order(orderId).catch(() => null);
  if (!order) return { status: 'deferred', note: 'order not visible yet' };
  if (event.type === 'payment_intent.payment_failed') {
    await settlement.failed(order.id, intent);
    return { status: 'processed', note: 'payment failed' };
  }
  // Authorized (manual capture announces it with amount_capturable_updated) or captured.
  await settlement.authorized(order.id, intent);
  return { status: 'processed', note: event.type };
}

/**
 * `POST /plugins/payprov/webhook`: the signature is checked over the raw bytes before anything else (401
 * otherwise). Each event id is recorded once (a duplicate delivery is a no-op); an event that can't be applied
 * yet is kept `deferred` for the reconciler, and an internal failure is logged: both are acknowledged 204, as
 * the spec says, because the provider's retries would not help more than ours.
 */
export function webhookHandler(ctx: Ctx, provider: Provider, settlement: Settlement) {
  return async (req: Request, res: Response) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const event = provider.verifyEvent(body, req.get('stripe-signature'), ctx.config.webhook_secret);
    if (!event) throw new AppError('invalid_signature', 'webhook signature verification failed');
    try {
      const object = event.data?.object as { id?: string; object?: string; payment_intent?: unknown } | undefined;
      // A refund or charge event names its payment intent beside its own id.
      const intentId =
        (object?.object !== 'payment_intent' && typeof object?.payment_intent === 'string'
          ? object.payment_intent
          : object?.id) ?? null;
      const fresh = await ctx.db.$executeRaw(sql`
        INSERT INTO payprov_webhook_events (id, provider_event_id, event_type, payment_intent_id, payload, status, updated_at)
        VALUES (${randomUUID()}::uuid, ${event.id}, ${event.type}, ${intentId}, ${JSON.stringify(event)}::jsonb, 'deferred', now())
        ON CONFLICT (provider_event_id) DO NOTHING`);
      if (fresh === 0) ctx.log.info({ event: event.id, type: event.type }, 'duplicate webhook event ignored');
      else await settle(ctx, settlement, event);
    } catch (err) {
      // The reconciler finds the payment pending and asks the provider; the provider's retry is not needed.
      ctx.log.error(
        { event: event.id, err: err instanceof Error ? err.message : String(err) },
        'webhook event not recorded',
      );
    }
    res.status(204).end();
  };
}

/** Applies a recorded event and stores the outcome; failures leave it deferred with the error. */
export async function settle(ctx: Ctx, settlement: Settlement, event: Stripe.Event): Promise<void> {
  let outcome: Outcome;
  try {
    outcome = await applyEvent(ctx, settlement, event);
  } catch (err) {
    outcome = { status: 'deferred', note: err instanceof Error ? err.message : String(err) };
    ctx.log.error({ event: event.id, type: event.type, err: outcome.note }, 'webhook event could not be applied');
  }
  ctx.log.info({ event: event.id, type: event.type, outcome: outcome.status, note: outcome.note }, 'webhook event');
  await ctx.db.$executeRaw(sql`
    UPDATE payprov_webhook_events
    SET status = ${outcome.status}::payprov_event_status,
        last_error = ${outcome.status === 'deferred' ? outcome.note.slice(0, 1000) : null},
        updated_at = now()
    WHERE provider_event_id = ${event.id}`);
}
