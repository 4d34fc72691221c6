import { useState } from 'react';

import type { StorefrontProductQuery } from '../generated/graphql';
import { formatMoney, type Locale } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { choose, combinesWith, type OptionGroup, selectionOf, variantFor } from '../lib/variants';

type Product = StorefrontProductQuery['storeProduct'];

/**
 * Price, stock and one radio group per option group. The radios are plain form fields (`option-<groupId>`), so the
 * form works without JavaScript (the server resolves the variant and refuses a combination that does not exist);
 * with JavaScript a choice that would not combine moves the other groups to a variant that exists, and the price
 * and stock follow the chosen variant.
 */
export function VariantPicker({
  locale,
  product,
  groups,
  startVariantId,
}: {
  locale: Locale;
  product: Product;
  groups: OptionGroup[];
  startVariantId: string | null;
}) {
  const t = messagesFor(locale);
  const start = product.variants.find((v) => v.id === startVariantId);
  const [selection, setSelection] = useState<Record<string, string>>(start ? selectionOf(start) : {});
  const variant = product.hasVariants ? variantFor(product.variants, selection) : undefined;
  const price = variant?.priceGross ?? product.priceGross;
  const stock = product.hasVariants ? (variant?.stock ?? 0) : product.stock;
  return (
    <>
      <p className="text-2xl">
        {formatMoney(price, product.currency, locale)} <span className="text-sm text-stone-600">{t.inclTax}</span>
      </p>
      <p className={stock > 0 ? 'text-green-800' : 'text-red-700'}>{stock > 0 ? t.inStock : t.outOfStock}</p>
      {groups.map((g) => (
        <fieldset key={g.id} className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">{g.name}</legend>
          <div className="flex flex-wrap gap-2">
            {g.options.map((o) => {
              const id = `opt-${g.id}-${o.id}`;
              const fits = combinesWith(product.variants, selection, g.id, o.id);
              return (
                <span key={o.id}>
                  <input
                    id={id}
                    type="radio"
                    name={`option-${g.id}`}
                    value={o.id}
                    checked={selection[g.id] === o.id}
                    onChange={() => setSelection(choose(product.variants, selection, g.id, o.id))}
                    className="peer sr-only"
                  />
                  <label
                    htmlFor={id}
                    className={`cursor-pointer rounded border px-3 py-1 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 ${fits ? 'border-stone-400' : 'border-dashed border-stone-300 text-stone-600'}`}
                  >
                    {o.name}
                  </label>
                </span>
              );
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}
