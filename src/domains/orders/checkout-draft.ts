import { customerIdOf } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { readTogether } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import { AppError, type ErrorCode } from '../../shared/errors';
import { assertAmountsInRange } from '../../shared/money-range';
import { requestLocale } from '../customers';
import { discountAmount, type DiscountTerms, normalizeCode, type PricedLine, priceLines, unitPrices } from '../pricing';
import type { CheckoutAddressInput, CheckoutInput } from './checkout.inputs';

/**
 * What the draft reads of a request: a checkout's input, or a quote's (the same body without the payment
 * reference, whose buyer fields and payment method may be left out until the order is placed).
 */
export type CheckoutRequest = Omit<CheckoutInput, 'shippingAddress' | 'paymentMethodId' | 'paymentReference'> & {
  shippingAddress?: CheckoutAddressInput | null;
  paymentMethodId?: string | null;
  paymentReference?: string | null;
};

/**
 * `order`: everything the order needs must be there (checkout). `quote`: only what the price depends on (the
 * lines, the shipping method, the discount code); the buyer's fields and the payment method are checked when
 * given, so a quote also reports what the checkout would refuse about them.
 */
export type DraftMode = 'order' | 'quote';

/**
 * Everything checkout computed before it writes: lines, methods, totals. A quote is this draft without the
 * order (checkout-quote.ts), so what a quote shows is what the order it precedes charges.
 */
export interface CheckoutDraft {
  customerId: string | null;
  email: string;
  currency: string;
  lines: PricedLine[];
  cartId: string | null;
  shippingAddress: Record<string, unknown>;
  billingAddress: Record<string, unknown>;
  shippingMethodId: string;
  /** Null only in a quote that named no payment method. */
  paymentMethodId: string | null;
  paymentProvider: string | null;
  paymentReference: string | null;
  discount: { id: string; code: string } | null;
  notes: string | null;
  /** The order's locale for its emails; null: none known (the shop's default). */
  locale: string | null;
  totals: {
    subtotalGross: number;
    subtotalNet: number;
    shippingGross: number;
    shippingNet: number;
    discountTotal: number;
    taxTotal: number;
    total: number;
  };
}

const ADDRESS_REQUIRED = ['first_name', 'last_name', 'street', 'city', 'zip'] as const;

/** How an order stores an address: the spec's snake_case keys, whichever surface the checkout came through. */
const STORED_KEYS: Record<keyof CheckoutAddressInput, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  company: 'company',
  street: 'street',
  city: 'city',
  zip: 'zip',
  countryCode: 'country_code',
  country: 'country',
  phone: 'phone',
};

/** Addresses must carry the spec's fields; every missing one is reported (with the REST body's snake_case path). */
function checkAddress(
  value: CheckoutAddressInput | null | undefined,
  field: string,
  problems: Array<{ field: string; detail: string }>,
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) {
    problems.push({ field, detail: 'type' });
    return {};
  }
  const address: Record<string, string> = {};
  for (const [key, stored] of Object.entries(STORED_KEYS)) {
    const v = value[key as keyof CheckoutAddressInput];
    if (typeof v === 'string') address[stored] = v;
  }
  const filled = (key: string) => typeof address[key] === 'string' && address[key].trim() !== '';
  for (const key of ADDRESS_REQUIRED) if (!filled(key)) problems.push({ field: `${field}.${key}`, detail: 'required' });
  if (!filled('country_code') && !filled('country'))
    problems.push({ field: `${field}.country_code`, detail: 'required' });
  return address;
}

/**
 * What pricing a checkout body can answer besides access and input errors: a quote's errors, which checkout and
 * the payment plugins' quoted payments answer too (each declares them with `@Raises`, adding its own).
 */
export const CHECKOUT_PRICING_ERRORS: readonly ErrorCode[] = [
  'not_found',
  'amount_out_of_range',
  'code_invalid',
  'currency_mismatch',
  'invalid_payment_method',
  'invalid_product',
  'invalid_shipping_method',
  'max_uses_reached',
];

/**
 * Validates a checkout request and prices it from the live catalog and the chosen methods, with the
 * contract's errors (422 `invalid_product`, `invalid_shipping_method`, `invalid_payment_method`,
 * `payment_reference_required`, `currency_mismatch`, `code_invalid`, `max_uses_reached`; 400 for bad fields).
 * Writes nothing: the transaction in checkout.service re-checks what can change under it (stock, code uses).
 */
export async function draftCheckout(
  ctx: Ctx,
  input: CheckoutRequest,
  cartLines?: {
    cartId: string;
    currency: string;
    lines: Array<{ productId: string; variantId: string | null; quantity: number }>;
  },
  mode: DraftMode = 'order',
): Promise<CheckoutDraft> {
  const customerId = customerIdOf(ctx.actor);
  const ordering = mode === 'order';
  const problems: Array<{ field: string; detail: string }> = [];
  if (!cartLines && !input.items?.length) problems.push({ field: 'items', detail: 'required' });
  // The contract has no code of its own for it: an empty cart is `validation_error` with the detail `empty` on
  // the `cart_id` the client did send (it read "required" before, as if the id were missing).
  if (cartLines && cartLines.lines.length === 0) problems.push({ field: 'cart_id', detail: 'empty' });
  const shippingAddress =
    ordering || input.shippingAddress != null ? checkAddress(input.shippingAddress, 'shipping_address', problems) : {};
  const billingAddress =
    input.billingAddress === undefined || input.billingAddress === null
      ? shippingAddress
      : checkAddress(input.billingAddress, 'billing_address', problems);
  let email = input.email?.trim().toLowerCase();
  // The order's language: what the checkout names, else the request's Accept-Language, else the customer's.
  let locale = input.locale ?? requestLocale(ctx);
  if ((!email || !locale) && customerId && ordering) {
    const customer = await ctx.db.customer.findUnique({
      where: { id: customerId },
      select: { email: true, locale: true },
    });
    email ||= customer?.email;
    locale ||= customer?.locale ?? null;
  }
  if (!email && ordering) problems.push({ field: 'email', detail: 'required' });
  if (problems.length) throw AppError.validation(problems);

  // Both reads at once; their errors keep their order (lines first) because they are checked in that order.
  const [lines, { shipping, payment }] = await readTogether(ctx, [
    () => priceLines(ctx, cartLines?.lines ?? input.items ?? [], { missing: 'invalid_product', field: 'items' }),
    () => methodsOf(ctx, input.shippingMethodId, input.paymentMethodId ?? null),
  ] as const);
  if (lines.length === 0)
    throw AppError.validation([
      cartLines ? { field: 'cart_id', detail: 'empty' } : { field: 'items', detail: 'required' },
    ]);
  const currency = input.currency ?? cartLines?.currency ?? lines[0].currency;
  if (lines.some((l) => l.currency !== currency) || (cartLines && cartLines.currency !== currency)) {
    throw new AppError('currency_mismatch', `all items must be priced in ${currency}`, { field: 'currency' });
  }

  if (!shipping?.active)
    throw new AppError('invalid_shipping_method', 'shipping method not found or inactive', {
      field: 'shipping_method_id',
    });
  if ((ordering || input.paymentMethodId) && !payment?.active)
    throw new AppError('invalid_payment_method', 'payment method not found or inactive', {
      field: 'payment_method_id',
    });
  if (ordering && payment?.provider && !input.paymentReference)
    throw new AppError('payment_reference_required', `payment method ${payment.provider} needs a payment_reference`, {
      field: 'payment_reference',
    });

  // Every figure the order stores must fit its integer columns, checked before anything is written (the
  // quote answers the same 422 the checkout would).
  for (const [i, l] of lines.entries())
    assertAmountsInRange(
      { line_total_gross: l.unitPriceGross * l.quantity, line_total_net: l.unitPriceNet * l.quantity },
      cartLines ? 'cart_id' : `items[${i}].quantity`,
    );
  const subtotalGross = lines.reduce((sum, l) => sum + l.unitPriceGross * l.quantity, 0);
  const subtotalNet = lines.reduce((sum, l) => sum + l.unitPriceNet * l.quantity, 0);
  assertAmountsInRange({ subtotal_gross: subtotalGross, subtotal_net: subtotalNet }, cartLines ? 'cart_id' : 'items');
  const ship = unitPrices({ priceGross: shipping.priceGross, priceNet: shipping.priceNet }, null, shipping.taxRate);

  let discount: CheckoutDraft['discount'] = null;
  let discountTotal = 0;
  if (input.discountCode) {
    const terms = await ctx.db.discountCode.findUnique({ where: { code: normalizeCode(input.discountCode) } });
    discountTotal = discountAmount(terms as DiscountTerms | null, subtotalGross);
    discount = { id: terms!.id, code: terms!.code };
  }
  // The discount is spread over the lines in proportion to their gross, so it also reduces the tax they carry.
  const lineTax = subtotalGross - subtotalNet;
  const discountedLineTax =
    subtotalGross === 0 ? 0 : Math.round((lineTax * (subtotalGross - discountTotal)) / subtotalGross);
  const total = Math.max(0, subtotalGross + ship.gross - discountTotal);
  assertAmountsInRange({ total }, cartLines ? 'cart_id' : 'items');
  return {
    customerId,
    email: email ?? '',
    currency,
    lines,
    cartId: cartLines?.cartId ?? null,
    shippingAddress,
    billingAddress,
    shippingMethodId: shipping.id,
    paymentMethodId: payment?.id ?? null,
    paymentProvider: payment?.provider ?? null,
    paymentReference: input.paymentReference ?? null,
    discount,
    notes: input.notes ?? null,
    locale: ordering ? locale : null,
    totals: {
      subtotalGross,
      subtotalNet,
      shippingGross: ship.gross,
      shippingNet: ship.net,
      discountTotal,
      taxTotal: discountedLineTax + (ship.gross - ship.net),
      total,
    },
  };
}

interface Methods {
  shipping: { id: string; active: boolean; priceGross: number; priceNet: number; taxRate: number } | null;
  payment: { id: string; active: boolean; provider: string } | null;
}

/** The chosen shipping method (with its tax rate) and payment method, in one statement; null where unknown. */
async function methodsOf(ctx: Ctx, shippingMethodId: string, paymentMethodId: string | null): Promise<Methods> {
  const [row] = await ctx.db.$queryRaw<
    Array<{
      shipping_id: string | null;
      shipping_active: boolean | null;
      price_gross: number | null;
      price_net: number | null;
      tax_rate: number | null;
      payment_id: string | null;
      payment_active: boolean | null;
      provider: string | null;
    }>
  >(Prisma.sql`
    SELECT s.id AS shipping_id, s.active AS shipping_active, s.price_gross, s.price_net, tr.rate AS tax_rate,
      pm.id AS payment_id, pm.active AS payment_active, pm.provider
    FROM (VALUES (${shippingMethodId}::uuid, ${paymentMethodId}::uuid)) AS chosen(shipping_id, payment_id)
    LEFT JOIN shipping_methods s ON s.id = chosen.shipping_id
    LEFT JOIN tax_rules tr ON tr.id = s.tax_rule_id
    LEFT JOIN payment_methods pm ON pm.id = chosen.payment_id`);
  return {
    shipping: row.shipping_id
      ? {
          id: row.shipping_id,
          active: row.shipping_active!,
          priceGross: row.price_gross!,
          priceNet: row.price_net!,
          taxRate: row.tax_rate ?? 0,
        }
      : null,
    payment: row.payment_id ? { id: row.payment_id, active: row.payment_active!, provider: row.provider! } : null,
  };
}
