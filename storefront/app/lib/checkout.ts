import type { CheckoutAddressInput } from '../generated/graphql';
import type { Messages } from './messages';

/** The countries the checkout offers (ISO 3166-1 alpha-2), by name in the page's language. */
export const COUNTRIES = ['DE', 'AT', 'CH', 'NL', 'BE', 'FR', 'IT', 'ES', 'DK', 'SE', 'PL', 'GB', 'IE', 'US', 'CA'];

/** What the checkout form holds, as entered (shown again when something is missing). */
export interface CheckoutForm {
  email: string;
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  zip: string;
  countryCode: string;
  shippingMethodId: string;
  paymentMethodId: string;
}

const FIELDS = ['email', 'firstName', 'lastName', 'street', 'city', 'zip', 'countryCode'] as const;
/** Each field's bound (the service checks its own too; this keeps a huge post from being forwarded). */
const MAX_LENGTH = 200;

export function readCheckoutForm(form: FormData): CheckoutForm {
  const get = (k: string) =>
    String(form.get(k) ?? '')
      .trim()
      .slice(0, MAX_LENGTH);
  return {
    email: get('email'),
    firstName: get('firstName'),
    lastName: get('lastName'),
    street: get('street'),
    city: get('city'),
    zip: get('zip'),
    countryCode: get('countryCode'),
    shippingMethodId: get('shippingMethodId'),
    paymentMethodId: get('paymentMethodId'),
  };
}

/** The fields the shopper left empty or got wrong, by field name, in the page's language. */
export function missingFields(f: CheckoutForm, t: Messages): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const k of FIELDS) if (!f[k]) errors[k] = t.required;
  if (f.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email)) errors.email = t.invalidEmail;
  if (f.countryCode && !COUNTRIES.includes(f.countryCode)) errors.countryCode = t.required;
  if (!f.shippingMethodId) errors.shippingMethodId = t.required;
  if (!f.paymentMethodId) errors.paymentMethodId = t.required;
  return errors;
}

export const addressOf = (f: CheckoutForm): CheckoutAddressInput => ({
  firstName: f.firstName,
  lastName: f.lastName,
  street: f.street,
  city: f.city,
  zip: f.zip,
  countryCode: f.countryCode,
});

/** The guest order token the service set for the buyer (`svc_guest_token`), from its answer's Set-Cookie. */
export function guestTokenOf(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const match = /^svc_guest_token=([0-9a-f]{64})/.exec(cookie);
    if (match) return match[1];
  }
  return undefined;
}

/** A method's name in the locale (else English, else the first it has). */
export function nameIn(translations: { locale: string; name: string }[], locale: string): string {
  return (
    translations.find((x) => x.locale === locale)?.name ??
    translations.find((x) => x.locale === 'en')?.name ??
    translations[0]?.name ??
    ''
  );
}
