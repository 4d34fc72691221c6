import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

import type { CheckoutForm } from './checkout';
import { isProduction } from './config.server';

/**
 * The storefront's own session: one cookie, sealed with AES-256-GCM under STOREFRONT_SESSION_SECRET. It carries the
 * shopper's cart (id and, for an anonymous cart, its token) and a signed-in customer's tokens. The browser holds
 * only ciphertext: it cannot read or alter a service token (contract §12), and a cookie sealed under another key,
 * tampered with or too old is simply no session.
 */

export interface SessionData {
  cartId?: string;
  /** An anonymous cart's `X-Cart-Token`; a customer's cart needs none. */
  cartToken?: string;
  accessToken?: string;
  refreshToken?: string;
  /** When the access token expires (ms since epoch): refreshed shortly before. */
  accessExpiresAt?: number;
  /** The customer's email, for the header ("Account") without a request. */
  email?: string;
  /** A card checkout waiting for its payment: the form, the intent's idempotency key and the quoted total. */
  pendingPayment?: { form: CheckoutForm; key: string; amount: number; currency: string };
  /** The shopper's latest order (a guest's with its token), for the confirmation page. */
  lastOrder?: { id: string; guestToken?: string };
  /** Units in the cart, for the header's "Cart (n)" without a request; refreshed by every cart change. */
  cartCount?: number;
}

export const SESSION_COOKIE = 'sf_session';
/** Thirty days, like an anonymous cart's life in the service (contract §6). */
const MAX_AGE_SECONDS = 30 * 24 * 3600;

let devKey: Buffer | undefined;

function key(): Buffer {
  const secret = process.env.STOREFRONT_SESSION_SECRET;
  if (secret) return createHash('sha256').update(secret).digest();
  if (isProduction()) throw new Error('STOREFRONT_SESSION_SECRET is required in production');
  // Development: a key per process; sessions end when the server restarts.
  devKey ??= randomBytes(32);
  return devKey;
}

export function seal(data: SessionData): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify({ ...data, at: Date.now() }), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unseal(value: string | undefined): SessionData {
  if (!value || value.length > 4096) return {};
  try {
    const raw = Buffer.from(value, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const { at, ...data } = JSON.parse(text) as SessionData & { at: number };
    return Date.now() - at > MAX_AGE_SECONDS * 1000 ? {} : data;
  } catch {
    return {};
  }
}

export function readSession(request: Request): SessionData {
  const header = request.headers.get('cookie') ?? '';
  const match = header.match(new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`));
  return unseal(match?.[1]);
}

/** The Set-Cookie header that stores `data` (or clears the cookie when it is empty). */
export function sessionCookie(data: SessionData): string {
  const empty = Object.values(data).every((v) => v === undefined);
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(isProduction() ? ['Secure'] : [])];
  return empty
    ? [`${SESSION_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ')
    : [`${SESSION_COOKIE}=${seal(data)}`, `Max-Age=${MAX_AGE_SECONDS}`, ...attributes].join('; ');
}
