import type { StorefrontOrderFragment } from '../generated/graphql';
import { formatMoney, type Locale } from '../lib/locale';
import { messagesFor } from '../lib/messages';

/** An order's lines and totals (the confirmation and the account's order page). */
export function OrderSummary({ order, locale }: { order: StorefrontOrderFragment; locale: Locale }) {
  const t = messagesFor(locale);
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  return (
    <section aria-labelledby="order-summary" className="mt-8 max-w-xl">
      <h2 id="order-summary" className="text-xl font-semibold">
        {t.summary}
      </h2>
      <ul className="mt-3 divide-y divide-stone-200 border-y border-stone-200">
        {order.items.map((i) => (
          <li key={i.id} className="flex justify-between gap-4 py-2">
            <span>
              {i.quantity} × {i.name}
              {i.variantName ? ` (${i.variantName})` : ''}
            </span>
            <span>{money(i.totalGross)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>{t.subtotal}</dt>
        <dd className="text-right">{money(order.subtotalGross)}</dd>
        <dt>{t.shipping}</dt>
        <dd className="text-right">{money(order.shippingGross)}</dd>
        {order.discountTotal > 0 && (
          <>
            <dt>{t.discount}</dt>
            <dd className="text-right">−{money(order.discountTotal)}</dd>
          </>
        )}
        <dt>{t.taxIncluded}</dt>
        <dd className="text-right">{money(order.taxTotal)}</dd>
        <dt className="font-semibold">{t.total}</dt>
        <dd className="text-right font-semibold">{money(order.total)}</dd>
      </dl>
    </section>
  );
}
