import type { StorefrontOrderFragment } from '../generated/graphql';
import { formatMoney, type Locale } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { Totals } from './totals';

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
      <Totals totals={order} locale={locale} taxLabel={t.taxIncluded} />
    </section>
  );
}
