import { createHash, timingSafeEqual } from 'node:crypto';

import { customerIdOf } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { AppError } from '../../shared/errors';

export function hashCartToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Loads a cart its caller may use (contract §6): a customer's cart needs that customer's credentials, an
 * anonymous cart the `X-Cart-Token` it was created with (compared in constant time). Anything else, and an
 * expired anonymous cart, is 404 so carts cannot be probed.
 */
export async function loadOwnedCart(ctx: Ctx, id: string) {
  const cart = await ctx.db.cart.findUnique({
    where: { id },
    include: { items: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } },
  });
  if (!cart || !ownsCart(ctx, cart)) throw AppError.notFound('cart');
  return cart;
}

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
