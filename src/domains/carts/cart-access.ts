import { createHash, timingSafeEqual } from 'node:crypto';

import { customerIdOf } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { AppError } from '../../shared/errors';

export function hashCartToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A cart's lines in the order they were added (the order every answer lists them in). */
const WITH_ITEMS = { items: { orderBy: [{ createdAt: 'asc' as const }, { id: 'asc' as const }] } };

/**
 * Loads a cart its caller may use (contract §6): a customer's cart needs that customer's credentials, an
 * anonymous cart the `X-Cart-Token` it was created with (compared in constant time). Anything else, and an
 * expired anonymous cart, is 404 so carts cannot be probed.
 */
export async function loadOwnedCart(ctx: Ctx, id: string) {
  const cart = await ctx.db.cart.findUnique({ where: { id }, include: WITH_ITEMS });
  if (!cart || !ownsCart(ctx, cart)) throw AppError.notFound('cart');
  return cart;
}

/**
 * The anonymous cart a signed-in customer merges (cartMerge): only its `X-Cart-Token` reaches it, as on every
 * cart route, so a customer's cart (another's, or an anonymous cart a concurrent merge has just adopted) is 404.
 * The one exception is the caller naming their own cart without any token, a client mistake that 422 explains.
 */
export async function loadMergeSource(ctx: Ctx, id: string) {
  const cart = await ctx.db.cart.findUnique({ where: { id }, include: WITH_ITEMS });
  if (cart?.customerId && cart.customerId === customerIdOf(ctx.actor) && !ctx.request.cartToken)
    throw AppError.validation([{ field: 'cart_id', detail: 'own_cart' }]);
  if (!cart || cart.customerId || !ownsCart(ctx, cart)) throw AppError.notFound('cart');
  return cart;
}

/**
 * The customer's current cart: of their carts holding at least one line, the one changed last. Checkout empties
 * the cart it orders from (without touching the cart row), so a checked-out cart is never current; neither is an
 * empty cart just created, which loses nothing by being left out.
 */
export function findCurrentCart(ctx: Ctx, customerId: string) {
  return ctx.db.cart.findFirst({ where: currentOf(customerId), orderBy: LATEST_FIRST, include: WITH_ITEMS });
}

/** The current cart's id alone (what a merge locks before reading the lines). */
export async function findCurrentCartId(ctx: Ctx, customerId: string): Promise<string | null> {
  const cart = await ctx.db.cart.findFirst({
    where: currentOf(customerId),
    orderBy: LATEST_FIRST,
    select: { id: true },
  });
  return cart?.id ?? null;
}

const currentOf = (customerId: string) => ({ customerId, items: { some: {} } });
const LATEST_FIRST = [{ updatedAt: 'desc' as const }, { id: 'desc' as const }];

function ownsCart(
  ctx: Ctx,
  cart: { customerId: string | null; sessionTokenHash: string | null; expiresAt: Date | null },
): boolean {
  if (cart.customerId) return customerIdOf(ctx.actor) === cart.customerId;
  if (cart.expiresAt && cart.expiresAt.getTime() < Date.now()) return false;
  const token = ctx.request.cartToken;
  if (!token || !cart.sessionTokenHash) return false;
  const given = Buffer.from(hashCartToken(token), 'hex');
  const stored = Buffer.from(cart.sessionTokenHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
