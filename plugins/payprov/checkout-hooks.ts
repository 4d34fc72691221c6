import type { HookEvent, PluginContext } from '../../src/plugin-api';
import { ownerMismatch } from './buyer';
import type { PayprovConfig } from './config';
import type { Provider } from './provider';
import { Settlement } from './settle';

type Ctx = PluginContext<PayprovConfig, 'payprovLink' | 'payprovWebhookEvent'>;

/** Whether a checkout event is paid through payprov (its payment method is a payprov method). */
async function paidWithPayprov(ctx: Ctx, event: HookEvent): Promise<boolean> {
  const methodId = event.entity.payment_method_id;
  if (typeof methodId !== 'string') return false;
  return (await ctx.commerce.paymentMethod(methodId))?.provider === 'payprov';
}

const referenceOf = (event: HookEvent) => {
  const ref = event.metadata.payment_reference ?? event.entity.payment_reference;
  return typeof ref === 'string' && ref ? ref : null;
};

/**
 * The pay-first flow (spec "Emission rules", contract §9):
 * - `checkout.before` lets the order be created only for an intent that holds or took the buyer's money, for
 *   exactly the order's total and currency, made for pay-first by this checkout's own buyer, and not used by
 *   another order (the database's unique payment reference settles a race between two checkouts);
 * - `checkout.after` records the payment, captures it when `capture_on` is `confirmed`, and confirms the order;
 * - `checkout.after_failed` (out of stock) releases the authorization;
 * - `order.after_update` captures at `capture_on`, and refunds or releases on cancel and refund.
 */
export function registerCheckoutHooks(ctx: Ctx, provider: Provider, settlement: Settlement): void {
  ctx.hooks.before('checkout.before', async (event) => {
    if (!(await paidWithPayprov(ctx, event))) return;
    const reference = referenceOf(event);
    if (!reference) throw new Error('a payprov payment needs a payment_reference');
    let intent;
    try {
      intent = await provider.retrieve(reference);
    } catch {
      throw new Error('the payment could not be verified with the provider; try again');
    }
    if (!intent) throw new Error('unknown payment_reference');
    if (intent.metadata?.svc_mode !== 'pre_order') throw new Error('this payment belongs to another order');
    const mismatch = ownerMismatch(intent.metadata, event);
    if (mismatch) throw new Error(mismatch);
    const total = Number(event.entity.total);
    const currency = String(event.entity.currency);
    if (!Settlement.matches(intent, total, currency)) {
      if (intent.status !== 'requires_capture' && intent.status !== 'succeeded')
        throw new Error(`the payment is not authorized (status ${intent.status})`);
      throw new Error(`the payment is for ${intent.amount} ${intent.currency}, the order totals ${total} ${currency}`);
    }
    if (await ctx.commerce.orderByPaymentReference(reference))
      throw new Error('the payment reference was already used by another order');
  });

  ctx.hooks.after('checkout.after', async (event) => {
    const reference = referenceOf(event);
    if (!reference || event.metadata.payment_provider !== 'payprov') return;
    const intent = await provider.retrieve(reference);
    if (intent) await settlement.authorized(String(event.entity.id), intent);
  });

  ctx.hooks.after('checkout.after_failed', async (event) => {
    const reference = referenceOf(event);
    if (!reference || event.metadata.reason !== 'insufficient_stock' || !(await paidWithPayprov(ctx, event))) return;
    try {
      await provider.cancel(reference);
      ctx.log.info({ reference }, 'payment released: the checkout ran out of stock');
    } catch {
      ctx.log.error(
        { reference },
        'releasing the payment of a failed checkout failed; the reconciler will not retry it',
      );
    }
  });

  ctx.hooks.after('order.after_update', async (event) => {
    const to = event.changes.to_status;
    if (typeof to === 'string') await settlement.orderMoved(String(event.entity.id), to);
  });
}
