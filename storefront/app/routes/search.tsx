import { data } from 'react-router';

import { Pager } from '../components/pager';
import { ProductGrid } from '../components/product-card';
import { StorefrontSearchDocument } from '../generated/graphql';
import { PAGE_SIZE, pageOf } from '../lib/listing';
import { messagesFor } from '../lib/messages';
import { callerOf, gql, pageContext } from '../lib/page.server';
import type { Route } from './+types/search';

/** The service's bound on a search text (200 characters): longer is cut, not refused. */
const MAX_QUERY = 200;

/**
 * Search results (`?q=`), and with `?suggest=1` a small JSON list for the search box's suggestions. An empty
 * search shows nothing rather than every product.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = pageContext({ request, params, context });
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY);
  const page = pageOf(url.searchParams.get('page'));
  if (!q)
    return data({
      locale: ctx.locale,
      q,
      products: [],
      meta: { page: 1, pages: 0, total: 0, limit: PAGE_SIZE },
      url: request.url,
    });
  const list = await gql(StorefrontSearchDocument, { search: q, page, limit: PAGE_SIZE }, callerOf(ctx));
  return data({
    locale: ctx.locale,
    q,
    products: list.storeProducts.items,
    meta: list.storeProducts.meta,
    url: request.url,
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = (matches[0]?.loaderData as { shopName?: string } | undefined)?.shopName ?? '';
  const t = messagesFor(loaderData?.locale ?? 'en');
  return [{ title: `${t.search}: ${loaderData?.q ?? ''} · ${shop}` }, { name: 'robots', content: 'noindex' }];
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const { locale, q, products, meta, url } = loaderData;
  const t = messagesFor(locale);
  return (
    <>
      <h1 className="text-3xl font-semibold">
        {t.resultsFor} “{q}”
      </h1>
      <p className="mt-2 text-sm text-stone-600">
        {meta.total} {meta.total === 1 ? t.item : t.items}
      </p>
      <div className="mt-6">
        {products.length ? <ProductGrid products={products} locale={locale} /> : <p>{t.noProducts}</p>}
      </div>
      <Pager url={url} page={meta.page} pages={meta.pages} t={t} />
    </>
  );
}
