import { createHash, randomUUID } from 'node:crypto';

import type { Ctx } from '../../context/ctx';
import { GUEST_TOKEN_COOKIE, withGuestToken } from '../../context/guest-tokens';
import { claimKey, findReplay, idempotencyKey, requestHash } from '../../context/idempotency';
import { emitAfter, inTransaction } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import { recordCheckout } from '../../platform/telemetry';
import { violatedUnique } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import { hashCartToken } from '../carts';
import { deductStock } from '../inventory';
import { type ConfirmedOrder, type ConfirmedOrderItem, orderConfirmationSql } from '../mail';
import type { CheckoutInput } from './checkout.inputs';
import { loadCheckoutCart } from './checkout-cart';
import { type CheckoutDraft, draftCheckout } from './checkout-draft';
import { entityOf, getOrder } from './order.service';
import { insertOrder } from './order-insert';
import { newOrderNumber } from './order-number';

/** Thrown inside the transaction when a concurrent request with the same Idempotency-Key has committed first. */
class AlreadyClaimed extends Error {}

/**
 * Places an order. Everything is computed on the server (prices, tax, shipping, discount, totals), then
 * written in ONE transaction: the idempotency claim, the guarded discount use, the order with its items and
 * first status, the stock deduction by warehouse priority under row locks (with sale movements and the
 * denormalized totals) and the emptied cart. Any failure leaves nothing behind. `checkout.before` may cancel
 * first; `order.after_create` and `checkout.after` run after commit; `checkout.after_failed` after a 422
 * `insufficient_stock`.
 */
export async function checkout(ctx: Ctx, input: CheckoutInput) {
  try {
    const placed = await checkoutOnce(ctx, input);
    recordCheckout('placed');
    return placed;
  } catch (err) {
    // `svc.checkout.count` by reason: the error code (a bounded vocabulary), `internal_error` for anything else.
    recordCheckout('failed', err instanceof AppError ? err.code : 'internal_error');
    throw err;
  }
}

async function checkoutOnce(ctx: Ctx, input: CheckoutInput) {
  const key = idempotencyKey(ctx);
  const customerScope = `checkout:${ctx.actor.kind === 'anonymous' ? guestScope(ctx, input) : ctx.actor.id}`;
  const hash = requestHash({ input, cartToken: ctx.request.cartToken ?? null });
  if (key) {
    const replay = await findReplay(ctx, customerScope, key, hash);
    if (replay) return replayed(ctx, String(replay.order_id));
  }

  const cart = input.cartId ? await loadCheckoutCart(ctx, input.cartId) : undefined;
  const draft = await draftCheckout(ctx, input, cart);
  await ctx.hooks.runBefore('checkout.before', {
    entity: draftEntity(draft),
    changes: {},
    metadata: { payment_reference: draft.paymentReference, cart_token_sha256: cartTokenDigest(ctx) },
  });

  try {
    const placed = await placeWithUniqueNumber(ctx, draft, key ? { scope: customerScope, key, hash } : undefined);
    return answered(ctx, placed, draft.paymentProvider);
  } catch (err) {
    if (err instanceof AlreadyClaimed && key) {
      const replay = await findReplay(ctx, customerScope, key, hash);
      if (replay) return replayed(ctx, String(replay.order_id));
    }
    if (err instanceof AppError && err.code === 'insufficient_stock') {
      const event = {
        entity: draftEntity(draft),
        changes: {},
        metadata: { payment_reference: draft.paymentReference, reason: 'insufficient_stock' },
      };
      ctx.background.run(() => ctx.hooks.runAfter('checkout.after_failed', event));
    }
    throw err;
  }
}

/**
 * The cart token's digest as carts store it (SHA-256), or null: what a payment provider compares with the cart
 * token an intent was made under (a pay-first intent belongs to its buyer; intent ids are not secrets). The
 * digest, not the token, so no plugin ever holds a usable cart credential from an event.
 */
function cartTokenDigest(ctx: Ctx): string | null {
  const token = ctx.request.cartToken;
  return token ? hashCartToken(token) : null;
}

/**
 * Guests have no account to scope their Idempotency-Keys by, so the buyer is who the request names: its email
 * and, for a cart checkout, the cart's token. Two guests who happen to pick the same key never collide (nor see
 * each other's order); the same buyer repeating a request does.
 */
function guestScope(ctx: Ctx, input: CheckoutInput): string {
  const buyer = [input.email?.trim().toLowerCase() ?? '', ctx.request.cartToken ?? ''].join('\n');
  return `guest:${createHash('sha256').update(buyer).digest('hex')}`;
}

/**
 * The response for a placed order. A replay (same Idempotency-Key and body) hands a guest its token again:
 * the client repeating the request is the one that lost the first response, cookie included.
 */
async function replayed(ctx: Ctx, orderId: string) {
  const order = await getOrder(ctx, orderId);
  if (order.guestToken) giveGuestToken(ctx, order.guestToken);
  return order;
}

/**
 * The response for an order just placed, from the rows the transaction wrote (committed, so what any reader
 * would now see): the request's loaders are primed with its items and history instead of reading them back.
 */
function answered(ctx: Ctx, { order, items, history }: PlacedOrder, paymentProvider: string | null) {
  ctx.loaders.orderItemsByOrderId.prime(order.id, items);
  ctx.loaders.orderHistoryByOrderId.prime(order.id, [history]);
  ctx.loaders.shipmentsByOrderId.prime(order.id, []); // nothing has shipped yet
  ctx.loaders.returnsByOrderId.prime(order.id, []); // nor can anything have come back
  // Nothing refunded, and (refund-money.ts) nothing paid yet by a manual method's pending order; a provider's
  // checkout hook may have recorded a payment in the transaction, so that order's money is read.
  if (!paymentProvider)
    ctx.loaders.refundMoneyByOrderId.prime(order.id, { status: order.status, paid: 0, refunds: [] });
  if (order.guestToken) giveGuestToken(ctx, order.guestToken);
  return order;
}

const GUEST_TOKEN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Where the guest token cookie goes: the spec's store API path, and the GraphQL endpoint, so a client that uses
 * GraphQL alone can read back its order (`storeOrder`). Two cookies of one name with disjoint paths: a browser
 * sends exactly one of them to each endpoint, and nothing else on the origin sees the credential.
 */
const GUEST_TOKEN_PATHS = ['/api/v1/store', '/graphql'] as const;

/**
 * A guest proves ownership of its order with this token (spec: Guest order token). It travels only as an
 * HttpOnly cookie scoped to the store API and the GraphQL endpoint; the store response says `is_guest_order`
 * instead. The cookie keeps the tokens of the browser's earlier guest orders too (guest-tokens.ts), so a second
 * order leaves the first one readable.
 */
function giveGuestToken(ctx: Ctx, token: string): void {
  const value = withGuestToken(ctx.request.cookies[GUEST_TOKEN_COOKIE], token);
  for (const path of GUEST_TOKEN_PATHS)
    ctx.effects.setCookie(GUEST_TOKEN_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config['security.csrf.secure'],
      path,
      maxAge: GUEST_TOKEN_MAX_AGE_SECONDS,
    });
}

/**
 * Order numbers are random; a collision (unique index) retries the whole transaction with a new number. The order's
 * id and number are chosen before the transaction, so the confirmation email (which names them) is rendered
 * outside it: templates (and a `mail.templates_dir` override read from disk) never hold the transaction open.
 */
async function placeWithUniqueNumber(
  ctx: Ctx,
  draft: CheckoutDraft,
  idem?: { scope: string; key: string; hash: string },
): Promise<PlacedOrder> {
  for (let attempt = 1; ; attempt++) {
    const orderId = randomUUID();
    const orderNumber = newOrderNumber();
    const ids = {
      orderId,
      orderNumber,
      // The confirmation commits with the order, in its statement (the mail outbox; sent by the background jobs).
      alsoWrite: orderConfirmationSql(ctx, confirmedOrder(draft, orderId, orderNumber), confirmedItems(draft)),
    };
    try {
      return await inTransaction(ctx, (tx) => place(tx, draft, ids, idem));
    } catch (err) {
      const target = violatedUnique(err);
      if (attempt < 3 && target.includes('order_number')) continue;
      // Two checkouts racing with one payment reference: the database lets one order have it.
      if (target.includes('payment_reference'))
        throw new AppError('checkout_rejected', 'the payment reference was already used by another order', {
          field: 'payment_reference',
        });
      throw err;
    }
  }
}

type PlacedOrder = Awaited<ReturnType<typeof place>>;

async function place(
  tx: Ctx,
  draft: CheckoutDraft,
  ids: { orderId: string; orderNumber: string; alsoWrite: Prisma.Sql },
  idem?: { scope: string; key: string; hash: string },
) {
  const { orderId, orderNumber } = ids;
  if (idem && !(await claimKey(tx, idem.scope, idem.key, idem.hash, { order_id: orderId }))) throw new AlreadyClaimed();
  // Inside the transaction: a rejection rolls back the idempotency claim with everything else.
  await tx.hooks.runBefore('order.before_create', {
    entity: { id: orderId, ...draftEntity(draft) },
    changes: {},
    metadata: { payment_reference: draft.paymentReference },
  });

  if (draft.discount) {
    const used = await tx.db.$executeRaw(Prisma.sql`
      UPDATE discount_codes SET used_count = used_count + 1, updated_at = now()
      WHERE id = ${draft.discount.id}::uuid AND active AND (max_uses IS NULL OR used_count < max_uses)`);
    if (used === 0)
      throw new AppError('max_uses_reached', 'discount code has been used up', { field: 'discount_code' });
  }

  const { order, items, history } = await insertOrder(tx, draft, ids);
  await deductStock(tx, draft.lines, { orderId, reference: orderNumber });
  if (draft.cartId) await tx.db.cartItem.deleteMany({ where: { cartId: draft.cartId } });

  const entity = entityOf(order, items);
  await emitAfter(tx, 'order.after_create', { entity, changes: {}, metadata: {} });
  await emitAfter(tx, 'checkout.after', {
    entity,
    changes: {},
    metadata: { payment_reference: draft.paymentReference, payment_provider: draft.paymentProvider },
  });
  return { order, items, history };
}

/** What `checkout.before` sees: the order as it would be created, before it exists. */
function draftEntity(draft: CheckoutDraft): Record<string, unknown> {
  return {
    customer_id: draft.customerId,
    email: draft.email,
    currency: draft.currency,
    items: draft.lines.map((l) => ({
      product_id: l.productId,
      variant_id: l.variantId,
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unit_price_gross: l.unitPriceGross,
      unit_price_net: l.unitPriceNet,
      tax_rate: l.taxRate,
    })),
    shipping_method_id: draft.shippingMethodId,
    payment_method_id: draft.paymentMethodId,
    payment_reference: draft.paymentReference,
    discount_code: draft.discount?.code ?? null,
    subtotal_gross: draft.totals.subtotalGross,
    subtotal_net: draft.totals.subtotalNet,
    shipping_gross: draft.totals.shippingGross,
    shipping_net: draft.totals.shippingNet,
    discount_total: draft.totals.discountTotal,
    tax_total: draft.totals.taxTotal,
    total: draft.totals.total,
  };
}

/** The order confirmation's view of the order about to be written (from the draft: the order row does not exist yet). */
function confirmedOrder(draft: CheckoutDraft, id: string, orderNumber: string): ConfirmedOrder {
  return {
    id,
    orderNumber,
    email: draft.email,
    currency: draft.currency,
    ...draft.totals,
    shippingAddress: draft.shippingAddress,
    locale: draft.locale,
  };
}

function confirmedItems(draft: CheckoutDraft): ConfirmedOrderItem[] {
  return draft.lines.map((l) => ({
    name: l.name,
    variantName: l.variantName,
    quantity: l.quantity,
    unitPriceGross: l.unitPriceGross,
    totalGross: l.unitPriceGross * l.quantity,
  }));
}
