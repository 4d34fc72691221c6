import { createHash } from 'node:crypto';
export { sameSecret } from '../../src/plugin-api';

/** Provider ids as the stripe API forms them (`pi_…`); anything else can't name an intent. */
export const INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;
/** The largest amount a payment may have (cents): the provider's own limit. */
export const MAX_AMOUNT = 99_999_999;

/** The SHA-256 (hex) under which this plugin keeps a secret: link tokens, and what intents record of tokens. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** What an intent's metadata keeps of a guest token: its SHA-256, so the provider never holds a usable token. */
export const guestTokenDigest = sha256Hex;
