import {
  StorefrontAccountCartDocument,
  StorefrontCartMergeDocument,
  StorefrontRefreshDocument,
  StorefrontSignInDocument,
  StorefrontSignOutDocument,
} from '../generated/graphql';
import { ApiError, gql } from './api.server';
import { withCart } from './cart.server';
import type { Locale } from './locale';
import type { SessionData } from './session.server';

/**
 * Signing in and staying signed in. The service's access token is short-lived; the root's middleware exchanges the
 * refresh token shortly before it expires. A refresh token works once (presenting it twice revokes the whole
 * family), so concurrent requests of one shopper share one exchange per storefront process.
 */

/** Refresh this long before the access token expires, so a page's calls never carry an expired one. */
const REFRESH_MARGIN_MS = 60_000;

type Tokens = { accessToken: string | null; refreshToken: string | null; expiresIn: number };

const withTokens = (session: SessionData, tokens: Tokens): SessionData => ({
  ...session,
  accessToken: tokens.accessToken ?? undefined,
  refreshToken: tokens.refreshToken ?? undefined,
  accessExpiresAt: Date.now() + tokens.expiresIn * 1000,
});

/**
 * Signs a customer in (`invalid_credentials`, `account_locked`… come back as ApiError), then carries the cart
 * over: a guest cart is merged into the customer's (or becomes it); without one, the customer's current cart from
 * any device is picked up. A cart that cannot be carried over never fails the sign-in.
 */
export async function signIn(session: SessionData, locale: Locale, email: string, password: string) {
  const tokens = (await gql(StorefrontSignInDocument, { input: { email, password } }, { locale })).customerLogin;
  const signedIn: SessionData = { ...withTokens(session, tokens), email };
  const caller = { locale, accessToken: signedIn.accessToken };
  try {
    const cart =
      session.cartId && session.cartToken
        ? (
            await gql(
              StorefrontCartMergeDocument,
              { cartId: session.cartId },
              { ...caller, cartToken: session.cartToken },
            )
          ).cartMerge
        : (await gql(StorefrontAccountCartDocument, {}, caller)).accountCart;
    // The cart is the customer's now: it needs no token.
    return withCart({ ...signedIn, cartToken: undefined }, cart);
  } catch {
    return withCart(signedIn, null);
  }
}

const exchanges = new Map<string, Promise<Tokens | null>>();

/** The session with fresh tokens when they are about to expire; signed out when the refresh is refused. */
export async function freshSession(session: SessionData): Promise<{ session: SessionData; changed: boolean }> {
  const { refreshToken, accessExpiresAt } = session;
  if (!refreshToken || (accessExpiresAt ?? 0) - Date.now() > REFRESH_MARGIN_MS) return { session, changed: false };
  let exchange = exchanges.get(refreshToken);
  if (!exchange) {
    exchange = gql(StorefrontRefreshDocument, { input: { refreshToken } }, { locale: 'en' })
      .then((d) => d.tokenRefresh)
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.code !== 'service_unavailable' && err.code !== 'internal_error') return null;
        throw err;
      })
      .finally(() => setTimeout(() => exchanges.delete(refreshToken), 10_000).unref());
    exchanges.set(refreshToken, exchange);
  }
  const tokens = await exchange;
  return { session: tokens ? withTokens(session, tokens) : signedOut(session), changed: true };
}

/** The session without the customer (the cart stays only if it was an anonymous one). */
export function signedOut(session: SessionData): SessionData {
  const customerCart = session.cartId && !session.cartToken;
  return {
    ...session,
    accessToken: undefined,
    refreshToken: undefined,
    accessExpiresAt: undefined,
    email: undefined,
    ...(customerCart ? { cartId: undefined, cartCount: undefined } : {}),
  };
}

/** Ends the session at the service too (the refresh token is revoked), then forgets it here. */
export async function signOut(session: SessionData, locale: Locale): Promise<SessionData> {
  if (session.refreshToken)
    await gql(
      StorefrontSignOutDocument,
      { input: { refreshToken: session.refreshToken } },
      { locale, accessToken: session.accessToken },
    ).catch(() => undefined);
  return signedOut(session);
}
