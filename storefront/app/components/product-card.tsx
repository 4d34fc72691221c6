import type { StorefrontProductCardFragment } from '../generated/graphql';
import { formatMoney, type Locale, localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';

/**
 * A product in a grid. The first row's images load eagerly (they are above the fold); the rest lazily, with their
 * size given so the page does not shift as they arrive.
 */
export function ProductCard({
  product,
  locale,
  eager,
}: {
  product: StorefrontProductCardFragment;
  locale: Locale;
  eager: boolean;
}) {
  const t = messagesFor(locale);
  const image = [...product.media].sort((a, b) => a.position - b.position)[0];
  return (
    <li className="flex flex-col rounded border border-stone-200 p-3">
      <a href={localePath(locale, `/p/${product.slug}`)} className="flex flex-1 flex-col gap-2 hover:underline">
        {image ? (
          <img
            src={image.url}
            alt={image.altText ?? ''}
            width={320}
            height={320}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
            className="aspect-square w-full rounded bg-stone-100 object-cover"
          />
        ) : (
          <div className="aspect-square w-full rounded bg-stone-100" aria-hidden="true" />
        )}
        <span className="font-medium">{product.name}</span>
      </a>
      <span className="mt-1">{formatMoney(product.priceGross, product.currency, locale)}</span>
      <span className="text-sm text-stone-600">{product.stock > 0 ? t.inStock : t.outOfStock}</span>
    </li>
  );
}

export function ProductGrid({ products, locale }: { products: StorefrontProductCardFragment[]; locale: Locale }) {
  return (
    <ul aria-label={messagesFor(locale).products} className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} locale={locale} eager={i < 4} />
      ))}
    </ul>
  );
}
