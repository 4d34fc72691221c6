import { data } from 'react-router';

import { FacetSidebar } from '../components/facet-sidebar';
import { Pager } from '../components/pager';
import { ProductGrid } from '../components/product-card';
import { SortControl } from '../components/sort-control';
import { StorefrontCategoryDocument } from '../generated/graphql';
import { isNotFound } from '../lib/api.server';
import { publicUrl } from '../lib/config.server';
import { anyFilter, filtersOf } from '../lib/filters';
import { PAGE_SIZE, pageOf, sortKeyOf, SORTS } from '../lib/listing';
import { localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { callerOf, gql, pageContext } from '../lib/page.server';
import { seoMeta } from '../lib/seo';
import type { Route } from './+types/category';

/**
 * A category: its name, subcategories, one page of its products, sorted and paged by the URL. One request to the
 * service (issue 50): the category and its products are both asked for by the slug; an unknown one is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = pageContext({ request, params, context });
  const url = new URL(request.url);
  const sortKey = sortKeyOf(url.searchParams.get('sort'));
  const page = pageOf(url.searchParams.get('page'));
  const filters = filtersOf(url);
  const found = await gql(
    StorefrontCategoryDocument,
    { slug: params.slug, page, limit: PAGE_SIZE, ...SORTS[sortKey], ...filters },
    callerOf(ctx),
  ).catch((err: unknown) => {
    if (isNotFound(err)) throw data(null, { status: 404 });
    throw err;
  });
  const { storeCategory: category, storeProducts: list } = found;
  return data({
    locale: ctx.locale,
    category,
    products: list.items,
    meta: list.meta,
    facets: list.facets ?? [],
    filtered: anyFilter(filters),
    sortKey,
    url: request.url,
    origin: publicUrl(request),
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = (matches[0]?.loaderData as { shopName?: string } | undefined)?.shopName ?? '';
  if (!loaderData) return [];
  const { category } = loaderData;
  return seoMeta({
    title: `${category.name} · ${shop}`,
    description: category.description ?? category.name,
    url: loaderData.url,
    origin: loaderData.origin,
    path: `/c/${category.slug}`,
    locale: loaderData.locale,
    shop,
    keepQuery: ['page'],
  });
};

export default function Category({ loaderData }: Route.ComponentProps) {
  const { locale, category, products, meta, sortKey, url, facets, filtered } = loaderData;
  const currency = products[0]?.currency ?? 'EUR';
  const path = new URL(url, 'http://x').pathname;
  const clearUrl = filtered ? (sortKey === 'newest' ? path : `${path}?sort=${sortKey}`) : null;
  const t = messagesFor(locale);
  return (
    <>
      <h1 className="text-3xl font-semibold">{category.name}</h1>
      {category.description && <p className="mt-2 max-w-prose text-stone-700">{category.description}</p>}
      {category.children.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-3">
          {category.children.map((c) => (
            <li key={c.id}>
              <a
                className="rounded-full border border-stone-300 px-3 py-1 hover:underline"
                href={localePath(locale, `/c/${c.slug}`)}
              >
                {c.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 grid gap-8 md:grid-cols-[14rem_1fr]">
        <FacetSidebar facets={facets} locale={locale} currency={currency} sortKey={sortKey} clearUrl={clearUrl} />
        <div>
          <div className="flex items-center justify-between gap-4">
            <p className="text-sm text-stone-600" role="status">
              {meta.total} {meta.total === 1 ? t.item : t.items}
            </p>
            <SortControl t={t} sortKey={sortKey} url={url} />
          </div>
          <div className="mt-4">
            {products.length ? <ProductGrid products={products} locale={locale} /> : <p>{t.noProducts}</p>}
          </div>
          <Pager url={url} page={meta.page} pages={meta.pages} t={t} />
        </div>
      </div>
    </>
  );
}
