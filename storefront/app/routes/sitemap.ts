import { StorefrontNavDocument, StorefrontSitemapProductsDocument } from '../generated/graphql';
import { gql } from '../lib/api.server';
import { publicUrl } from '../lib/config.server';
import { localePath, LOCALES } from '../lib/locale';
import { cached } from '../lib/page.server';
import type { Route } from './+types/sitemap';

/** Products per page read for the sitemap, and the sitemap protocol's limit of 50,000 URLs per file. */
const PAGE = 500;
const MAX_URLS = 50_000;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * sitemap.xml from the catalog: home, every active category and product in each locale (with the other locale as
 * an alternate). Built at most once every ten minutes (a crawler's visits do not each page through the catalog).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicUrl(request);
  const xml = await cached(`sitemap:${origin}`, 600_000, () => buildSitemap(origin));
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
}

async function buildSitemap(origin: string): Promise<string> {
  const paths: { path: string; lastmod?: string }[] = [{ path: '/' }];
  const nav = await gql(StorefrontNavDocument, {}, { locale: 'en' });
  for (const c of nav.storeCategories) paths.push({ path: `/c/${c.slug}` });
  for (let page = 1, pages = 1; page <= pages && paths.length * LOCALES.length < MAX_URLS; page++) {
    const list = await gql(StorefrontSitemapProductsDocument, { page, limit: PAGE }, { locale: 'en' });
    pages = list.storeProducts.meta.pages;
    for (const p of list.storeProducts.items) paths.push({ path: `/p/${p.slug}`, lastmod: p.updatedAt });
  }
  const entries = paths.slice(0, Math.floor(MAX_URLS / LOCALES.length)).flatMap(({ path, lastmod }) =>
    LOCALES.map((locale) => {
      const alternates = LOCALES.map(
        (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(origin + localePath(l, path))}"/>`,
      ).join('');
      const mod = lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : '';
      return `<url><loc>${escapeXml(origin + localePath(locale, path))}</loc>${mod}${alternates}</url>`;
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
