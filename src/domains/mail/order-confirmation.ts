import type { Ctx } from '../../context/ctx';
import type { Prisma } from '../../generated/prisma/client';
import { orderEmailLocale } from './email-locale';
import { emailInsertSql } from './outbox';

/** What the order confirmation needs of an order (the orders domain passes its rows; mail never imports orders). */
export interface ConfirmedOrder {
  id: string;
  orderNumber: string;
  email: string;
  currency: string;
  subtotalGross: number;
  shippingGross: number;
  discountTotal: number;
  taxTotal: number;
  total: number;
  shippingAddress: unknown;
  /** The order's locale (checkout already fell back to the customer's): null for the shop's default. */
  locale: string | null;
}
export interface ConfirmedOrderItem {
  name: string;
  variantName: string | null;
  quantity: number;
  unitPriceGross: number;
  totalGross: number;
}

/** Minor units → the locale's way of writing the amount in `currency` (its own number of decimals). */
export function moneyFormatter(locale: string, currency: string): (minor: number) => string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    // An unknown locale tag must not fail a checkout: English formatting of the same currency.
    format = new Intl.NumberFormat('en', { style: 'currency', currency });
  }
  const scale = 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2);
  return (minor) => format.format(minor / scale);
}

/** The stored shipping address as lines: name, company, street, zip and city, country. */
function addressLines(address: unknown): Array<{ line: string }> {
  if (typeof address !== 'object' || address === null) return [];
  const a = address as Record<string, unknown>;
  const s = (key: string) => (typeof a[key] === 'string' ? (a[key] as string).trim() : '');
  return [
    [s('first_name'), s('last_name')].filter(Boolean).join(' '),
    s('company'),
    s('street'),
    [s('zip'), s('city')].filter(Boolean).join(' '),
    s('country') || s('country_code'),
  ]
    .filter(Boolean)
    .map((line) => ({ line }));
}

/**
 * The statement that writes the order confirmation, for the checkout to run in its transaction (in the order's
 * own statement): committed with the order or not at all, and one per order (the dedupe key), however often the
 * checkout is retried. In the order's locale, else the shop's default (`i18n.default_locale`).
 */
export function orderConfirmationSql(
  ctx: Pick<Ctx, 'config'>,
  order: ConfirmedOrder,
  items: ConfirmedOrderItem[],
): Prisma.Sql {
  const locale = orderEmailLocale(ctx, order);
  const money = moneyFormatter(locale, order.currency);
  const lines = addressLines(order.shippingAddress);
  return emailInsertSql(ctx, {
    kind: 'order_confirmation',
    dedupeKey: `order_confirmation:${order.id}`,
    recipient: order.email,
    locale,
    orderId: order.id,
    data: {
      order_number: order.orderNumber,
      items: items.map((item) => ({
        name: item.name,
        variant_name: item.variantName,
        quantity: item.quantity,
        unit_price: money(item.unitPriceGross),
        line_total: money(item.totalGross),
      })),
      subtotal: money(order.subtotalGross),
      shipping: money(order.shippingGross),
      discount: order.discountTotal ? money(order.discountTotal) : null,
      tax: money(order.taxTotal),
      total: money(order.total),
      shipping_address: lines.length ? { lines } : null,
    },
  });
}
