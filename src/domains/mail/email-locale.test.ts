import { accountEmailLocale, emailLocale, isLocaleTag, orderEmailLocale } from './email-locale';

/** Every email's locale comes from one chain: the first language tag named, else the shop's default. */
describe("an email's locale", () => {
  const ctx = { config: { 'i18n.default_locale': 'fr' } } as Parameters<typeof emailLocale>[0];

  it('is the first candidate that is a language tag, else the default', () => {
    expect(emailLocale(ctx, null, undefined, 'de-AT', 'en')).toBe('de-AT');
    expect(emailLocale(ctx)).toBe('fr');
    // Never a path, nor what a template could not be named by: skipped, not an error.
    expect(emailLocale(ctx, '../../etc/passwd', 'DE', 'de-AT-1996', 'x'.repeat(40), 'pt-BR')).toBe('pt-BR');
  });

  it("of an order: the order's, then its customer's; of an account: its own, then the request's", () => {
    expect(orderEmailLocale(ctx, { locale: 'en', customerLocale: 'de' })).toBe('en');
    expect(orderEmailLocale(ctx, { locale: null, customerLocale: 'de' })).toBe('de');
    expect(orderEmailLocale(ctx, { locale: null })).toBe('fr');
    expect(accountEmailLocale(ctx, { accountLocale: 'de', requestLocale: 'en' })).toBe('de');
    expect(accountEmailLocale(ctx, { accountLocale: null, requestLocale: 'en' })).toBe('en');
    expect(accountEmailLocale(ctx, {})).toBe('fr');
  });

  it('accepts a language with at most one subtag', () => {
    expect(['de', 'de-AT', 'pt-BR', 'gsw', 'zh-Hant'].every(isLocaleTag)).toBe(true);
    expect(['', 'De', 'de_AT', 'de-AT-x', 'd', 'de-A', 42].some(isLocaleTag)).toBe(false);
  });
});
