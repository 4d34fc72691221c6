import type { Ctx } from '../../context/ctx';
import { AppError } from '../../shared/errors';
import { LOCALE_PATTERN } from '../../shared/translations';
import { BUILTIN_TEMPLATES } from './builtin-templates';
import { moneyFormatter } from './order-confirmation';
import type { TemplateScope } from './template-engine';
import { renderEmail } from './templates';

/** A sample order's money, in the shop's default currency written for the locale. */
function orderSample(locale: string, currency: string): TemplateScope {
  const money = moneyFormatter(locale, currency);
  return {
    order_number: 'SO-7F3K2Q',
    items: [
      {
        name: 'Classic T-shirt',
        variant_name: 'Navy / XL',
        quantity: 2,
        unit_price: money(1999),
        line_total: money(3998),
      },
      { name: 'Canvas tote', variant_name: null, quantity: 1, unit_price: money(1450), line_total: money(1450) },
    ],
    subtotal: money(5448),
    shipping: money(490),
    discount: money(500),
    tax: money(789),
    total: money(5438),
    shipping_address: {
      lines: ['Ada Lovelace', 'Main St 1', '10115 Berlin', 'DE'].map((line) => ({ line })),
    },
  };
}

/**
 * Sample data of each kind, as its use case fills it: what the admin's previews show, and what the docs'
 * screenshots are taken of. A kind without a sample here renders with the shop's name only (the unit test
 * asks every built-in kind for one).
 */
export function previewSamples(locale: string, currency: string): Record<string, TemplateScope> {
  const link = (page: string) => `https://shop.example/${page}#token=sample-token-not-valid`;
  return {
    order_confirmation: orderSample(locale, currency),
    shipment: {
      order_number: 'SO-7F3K2Q',
      carrier: 'DHL',
      tracking_number: 'JD014600006543210',
      tracking_url: 'https://www.dhl.com/en/express/tracking.html?AWB=JD014600006543210',
      items: [{ name: 'Classic T-shirt', variant_name: 'Navy / XL', quantity: 2 }],
    },
    return_received: {
      order_number: 'SO-7F3K2Q',
      items: [{ name: 'Classic T-shirt', variant_name: 'Navy / XL', quantity: 1 }],
    },
    refund: { order_number: 'SO-7F3K2Q', amount: moneyFormatter(locale, currency)(1999), reason: 'returned item' },
    password_reset: { email: 'ada@example.com', link: link('reset-password'), ttl_minutes: 60 },
    email_verification: { email: 'ada@example.com', link: link('verify-email'), ttl_hours: 48 },
    staff_invite: { email: 'grace@example.com', link: link('admin/accept-invite'), role: 'manager', ttl_days: 7 },
  };
}

/** The kinds with a built-in template, in a stable order. */
export function builtinKinds(): string[] {
  return [...new Set(Object.keys(BUILTIN_TEMPLATES).map((key) => key.slice(0, key.lastIndexOf('.'))))].sort();
}

const LOCALE = new RegExp(LOCALE_PATTERN);

export interface EmailPreview {
  kind: string;
  locale: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Every kind rendered with sample data for `locale` (the default locale when absent), through the same templates
 * as real emails, `mail.templates_dir` overrides included: an operator sees an override's effect at once.
 */
export function previewEmails(ctx: Pick<Ctx, 'config'>, locale?: string | null): EmailPreview[] {
  const { config } = ctx;
  // The locale names override files: only a locale's shape may reach a path.
  if (locale && (locale.length > 35 || !LOCALE.test(locale)))
    throw AppError.validation([{ field: 'locale', detail: 'pattern: a locale such as en or de-AT' }]);
  const chosen = locale || config['i18n.default_locale'];
  const samples = previewSamples(chosen, config['i18n.default_currency']);
  return builtinKinds().map((kind) => ({
    kind,
    locale: chosen,
    ...renderEmail(kind, chosen, config['mail.templates_dir'], {
      shop_name: config['mail.shop_name'],
      locale: chosen,
      ...samples[kind],
    }),
  }));
}
