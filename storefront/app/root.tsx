import './styles.css';

import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';

import type { Route } from './+types/root';
import { ShopHeader } from './components/shop-header';
import { StorefrontNavDocument } from './generated/graphql';
import { gql } from './lib/api.server';
import { freshSession } from './lib/auth.server';
import { shopName } from './lib/config.server';
import { DEFAULT_LOCALE, type Locale, localePath } from './lib/locale';
import { messagesFor } from './lib/messages';
import { cached, sessionContext } from './lib/page.server';
import { readSession, SESSION_COOKIE, sessionCookie } from './lib/session.server';

/**
 * Every request: the session is read once, its tokens refreshed when about to expire, and handed to loaders and
 * actions; a refreshed session is written back unless the page set the cookie itself.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const { session, changed } = await freshSession(readSession(request));
    context.set(sessionContext, session);
    const response = await next();
    const setsOwn = response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (changed && !setsOwn) response.headers.append('set-cookie', sessionCookie(session));
    return response;
  },
];

/** The header's data: cached categories (60 s) and the session's cart count, so a page costs one service call. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const first = new URL(request.url).pathname.split('/')[1];
  const locale: Locale = first === 'de' ? 'de' : DEFAULT_LOCALE;
  const session = context.get(sessionContext) ?? readSession(request);
  const categories = await cached(`nav:${locale}`, 60_000, () =>
    gql(StorefrontNavDocument, {}, { locale }).then((d) => d.storeCategories),
  ).catch(() => []);
  return data({
    locale,
    shopName: shopName(),
    nav: categories
      .filter((c) => c.parentId === null)
      .sort((a, b) => a.position - b.position)
      .map((c) => ({ name: c.name, slug: c.slug })),
    cartCount: session.cartCount ?? 0,
    signedIn: Boolean(session.accessToken),
  });
}

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const locale = root?.locale ?? DEFAULT_LOCALE;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ShopHeader {...loaderData} />
      <main id="content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t border-stone-200 py-6 text-center text-sm text-stone-600">
        <p>
          © {loaderData.shopName} · <a href={localePath('en', '/')}>English</a> ·{' '}
          <a href={localePath('de', '/')}>Deutsch</a>
        </p>
      </footer>
    </>
  );
}

/** Any error a page throws: a 404 says so; anything else is a plain apology (the details are in the server log). */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  const t = messagesFor(root?.locale ?? DEFAULT_LOCALE);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-16">
      <title>{notFound ? t.notFound : t.somethingWrong}</title>
      <h1 className="text-3xl font-semibold">{notFound ? t.notFound : t.somethingWrong}</h1>
      <p className="mt-4">{notFound ? t.notFoundText : t.tryAgain}</p>
      <p className="mt-6">
        <a className="underline" href={localePath(root?.locale ?? DEFAULT_LOCALE, '/')}>
          {t.backHome}
        </a>
      </p>
    </main>
  );
}
