import { data } from 'react-router';

import { ProductGrid } from '../components/product-card';
import { StorefrontHomeDocument } from '../generated/graphql';
import { publicUrl } from '../lib/config.server';
import { localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { callerOf, gql, pageContext } from '../lib/page.server';
import { seoMeta } from '../lib/seo';
import type { Route } from './+types/home';

/** Home: the categories and the newest products, one service call. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = pageContext({ request, params, context });
  const home = await gql(StorefrontHomeDocument, { limit: 8 }, callerOf(ctx));
  const categories = home.storeCategories.filter((c) => c.parentId === null).sort((a, b) => a.position - b.position);
  return data(
    {
      locale: ctx.locale,
      categories,
      products: home.storeProducts.items,
      url: request.url,
      origin: publicUrl(request),
    },
    { headers: { 'cache-control': 'private, max-age=0, must-revalidate' } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = (matches[0]?.loaderData as { shopName?: string } | undefined)?.shopName ?? '';
  if (!loaderData) return [];
  return seoMeta({
    title: shop,
    description: `${shop}: ${loaderData.categories.map((c) => c.name).join(', ')}`,
    url: loaderData.url,
    origin: loaderData.origin,
    path: '/',
    locale: loaderData.locale,
    shop,
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { locale, categories, products } = loaderData;
  const t = messagesFor(locale);
  return (
    <>
      <h1 className="sr-only">{t.categories}</h1>
      <section aria-labelledby="home-categories">
        <h2 id="home-categories" className="text-2xl font-semibold">
          {t.categories}
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {categories.map((c) => (
            <li key={c.id}>
              <a
                href={localePath(locale, `/c/${c.slug}`)}
                className="block rounded border border-stone-200 bg-brand-50 p-6 text-lg font-medium hover:underline"
              >
                {c.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="home-new" className="mt-10">
        <h2 id="home-new" className="mb-4 text-2xl font-semibold">
          {t.newArrivals}
        </h2>
        {products.length ? <ProductGrid products={products} locale={locale} /> : <p>{t.noProducts}</p>}
      </section>
    </>
  );
}
