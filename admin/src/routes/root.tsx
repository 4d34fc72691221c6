import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';

import { isStaff, viewerQuery } from '../api/session';
import { ErrorState } from '../components/error-state';
import { Layout } from '../components/layout';
import { stringParam } from '../lib/format';

/**
 * The routes every screen hangs from: the root, sign-in, and the signed-in frame (`appRoute`). Each area of the
 * admin declares its own screens in its own file beside this one (catalog, sales, operations) with the route
 * helpers of resource/routes.ts; router.tsx joins them into the tree, so adding a screen touches its area's file
 * only.
 */

export const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
  errorComponent: ({ error, reset }) => (
    <main className="p-6">
      <ErrorState error={error} onRetry={reset} />
    </main>
  ),
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string; reason?: 'expired' } => ({
    redirect: stringParam(search.redirect),
    reason: search.reason === 'expired' ? 'expired' : undefined,
  }),
  component: lazyRouteComponent(() => import('../screens/login'), 'LoginScreen'),
});

/**
 * The account screens reached without a session (from the sign-in screen, or an emailed link): beside sign-in,
 * outside the signed-in frame, so no guard sends their visitor away. The reset and invite links carry their token
 * in the URL fragment, which the router leaves alone and the screen reads once.
 */
export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgot-password',
  component: lazyRouteComponent(() => import('../screens/forgot-password'), 'ForgotPasswordScreen'),
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  component: lazyRouteComponent(() => import('../screens/reset-password'), 'ResetPasswordScreen'),
});

export const acceptInviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'accept-invite',
  component: lazyRouteComponent(() => import('../screens/accept-invite'), 'AcceptInviteScreen'),
});

/** Everything behind sign-in: no staff session sends the visitor to sign in, and back here afterwards. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  beforeLoad: async ({ context, location }) => {
    const viewer = await context.queryClient.ensureQueryData(viewerQuery);
    if (!isStaff(viewer)) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { viewer };
  },
  component: Layout,
});
