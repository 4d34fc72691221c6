import { createContext, data, type RouterContextProvider } from 'react-router';

import { gql } from './api.server';
import { type Locale, localeOf } from './locale';
import { readSession, type SessionData } from './session.server';

/** What every page's loader starts from: the locale its URL names and the shopper's session. */
export interface PageContext {
  locale: Locale;
  session: SessionData;
  requestId?: string;
}

/** The session as the root's middleware left it (tokens refreshed when they were about to expire). */
export const sessionContext = createContext<SessionData | null>(null);

/** What a loader or action is given, as far as pageContext reads it. */
export interface PageArgs {
  request: Request;
  params: { lang?: string };
  context: Readonly<RouterContextProvider>;
}

/** The page's locale and session; an unknown locale segment is the page's 404. */
export function pageContext({ request, params, context }: PageArgs): PageContext {
  const locale = localeOf(params.lang);
  if (!locale) throw data(null, { status: 404 });
  const session = context.get(sessionContext) ?? readSession(request);
  return { locale, session, requestId: request.headers.get('x-request-id') ?? undefined };
}

/** The caller headers for a page's service call: the locale, and the shopper's tokens when there are any. */
export const callerOf = ({ locale, session, requestId }: PageContext) => ({
  locale,
  accessToken: session.accessToken,
  cartToken: session.cartToken,
  requestId,
});

/**
 * A short in-process cache for what every page shows and rarely changes (the header's categories): the page's own
 * data is then its one round trip to the service. Each entry lives `ttlMs`; a failed load is not cached.
 */
const cache = new Map<string, { until: number; value: Promise<unknown> }>();

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { until: Date.now() + ttlMs, value });
  value.catch(() => cache.delete(key));
  return value;
}

export { gql };
