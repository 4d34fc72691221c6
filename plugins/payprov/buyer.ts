import { AppError, type HookEvent, type PluginCaller } from '../../src/plugin-api';
import { sameSecret, sha256Hex as sha256 } from './inputs';

/** Same bound as the core's `Idempotency-Key` (contract §7). */
const MAX_KEY_LENGTH = 255;

/**
 * Who is paying, as far as a pre-order intent can tell: the scope its client's `Idempotency-Key` lives in (so
 * two buyers who pick the same key never share an intent, or its `client_secret`) and the owner it records in
 * the intent's metadata (so `checkout.before` lets only that buyer spend it). Every intent has an owner:
 *
 * - A customer: their id.
 * - Anyone else (a guest, or staff and API keys buying as guests): the SHA-256 of the `X-Cart-Token` of the cart
 *   being paid for, a secret only that buyer holds. The intent is then bound to that token: a checkout without
 *   it is refused. Without a cart token there is nothing to bind the intent to, and the request is refused (401)
 *   before the provider is called: an intent anyone could spend is a payment anyone could take over.
 */
export interface Buyer {
  /** Scope of the client's idempotency key. */
  scope: string;
  /** Owner metadata written into the intent. */
  metadata: Record<string, string>;
}

export function payingBuyer(caller: PluginCaller): Buyer {
  const { userId } = caller;
  if (caller.userType === 'customer' && userId)
    return { scope: `customer:${userId}`, metadata: { svc_customer_id: userId } };
  if (caller.cartToken) {
    const digest = sha256(caller.cartToken);
    return { scope: `cart:${digest}`, metadata: { svc_guest: '1', svc_cart_token: digest } };
  }
  throw new AppError(
    'unauthorized',
    "a guest's pay-first intent needs the X-Cart-Token of the cart it pays for (or a signed-in customer)",
  );
}

/**
 * The provider idempotency key of a pre-order intent: the client's `Idempotency-Key` inside the buyer's scope,
 * hashed (the provider never sees a cart token's digest next to the key, and the length stays bounded). Null
 * without a key (nothing to replay by).
 */
export function preorderIntentKey(buyer: Buyer, clientKey: string | undefined): string | null {
  if (!clientKey) return null;
  if (clientKey.length > MAX_KEY_LENGTH)
    throw AppError.validation([{ field: 'Idempotency-Key', detail: `max_length ${MAX_KEY_LENGTH}` }]);
  return `svc-intent-pre-${sha256(`${buyer.scope}\n${clientKey}`)}`;
}

/**
 * Why a checkout may not spend this pay-first intent, or null when it may. Intent ids are not secrets (they
 * appear in URLs, logs and the pay page), so the intent's recorded owner must be the checkout's buyer:
 * a customer's intent pays only that customer's orders; a guest's intent pays only guest orders whose checkout
 * presents the cart token it was made with. An intent that records no owner (made before every intent had one)
 * pays nobody's order.
 */
export function ownerMismatch(intentMetadata: Record<string, string> | undefined, event: HookEvent): string | null {
  const meta = intentMetadata ?? {};
  const buyerCustomer = typeof event.entity.customer_id === 'string' ? event.entity.customer_id : null;
  if (meta.svc_customer_id)
    return meta.svc_customer_id === buyerCustomer ? null : 'this payment belongs to another buyer';
  if (buyerCustomer) return 'this payment belongs to another buyer';
  if (!meta.svc_cart_token) return 'this payment records no buyer; create a new payment';
  const presented = event.metadata.cart_token_sha256;
  if (typeof presented !== 'string' || !sameSecret(presented, meta.svc_cart_token))
    return 'this payment belongs to another buyer';
  return null;
}
