import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouteContext, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

import { gql } from '../api/client';
import { PluginNavLinks } from '../extensions/plugin-nav';
import { AdminLogoutDocument } from '../generated/graphql';
import { cn } from '../lib/cn';
import { ActionError } from './error-state';
import { useFocusOnNavigate } from './focus-on-navigate';
import { Button } from './ui/button';

/** The primary navigation: these names are how people and tools find the screens (issue 25). */
const NAV = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/categories', label: 'Categories' },
  { to: '/inventory', label: 'Inventory' },
  { to: '/orders', label: 'Orders' },
  { to: '/customers', label: 'Customers' },
  { to: '/discounts', label: 'Discounts' },
  { to: '/settings', label: 'Settings' },
] as const;

/**
 * Once the first screen is drawn and the browser is idle, fetches the code of the primary screens (lazy chunks,
 * cached as immutable), so the first visit to each costs its data only. The initial JavaScript is unchanged.
 */
function usePrefetchPrimaryScreens() {
  const router = useRouter();
  useEffect(() => {
    const prefetch = () => {
      for (const { to } of NAV) {
        const route = router.routesByPath[to as keyof typeof router.routesByPath];
        if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
      }
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(prefetch, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 1000);
    return () => clearTimeout(timer);
  }, [router]);
}

/**
 * The frame around every signed-in screen: navigation, who is signed in, sign-out, and the screen. Below the
 * `md` breakpoint (768 px) the sidebar folds into a **Menu** button above the screen; the screen's own content
 * never widens the page (tables scroll inside their own box).
 */
export function Layout() {
  const { viewer } = useRouteContext({ from: '/_app' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  usePrefetchPrimaryScreens();
  useFocusOnNavigate(main);
  // Opening a screen from the folded menu closes it.
  useEffect(() => setMenuOpen(false), [pathname]);

  async function signOut() {
    setError(undefined);
    try {
      await gql(AdminLogoutDocument);
    } catch (e) {
      setError(e);
      return;
    }
    queryClient.clear();
    await navigate({ to: '/login' });
  }

  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-2 md:hidden">
        <p className="text-lg font-semibold">svc admin</p>
        <Button
          variant="outline"
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </Button>
      </header>
      <aside
        id="sidebar"
        className={cn(
          menuOpen ? 'flex' : 'hidden',
          'flex-col gap-4 border-b border-slate-200 bg-white p-4',
          'md:sticky md:top-0 md:flex md:h-screen md:w-56 md:shrink-0 md:overflow-y-auto md:border-b-0 md:border-r',
        )}
      >
        <p className="hidden text-lg font-semibold md:block">svc admin</p>
        <nav aria-label="Primary">
          <ul className="space-y-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  activeOptions={{ exact: item.to === '/' }}
                  className="block rounded-md px-3 py-2 text-sm hover:bg-slate-100"
                  activeProps={{ className: 'bg-slate-200 font-semibold', 'aria-current': 'page' }}
                >
                  {item.label}
                </Link>
                {/* Returns is a screen of the orders' life: a link under Orders (ui-names.md), not a top entry. */}
                {item.to === '/orders' && (
                  <ul className="ml-4 mt-1 space-y-1">
                    <li>
                      <Link
                        to="/returns"
                        search={{ page: 1 }}
                        className="block rounded-md px-3 py-2 text-sm hover:bg-slate-100"
                        activeProps={{ className: 'bg-slate-200 font-semibold', 'aria-current': 'page' }}
                      >
                        Returns
                      </Link>
                    </li>
                  </ul>
                )}
              </li>
            ))}
            <PluginNavLinks />
          </ul>
        </nav>
        <div className="mt-auto space-y-2 text-sm">
          <p className="break-all text-slate-700">
            {viewer.email} <span className="text-slate-600">({viewer.role.replace('_', ' ')})</span>
          </p>
          <Button variant="outline" onClick={signOut} className="w-full">
            Sign out
          </Button>
          <ActionError error={error} />
        </div>
      </aside>
      <main id="main" ref={main} tabIndex={-1} className="min-w-0 flex-1 space-y-4 p-4 outline-none md:p-6">
        <Outlet />
      </main>
    </div>
  );
}
