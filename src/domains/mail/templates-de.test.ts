import { BUILTIN_TEMPLATES } from './builtin-templates';
import { builtinKinds, previewSamples } from './previews';
import { renderEmail } from './templates';

/** The built-in German templates: every kind has one, and German locales (`de`, `de-AT`) choose them. */
describe('German email templates', () => {
  const render = (kind: string, locale: string) =>
    renderEmail(kind, locale, '', { shop_name: 'Teehaus', locale, ...previewSamples(locale, 'EUR')[kind] });

  it('exist for every kind', () => {
    for (const kind of builtinKinds()) expect(BUILTIN_TEMPLATES[`${kind}.de`]).toBeDefined();
  });

  it('render an order confirmation in German, money written the German way', () => {
    const email = render('order_confirmation', 'de-AT');
    expect(email.subject).toBe('Teehaus: Bestellung SO-7F3K2Q bestätigt');
    expect(email.html).toContain('<html lang="de-AT">');
    expect(email.html).toContain('Vielen Dank für Ihre Bestellung');
    expect(email.html).toContain('Zwischensumme');
    expect(email.text).toMatch(/Gesamt: €\s54,38 \(inklusive MwSt\. €\s7,89\)/);
    expect(email.text).toContain('Lieferadresse:');
    expect(email.text).not.toMatch(/Thank you|Subtotal/);
  });

  it('say every kind in German, and English stays English', () => {
    const german: Record<string, RegExp> = {
      shipment: /ist unterwegs/,
      return_received: /Rücksendung/,
      refund: /Erstattung von/,
      password_reset: /Passwort zurücksetzen/,
      email_verification: /Bestätigen Sie Ihre E-Mail-Adresse/,
      staff_invite: /Einladung/,
    };
    for (const [kind, subject] of Object.entries(german)) {
      const email = render(kind, 'de');
      expect(email.subject).toMatch(subject);
      expect(render(kind, 'en').subject).not.toMatch(subject);
    }
    const reset = render('password_reset', 'de');
    expect(reset.text).toContain('Neues Passwort wählen: https://shop.example/reset-password#token=');
    expect(reset.html).toContain('Oder öffnen Sie diese Adresse:');
  });
});
