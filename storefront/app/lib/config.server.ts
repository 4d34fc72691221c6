/**
 * The storefront's configuration, from its environment (contract §12): where the service is, and the secret that
 * seals its session cookie. Read on use, so tests can start several storefronts in one process.
 */

export const apiUrl = () => (process.env.STOREFRONT_API_URL ?? 'http://localhost:8080').replace(/\/+$/, '');

/** The public address of the storefront, for canonical URLs and sitemap.xml; else the request's own origin. */
export const publicUrl = (request: Request) =>
  (process.env.STOREFRONT_PUBLIC_URL ?? new URL(request.url).origin).replace(/\/+$/, '');

export const isProduction = () => process.env.NODE_ENV === 'production';

/** The name in the header and the titles. */
export const shopName = () => process.env.STOREFRONT_SHOP_NAME ?? 'Svc Shop';
