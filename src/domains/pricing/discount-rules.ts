import { AppError } from '../../shared/errors';

export interface DiscountTerms {
  code: string;
  type: 'percentage' | 'fixed';
  value: number;
  minOrderValue: number | null;
  maxUses: number | null;
  usedCount: number;
  validFrom: Date | null;
  validUntil: Date | null;
  active: boolean;
}

/** Codes compare case-insensitively; they are stored trimmed and lower-cased. */
export function normalizeCode(code: string): string {
  return code.trim().toLowerCase();
}

/**
 * Cents a code takes off `subtotal`, or the contract's 422: `code_invalid` (unknown, inactive, outside its
 * window, below `min_order_value`) or `max_uses_reached`. Percentages round half up; nothing goes below 0.
 * Checkout calls this inside its transaction and then claims a use with a guarded increment.
 */
export function discountAmount(terms: DiscountTerms | null, subtotal: number, now = new Date()): number {
  if (!terms || !terms.active) throw new AppError('code_invalid', 'discount code is not valid');
  if ((terms.validFrom && now < terms.validFrom) || (terms.validUntil && now > terms.validUntil)) {
    throw new AppError('code_invalid', 'discount code is not valid at this time');
  }
  if (terms.minOrderValue !== null && subtotal < terms.minOrderValue) {
    throw new AppError('code_invalid', `discount code needs a subtotal of at least ${terms.minOrderValue}`);
  }
  if (terms.maxUses !== null && terms.usedCount >= terms.maxUses)
    throw new AppError('max_uses_reached', 'discount code has been used up');
  const amount = terms.type === 'percentage' ? Math.round((subtotal * terms.value) / 10000) : terms.value;
  return Math.min(amount, subtotal);
}
