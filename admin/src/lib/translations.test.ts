import { describe, expect, it } from '@jest/globals';

import { englishOf, translatedName, withEnglish } from './translations';

const list = [
  { locale: 'de', name: 'Versand', description: 'Schnell', slug: 'versand' },
  { locale: 'en', name: 'Shipping', description: null },
];

describe('translations', () => {
  it('reads the English name, else the first, else the fallback', () => {
    expect(translatedName(list)).toBe('Shipping');
    expect(translatedName([list[0]])).toBe('Versand');
    expect(translatedName([], 'size')).toBe('size');
    expect(englishOf(list)?.locale).toBe('en');
  });

  it('replaces English and keeps the other locales with the edited fields only', () => {
    expect(withEnglish(list, { name: 'Express', description: '' })).toEqual([
      { locale: 'en', name: 'Express' },
      { locale: 'de', name: 'Versand', description: 'Schnell' },
    ]);
    expect(withEnglish([], { name: 'Red' })).toEqual([{ locale: 'en', name: 'Red' }]);
    expect(withEnglish(list, { name: 'Post' })).toEqual([
      { locale: 'en', name: 'Post' },
      { locale: 'de', name: 'Versand' },
    ]);
  });
});
