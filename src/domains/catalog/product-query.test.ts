import { preferredLocales, toTsQuery } from './product-query';

describe('search query parsing (toTsQuery)', () => {
  it.each([
    ['shirt', 'shirt:*'],
    ['Blue Shirt', 'blue & shirt:*'],
    ['  blue   shirt  ', 'blue & shirt:*'],
    ["o'neill & co | !x", 'o & neill & co & x:*'],
    ['café crème', 'café & crème:*'],
    ['größe 42', 'größe & 42:*'],
    ['"quoted" (paren) :* <->', 'quoted & paren:*'],
  ])('%j → %j', (input, expected) => expect(toTsQuery(input)).toBe(expected));

  it.each(['', '   ', '&|!():*', '"\'\\'])('nothing searchable in %j → null', (input) => {
    expect(toTsQuery(input)).toBeNull();
  });

  it('keeps operators out of the query whatever the input', () => {
    const q = toTsQuery('a&b|c!d(e)f:g*h<->i\\j'.repeat(50))!;
    expect(q).toMatch(/^[a-z]+( & [a-z]+)*:\*$/);
  });
});

describe('locale preference (Accept-Language)', () => {
  it('orders by q, then by position, adding base languages, then en and the default', () => {
    expect(preferredLocales('de-CH, fr;q=0.9, en;q=0.8', 'de')).toEqual(['de-CH', 'de', 'fr', 'en']);
    expect(preferredLocales('fr;q=0.5, nl', 'de')).toEqual(['nl', 'fr', 'en', 'de']);
  });

  it('falls back to en and the default locale without a header or with only a wildcard', () => {
    expect(preferredLocales(undefined, 'de')).toEqual(['en', 'de']);
    expect(preferredLocales('*', 'en')).toEqual(['en']);
  });

  it('drops q=0 and survives malformed headers', () => {
    expect(preferredLocales('de;q=0, fr', 'en')).toEqual(['fr', 'en']);
    expect(preferredLocales(',,;q=1,  ;', 'en')).toEqual(['en']);
    expect(preferredLocales('de;q=abc', 'en')).toEqual(['en']);
  });
});
