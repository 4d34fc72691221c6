import { StorefrontSearchDocument } from '../generated/graphql';
import { callerOf, gql, pageContext } from '../lib/page.server';
import type { Route } from './+types/search-suggest';

/** How many names the search box suggests, and the shortest text worth asking about. */
const SUGGESTIONS = 6;
const MIN_LENGTH = 2;

/**
 * `GET /search/suggest?q=` → `{suggestions: [name]}`: product names for the search box as the shopper types (the
 * service's prefix search, so "hoo" finds "Zip Hoodie"). Cached briefly by the browser: typing back and forth
 * does not ask again.
 */
export async function loader(args: Route.LoaderArgs) {
  const ctx = pageContext(args);
  const q = (new URL(args.request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
  const suggestions =
    q.length < MIN_LENGTH
      ? []
      : (
          await gql(StorefrontSearchDocument, { search: q, page: 1, limit: SUGGESTIONS }, callerOf(ctx))
        ).storeProducts.items.map((p) => p.name);
  return Response.json({ suggestions }, { headers: { 'cache-control': 'private, max-age=60' } });
}
