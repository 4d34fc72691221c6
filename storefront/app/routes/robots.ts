import { publicUrl } from '../lib/config.server';
import type { Route } from './+types/robots';

/** Crawlers may read the catalog, not the cart, checkout, account or search results; the sitemap lists the pages. */
export function loader({ request }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    ...['/cart', '/checkout', '/account', '/search'].flatMap((p) => [`Disallow: ${p}`, `Disallow: /de${p}`]),
    '',
    `Sitemap: ${publicUrl(request)}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
