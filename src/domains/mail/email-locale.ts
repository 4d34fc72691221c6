import type { Ctx } from '../../context/ctx';

/**
 * A language tag as a template's name may hold it (`de`, `de-AT`, `pt-BR`): a language and at most one subtag.
 * The one shape a stored locale (an order's, a customer's) or a request's `Accept-Language` entry may have, so
 * that whatever names an email's template is a name, never a path.
 */
export const LOCALE_TAG_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$';
/** The longest locale stored (the columns' VARCHAR(35)). */
export const LOCALE_MAX_LENGTH = 35;

/** The input rules of every `locale` field (checkout, registration, account and customer updates): one shape. */
export const LOCALE_RULES = { pattern: LOCALE_TAG_PATTERN, maxLength: LOCALE_MAX_LENGTH };

const TAG = new RegExp(LOCALE_TAG_PATTERN);

export function isLocaleTag(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LOCALE_MAX_LENGTH && TAG.test(value);
}

/**
 * The locale an email is written in: the first of `preferred` that is a language tag, else the shop's default
 * (`i18n.default_locale`). A malformed candidate (a row written by hand) is skipped rather than failing the write
 * the email belongs to. Every email's fallback chain is one of the two below, so they cannot drift apart.
 */
export function emailLocale(ctx: Pick<Ctx, 'config'>, ...preferred: Array<string | null | undefined>): string {
  return preferred.find(isLocaleTag) ?? ctx.config['i18n.default_locale'];
}

/**
 * An order's emails (confirmation, shipment, return received, refund): the order's locale (what the buyer's
 * checkout named), else its customer's stored locale (orders placed without one), else the shop's default.
 */
export function orderEmailLocale(
  ctx: Pick<Ctx, 'config'>,
  order: { locale: string | null; customerLocale?: string | null },
): string {
  return emailLocale(ctx, order.locale, order.customerLocale);
}

/**
 * An account's emails (password reset, verification, staff invite): the account's stored locale (a customer's
 * choice outlives the browser of the moment), else the language of the request that caused it, else the default.
 */
export function accountEmailLocale(
  ctx: Pick<Ctx, 'config'>,
  email: { accountLocale?: string | null; requestLocale?: string | null },
): string {
  return emailLocale(ctx, email.accountLocale, email.requestLocale);
}
