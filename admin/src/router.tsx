import { createRouter } from '@tanstack/react-router';

import { onSessionExpired } from './api/client';
import { queryClient } from './api/query-client';
import { viewerQuery } from './api/session';
import { extensionRoutes } from './extensions/routes';
import { screenRoute } from './resource/routes';
import { catalogRoutes } from './routes/catalog';
import { operationsRoutes } from './routes/operations';
import {
  acceptInviteRoute,
  appRoute,
  forgotPasswordRoute,
  loginRoute,
  resetPasswordRoute,
  rootRoute,
} from './routes/root';
import { salesRoutes } from './routes/sales';

/**
 * The route tree, in code (typed: links and search parameters are checked by tsc). Each screen is its own
 * chunk (`lazyRouteComponent`); the frame, session and router stay in the initial bundle. Every list keeps its
 * state (search, page, sort, filters) in the URL, so it can be shared and reloaded. Each area declares its
 * screens in its own file under routes/.
 */

const homeRoute = screenRoute('/', () => import('./screens/home'), 'HomeScreen');

const routeTree = rootRoute.addChildren([
  loginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  acceptInviteRoute,
  appRoute.addChildren([homeRoute, ...catalogRoutes, ...salesRoutes, ...operationsRoutes, ...extensionRoutes]),
]);

export const router = createRouter({
  routeTree,
  basepath: '/admin',
  context: { queryClient },
  defaultPreload: 'intent',
  // No scroll restoration: it keeps positions in sessionStorage, and the admin stores nothing in the browser.
  scrollRestoration: false,
});

// A request that found the session gone (and could not refresh it): sign in, then come back here.
onSessionExpired(() => {
  queryClient.setQueryData(viewerQuery.queryKey, null);
  const here = router.state.location;
  if (here.pathname.endsWith('/login')) return;
  void router.navigate({ to: '/login', search: { redirect: here.href, reason: 'expired' } });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
