import { createHash } from 'node:crypto';

import type { CheckoutForm } from './checkout';

/**
 * The checkout's `Idempotency-Key`: the same cart and form sent twice (a double click, a retry after a lost answer)
 * places one order; a changed form is a new attempt (the service refuses a reused key with another body).
 */
export const attemptKey = (cart: { id: string; items: { id: string; quantity: number }[] }, form: CheckoutForm) =>
  createHash('sha256')
    .update(JSON.stringify([cart.id, cart.items.map((i) => [i.id, i.quantity]), form]))
    .digest('hex');
