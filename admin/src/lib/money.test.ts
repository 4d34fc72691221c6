import { describe, expect, it } from '@jest/globals';

import { fromHundredths, fromMinor, money, MONEY_PATTERN, percent, toMinor } from './money';

describe('money in minor units', () => {
  it('parses what people type without floating-point drift', () => {
    expect(toMinor('19.90')).toBe(1990);
    expect(toMinor('19,9')).toBe(1990);
    expect(toMinor(' 4 ')).toBe(400);
    expect(toMinor('0.07')).toBe(7);
    expect(toMinor('1.15')).toBe(115); // Math.round(1.15 * 100) is 115 too, but 1.005-like inputs drift
    expect(toMinor('-3')).toBe(-300);
    expect(toMinor('')).toBeNull();
    expect(toMinor('1.234')).toBeNaN();
    expect(toMinor('abc')).toBeNaN();
  });

  it('shows minor units as a field value and as text', () => {
    expect(fromMinor(1990)).toBe('19.90');
    expect(fromMinor(0)).toBe('0.00');
    expect(fromMinor(null)).toBe('');
    expect(fromMinor(undefined)).toBe('');
    expect(money(990, 'EUR')).toBe('€9.90');
    expect(money(null, 'EUR')).toBe('—');
  });

  it('round-trips every cent of a range', () => {
    for (let cents = 0; cents < 2000; cents++) expect(toMinor(fromMinor(cents))).toBe(cents);
  });

  it('accepts the amounts a money field allows', () => {
    expect(['19', '19.9', '19,90'].every((t) => MONEY_PATTERN.test(t))).toBe(true);
    expect(['', '19.', '.5', '1.234', '-1'].some((t) => MONEY_PATTERN.test(t))).toBe(false);
  });

  it('writes basis points as people write percentages', () => {
    expect(percent(1900)).toBe('19 %');
    expect(percent(750)).toBe('7.5 %');
    expect(percent(0)).toBe('0 %');
    expect(fromHundredths(725, 'needed')).toBe('7.25');
  });
});
