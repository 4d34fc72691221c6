import { Form, useSubmit } from 'react-router';

import type { StorefrontCategoryQuery } from '../generated/graphql';
import { formatMoney, type Locale } from '../lib/locale';
import { messagesFor } from '../lib/messages';

type Facet = NonNullable<StorefrontCategoryQuery['storeProducts']['facets']>[number];

/** The URL parameter each kind of facet writes (lib/filters.ts reads them back). */
const PARAM = { OPTION: 'o', ATTRIBUTE: 'a', PRICE: 'price', AVAILABILITY: 'stock' } as const;

/**
 * The filter sidebar: a region "Filters" with one fieldset per facet and a checkbox per value, named with the value
 * and its count (`M (12)`). A GET form: without JavaScript "Apply" submits it; with JavaScript a change does. Values
 * no product of the current result has are shown but cannot be chosen (unless chosen already).
 */
export function FacetSidebar({
  facets,
  locale,
  currency,
  sortKey,
  clearUrl,
}: {
  facets: Facet[];
  locale: Locale;
  currency: string;
  sortKey: string;
  clearUrl: string | null;
}) {
  const t = messagesFor(locale);
  const submit = useSubmit();
  const shown = facets.filter((f) => f.values.length > 0);
  if (shown.length === 0) return null;
  return (
    <section aria-label={t.filters} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t.filters}</h2>
      <Form method="get" onChange={(e) => void submit(e.currentTarget)} className="flex flex-col gap-5">
        <input type="hidden" name="sort" value={sortKey} />
        {shown.map((facet) => (
          <fieldset key={`${facet.kind}-${facet.id ?? facet.name}`} className="flex flex-col gap-1">
            <legend className="mb-1 font-medium">{facetName(facet, t)}</legend>
            {facet.values.map((v) => {
              const value =
                facet.kind === 'PRICE' ? `${v.min ?? ''}-${v.max ?? ''}` : facet.kind === 'AVAILABILITY' ? '1' : v.id!;
              const id = `f-${PARAM[facet.kind]}-${value}`;
              const label =
                facet.kind === 'PRICE'
                  ? priceLabel(v.min, v.max, currency, locale)
                  : facet.kind === 'AVAILABILITY'
                    ? t.inStock
                    : v.label;
              return (
                <div key={id} className="flex items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    name={PARAM[facet.kind]}
                    value={value}
                    defaultChecked={v.selected}
                    disabled={v.count === 0 && !v.selected}
                  />
                  <label htmlFor={id} className={v.count === 0 && !v.selected ? 'text-stone-500' : ''}>
                    {`${label} (${v.count})`}
                  </label>
                </div>
              );
            })}
          </fieldset>
        ))}
        <noscript>
          <button type="submit" className="rounded border border-stone-400 px-3 py-1">
            {t.apply}
          </button>
        </noscript>
      </Form>
      {clearUrl && (
        <a className="underline" href={clearUrl}>
          {t.clearFilters}
        </a>
      )}
    </section>
  );
}

function facetName(facet: Facet, t: ReturnType<typeof messagesFor>) {
  if (facet.kind === 'PRICE') return t.price;
  if (facet.kind === 'AVAILABILITY') return t.availability;
  return facet.name;
}

function priceLabel(min: number | null, max: number | null, currency: string, locale: Locale) {
  const from = min === null ? '' : formatMoney(min, currency, locale);
  const to = max === null ? '' : formatMoney(max, currency, locale);
  return min !== null && max !== null ? `${from} – ${to}` : min !== null ? `${from} +` : `– ${to}`;
}
