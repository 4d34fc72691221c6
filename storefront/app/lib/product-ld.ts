import type { StorefrontProductQuery } from '../generated/graphql';

type Product = StorefrontProductQuery['storeProduct'];

const availability = (stock: number) => `https://schema.org/${stock > 0 ? 'InStock' : 'OutOfStock'}`;
const money = (minor: number | null) => (minor === null ? undefined : (minor / 100).toFixed(2));

/** schema.org `Product` for search engines: name, images, SKU and an offer per variant with price and availability. */
export function productJsonLd(product: Product, url: string) {
  const images = [...product.media].sort((a, b) => a.position - b.position).map((m) => m.url);
  const active = product.variants.filter((v) => v.active);
  const offers = product.hasVariants
    ? active.map((v) => ({
        '@type': 'Offer',
        sku: v.sku ?? undefined,
        price: money(v.priceGross ?? product.priceGross),
        priceCurrency: product.currency,
        availability: availability(v.stock),
        url: `${url}?variant=${v.id}`,
      }))
    : [
        {
          '@type': 'Offer',
          price: money(product.priceGross),
          priceCurrency: product.currency,
          availability: availability(product.stock),
          url,
        },
      ];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description ?? undefined,
    sku: product.sku ?? undefined,
    image: images.length ? images : undefined,
    url,
    offers,
  };
}
