import type { Ctx } from '../../context/ctx';
import { loadOwnedCart } from '../carts';

/** The lines of a cart its caller owns, for checkout from `cart_id`. */
export async function loadCheckoutCart(ctx: Ctx, cartId: string) {
  const cart = await loadOwnedCart(ctx, cartId);
  return {
    cartId: cart.id,
    currency: cart.currency,
    lines: cart.items.map((i) => ({ productId: i.productId, variantId: i.variantId, quantity: i.quantity })),
  };
}
