import { StorefrontHealthDocument } from '../generated/graphql';
import { gql } from '../lib/api.server';

/**
 * 200 once the storefront can render pages: its server runs and the service answers (contract §12). A service that
 * is down or draining is a 503, so a load balancer sends shoppers to a storefront that can serve them.
 */
export async function loader() {
  const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };
  try {
    const { readiness } = await gql(StorefrontHealthDocument, {}, { locale: 'en' });
    const ok = readiness.status !== 'not_ready';
    return new Response(JSON.stringify({ status: ok ? 'ok' : 'unavailable', service: readiness.status }), {
      status: ok ? 200 : 503,
      headers,
    });
  } catch (err) {
    return new Response(JSON.stringify({ status: 'unavailable', error: (err as Error).message }), {
      status: 503,
      headers,
    });
  }
}
