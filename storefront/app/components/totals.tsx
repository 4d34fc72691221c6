import { formatMoney, type Locale } from '../lib/locale';
import { messagesFor } from '../lib/messages';

export interface TotalsFigures {
  currency: string;
  subtotalGross: number;
  shippingGross: number;
  discountTotal: number;
  taxTotal: number;
  total: number;
}

/**
 * Subtotal, shipping, discount (when there is one), tax and total, as the service computed them: the checkout's
 * quote before paying and an order's summary afterwards. Prices include tax, so the tax line says what of the total
 * it is (`taxLabel`).
 */
export function Totals({ totals, locale, taxLabel }: { totals: TotalsFigures; locale: Locale; taxLabel: string }) {
  const t = messagesFor(locale);
  const money = (minor: number) => formatMoney(minor, totals.currency, locale);
  return (
    <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-stone-200 pt-3">
      <dt>{t.subtotal}</dt>
      <dd className="text-right">{money(totals.subtotalGross)}</dd>
      <dt>{t.shipping}</dt>
      <dd className="text-right">{money(totals.shippingGross)}</dd>
      {totals.discountTotal > 0 && (
        <>
          <dt>{t.discount}</dt>
          <dd className="text-right">−{money(totals.discountTotal)}</dd>
        </>
      )}
      <dt>{taxLabel}</dt>
      <dd className="text-right">{money(totals.taxTotal)}</dd>
      <dt className="font-semibold">{t.total}</dt>
      <dd className="text-right font-semibold">{money(totals.total)}</dd>
    </dl>
  );
}
