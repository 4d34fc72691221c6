import {
  StorefrontCartAddDocument,
  StorefrontCartCreateDocument,
  type StorefrontCartFragment,
  StorefrontCartReadDocument,
  StorefrontCartRemoveDocument,
  StorefrontCartUpdateDocument,
} from '../generated/graphql';
import { ApiError, gql } from './api.server';
import { callerOf, type PageContext } from './page.server';
import { sessionCookie, type SessionData } from './session.server';

/**
 * The shopper's cart, kept by the storefront's server: its id (and an anonymous cart's token) live in the sealed
 * session cookie. A cart the service no longer has (expired, or turned into an order) is forgotten and a new one
 * made on the next add, so a stale cookie never blocks shopping.
 */

export type Cart = StorefrontCartFragment;

/** The cart in the session, or null when there is none (or the service no longer has it). */
export async function readCart(ctx: PageContext): Promise<Cart | null> {
  const { cartId } = ctx.session;
  if (!cartId) return null;
  try {
    return (await gql(StorefrontCartReadDocument, { id: cartId }, callerOf(ctx))).cart;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') return null;
    throw err;
  }
}

/** The session after a cart change: the cart's id, token and unit count (the header's "Cart (n)"). */
export function withCart(session: SessionData, cart: Cart | null, token?: string): SessionData {
  if (!cart) return { ...session, cartId: undefined, cartToken: undefined, cartCount: undefined };
  // A caller switching to another cart clears the old token itself (a new cart brings its own, a customer's needs none).
  return {
    ...session,
    cartId: cart.id,
    cartToken: token ?? session.cartToken,
    cartCount: cart.itemCount,
  };
}

async function createCart(ctx: PageContext): Promise<{ cart: Cart; token?: string }> {
  const created = (await gql(StorefrontCartCreateDocument, { input: {} }, callerOf(ctx))).cartCreate;
  return { cart: created, token: created.sessionToken ?? undefined };
}

/** Adds a line, making the cart first when the session has none (or a stale one). Returns the Set-Cookie. */
export async function addToCart(
  ctx: PageContext,
  line: { productId: string; variantId?: string; quantity: number },
): Promise<{ cart: Cart; cookie: string }> {
  let session = ctx.session;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!session.cartId) {
      const { cart, token } = await createCart({ ...ctx, session });
      session = withCart({ ...session, cartToken: undefined }, cart, token);
    }
    try {
      const cart = (
        await gql(StorefrontCartAddDocument, { cartId: session.cartId!, input: line }, callerOf({ ...ctx, session }))
      ).cartItemAdd;
      session = withCart(session, cart);
      return { cart, cookie: sessionCookie(session) };
    } catch (err) {
      // The stored cart is gone: forget it and make a new one once.
      if (err instanceof ApiError && err.code === 'not_found' && attempt === 0 && session.cartId) {
        session = withCart(session, null);
        continue;
      }
      throw err;
    }
  }
  throw new ApiError('the cart could not be made', 'internal_error');
}

export async function updateLine(ctx: PageContext, itemId: string, quantity: number) {
  const cart = (
    await gql(StorefrontCartUpdateDocument, { cartId: ctx.session.cartId!, itemId, input: { quantity } }, callerOf(ctx))
  ).cartItemUpdate;
  return { cart, cookie: sessionCookie(withCart(ctx.session, cart)) };
}

export async function removeLine(ctx: PageContext, itemId: string) {
  const cart = (await gql(StorefrontCartRemoveDocument, { cartId: ctx.session.cartId!, itemId }, callerOf(ctx)))
    .cartItemRemove;
  return { cart, cookie: sessionCookie(withCart(ctx.session, cart)) };
}
