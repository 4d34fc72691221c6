import type { MetaDescriptor } from 'react-router';

import { type Locale, localePath, LOCALES } from './locale';

/**
 * A page's title, description, canonical URL, its other-language addresses (hreflang) and Open Graph tags. `path`
 * is the page's locale-free path (`/p/shirt`); the canonical drops the query string except what names the
 * content (paging), so filters and sorts do not multiply a page in search engines.
 */
export function seoMeta(page: {
  title: string;
  description: string;
  /** The page's full URL as requested, and the storefront's public origin (loaders give both). */
  url: string;
  origin: string;
  path: string;
  locale: Locale;
  shop: string;
  image?: string;
  type?: 'website' | 'product';
  keepQuery?: string[];
}): MetaDescriptor[] {
  const here = new URL(page.url);
  const origin = page.origin;
  const query = new URLSearchParams();
  for (const k of page.keepQuery ?? []) {
    const v = here.searchParams.get(k);
    if (v && !(k === 'page' && v === '1')) query.set(k, v);
  }
  const suffix = query.size ? `?${query}` : '';
  const canonical = `${origin}${localePath(page.locale, page.path)}${suffix}`;
  const description = page.description.slice(0, 300);
  return [
    { title: page.title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...LOCALES.map((l) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: l,
      href: `${origin}${localePath(l, page.path)}${suffix}`,
    })),
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: page.shop },
    { property: 'og:locale', content: page.locale === 'de' ? 'de_DE' : 'en_GB' },
    ...(page.image ? [{ property: 'og:image', content: page.image }] : []),
  ];
}
