import { randomBytes } from 'node:crypto';

import { AppError, type HookEvent, type PluginCaller, type PluginContext } from '../../src/plugin-api';
import type { PayprovConfig } from './config';
import { sameSecret, sha256Hex as sha256 } from './inputs';

type Ctx = PluginContext<PayprovConfig, 'payprovLink' | 'payprovWebhookEvent'>;

/** The cookie that identifies a guest browser to its own pay-first intents when it has no cart token to show. */
export const PAYER_COOKIE = 'svc_payer';
/** One day, in seconds (the Set-Cookie `Max-Age`). */
const PAYER_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Same bound as the core's `Idempotency-Key` (contract §7). */
const MAX_KEY_LENGTH = 255;

/**
 * Who is paying, as far as a pre-order intent can tell: the scope its client's `Idempotency-Key` lives in (so
 * two buyers who pick the same key never share an intent, or its `client_secret`) and the owner it records in
 * the intent's metadata (so `checkout.before` lets only that buyer spend it).
 *
 * - A customer: their id.
 * - A guest with a cart: the SHA-256 of its `X-Cart-Token`, a secret only that guest holds. The intent is then
 *   bound to that cart's token: a checkout without it is refused.
 * - A guest without a cart token: a random `svc_payer` cookie issued to that browser (HttpOnly), so a retry from
 *   the same browser finds its intent. A client that keeps no cookie gets no replay: each request makes a new
 *   intent rather than one shared with strangers.
 */
export interface Buyer {
  /** Scope of the client's idempotency key; null when the caller holds nothing to scope it by. */
  scope: string | null;
  /** Owner metadata written into the intent. */
  metadata: Record<string, string>;
}

export function payingBuyer(ctx: Ctx, caller: PluginCaller): Buyer {
  const { userId } = caller;
  if (caller.userType === 'customer' && userId)
    return { scope: `customer:${userId}`, metadata: { svc_customer_id: userId } };
  if (caller.cartToken) {
    const digest = sha256(caller.cartToken);
    return { scope: `cart:${digest}`, metadata: { svc_guest: '1', svc_cart_token: digest } };
  }
  // Staff or API keys calling the store route: their own id scopes their keys, the intent is a guest's.
  if (userId) return { scope: `user:${userId}`, metadata: { svc_guest: '1' } };
  return { scope: `payer:${sha256(payerCookie(ctx, caller))}`, metadata: { svc_guest: '1' } };
}

/** The browser's `svc_payer` cookie, issued now when it has none (valid for one day, this plugin's paths only). */
function payerCookie(ctx: Ctx, caller: PluginCaller): string {
  const presented = caller.cookie(PAYER_COOKIE);
  if (presented && /^[0-9a-f]{64}$/.test(presented)) return presented;
  const issued = randomBytes(32).toString('hex');
  caller.setCookie(PAYER_COOKIE, issued, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secureCookie,
    path: '/api/v1/store/payprov',
    maxAge: PAYER_COOKIE_MAX_AGE_SECONDS,
  });
  return issued;
}

/**
 * The provider idempotency key of a pre-order intent: the client's `Idempotency-Key` inside the buyer's scope,
 * hashed (the provider never sees a cart token's digest next to the key, and the length stays bounded). Null
 * when there is nothing to replay by: no key, or a caller without a scope.
 */
export function preorderIntentKey(buyer: Buyer, clientKey: string | undefined): string | null {
  if (!clientKey) return null;
  if (clientKey.length > MAX_KEY_LENGTH)
    throw AppError.validation([{ field: 'Idempotency-Key', detail: `max_length ${MAX_KEY_LENGTH}` }]);
  if (!buyer.scope) return null;
  return `svc-intent-pre-${sha256(`${buyer.scope}\n${clientKey}`)}`;
}

/**
 * Why a checkout may not spend this pay-first intent, or null when it may. Intent ids are not secrets (they
 * appear in URLs, logs and the pay page), so the intent's recorded owner must be the checkout's buyer:
 * a customer's intent pays only that customer's orders; a guest's intent pays only guest orders, and, when it
 * was made with a cart token, only a checkout that presents the same token.
 */
export function ownerMismatch(intentMetadata: Record<string, string> | undefined, event: HookEvent): string | null {
  const meta = intentMetadata ?? {};
  const buyerCustomer = typeof event.entity.customer_id === 'string' ? event.entity.customer_id : null;
  if (meta.svc_customer_id)
    return meta.svc_customer_id === buyerCustomer ? null : 'this payment belongs to another buyer';
  if (buyerCustomer) return 'this payment belongs to another buyer';
  if (meta.svc_cart_token) {
    const presented = event.metadata.cart_token_sha256;
    if (typeof presented !== 'string' || !sameSecret(presented, meta.svc_cart_token))
      return 'this payment belongs to another buyer';
  }
  return null;
}
