import { requestLocale } from './request-locale';

describe("the requester's language (Accept-Language)", () => {
  const of = (acceptLanguage?: string) => requestLocale({ acceptLanguage });

  it('takes the tag of the highest q, ties in the order given', () => {
    expect(of('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(of('en;q=0.5, de;q=0.9')).toBe('de');
    expect(of('fr, de')).toBe('fr');
  });

  it('names none for no header, `*`, q=0 or what is not a language tag', () => {
    expect(of(undefined)).toBeNull();
    expect(of('*')).toBeNull();
    expect(of('de;q=0')).toBeNull();
    expect(of('../../etc/passwd, x'.repeat(3))).toBeNull();
    expect(of('de-AT-extra-long-tag')).toBeNull();
  });
});
