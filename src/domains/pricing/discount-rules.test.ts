import { discountAmount, type DiscountTerms, normalizeCode } from './discount-rules';

const terms = (over: Partial<DiscountTerms> = {}): DiscountTerms => ({
  code: 'save10',
  type: 'percentage',
  value: 1000, // basis points: 10 %
  minOrderValue: null,
  maxUses: null,
  usedCount: 0,
  validFrom: null,
  validUntil: null,
  active: true,
  ...over,
});
const NOW = new Date('2026-06-15T12:00:00Z');

describe('discount rules', () => {
  it('normalizes codes: trimmed, lower-case', () => {
    expect(normalizeCode('  SAVE10 ')).toBe('save10');
  });

  it('takes a percentage in basis points, rounding half up', () => {
    expect(discountAmount(terms(), 10000, NOW)).toBe(1000);
    expect(discountAmount(terms(), 1005, NOW)).toBe(101); // 100.5 → 101
    expect(discountAmount(terms(), 1004, NOW)).toBe(100); // 100.4 → 100
    expect(discountAmount(terms({ value: 10000 }), 4321, NOW)).toBe(4321);
  });

  it('takes a fixed amount, never more than the subtotal', () => {
    expect(discountAmount(terms({ type: 'fixed', value: 500 }), 2000, NOW)).toBe(500);
    expect(discountAmount(terms({ type: 'fixed', value: 500 }), 300, NOW)).toBe(300);
  });

  it('refuses unknown, inactive and out-of-window codes with code_invalid', () => {
    const invalid = expect.objectContaining({ code: 'code_invalid', status: 422 });
    expect(() => discountAmount(null, 1000, NOW)).toThrow(invalid);
    expect(() => discountAmount(terms({ active: false }), 1000, NOW)).toThrow(invalid);
    expect(() => discountAmount(terms({ validFrom: new Date('2026-06-16T00:00:00Z') }), 1000, NOW)).toThrow(invalid);
    expect(() => discountAmount(terms({ validUntil: new Date('2026-06-15T11:59:59Z') }), 1000, NOW)).toThrow(invalid);
    // The window's edges are inside it.
    expect(discountAmount(terms({ validFrom: NOW, validUntil: NOW }), 1000, NOW)).toBe(100);
  });

  it('needs the minimum order value (equal is enough)', () => {
    expect(() => discountAmount(terms({ minOrderValue: 5000 }), 4999, NOW)).toThrow(
      expect.objectContaining({ code: 'code_invalid' }),
    );
    expect(discountAmount(terms({ minOrderValue: 5000 }), 5000, NOW)).toBe(500);
  });

  it('refuses a used-up code with max_uses_reached', () => {
    expect(() => discountAmount(terms({ maxUses: 3, usedCount: 3 }), 1000, NOW)).toThrow(
      expect.objectContaining({ code: 'max_uses_reached', status: 422 }),
    );
    expect(discountAmount(terms({ maxUses: 3, usedCount: 2 }), 1000, NOW)).toBe(100);
  });
});
