import type { NextFunction, Request, Response, Router } from 'express';

import { AppError } from '../shared/errors';

/** The parts of Express's router layer this module reads (its typings leave `match` and `methods` out). */
interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
  match(path: string): unknown;
}

/** A route a plugin mounted, as the host lists it (tests send every method it does not answer). */
export interface MountedRoute {
  /** The path pattern within the plugin's mount (`/deliveries/:id`). */
  path: string;
  /** Upper-case methods, `GET` first when present (Express answers HEAD with the GET handler). */
  methods: string[];
}

const methodsOf = (route: NonNullable<RouteLayer['route']>): string[] =>
  Object.keys(route.methods)
    .filter((m) => m !== '_all')
    .map((m) => m.toUpperCase());

/** The routes `router` serves itself (not middleware such as the assets' static files), merged by path. */
export function routesOf(router: Router): MountedRoute[] {
  const byPath = new Map<string, Set<string>>();
  for (const layer of router.stack as unknown as RouteLayer[]) {
    if (!layer.route) continue;
    const methods = byPath.get(layer.route.path) ?? new Set<string>();
    for (const m of methodsOf(layer.route)) methods.add(m);
    byPath.set(layer.route.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({ path, methods: [...methods] }));
}

/** The methods the routes of `router` answer at `path` (relative to where the router is mounted). */
function allowedAt(router: Router, path: string): string[] {
  const allowed = new Set<string>();
  for (const layer of router.stack as unknown as RouteLayer[]) {
    if (!layer.route || layer.route.methods._all || !layer.match(path)) continue;
    for (const m of methodsOf(layer.route)) allowed.add(m);
  }
  return [...allowed];
}

/**
 * Runs a plugin's `router`; when none of its routes answered, a path that one of them serves with another
 * method is a 405 `method_not_allowed` with `Allow`, exactly as the core REST routes answer (a plugin route
 * used to fall through to the 404). Express restores `req.url` to the mount's view before calling `done`, so
 * the path matched here is the one the plugin's routes saw.
 */
export function withMethodNotAllowed(router: Router) {
  return (req: Request, res: Response, next: NextFunction) =>
    router(req, res, (err?: unknown) => {
      if (err !== undefined && err !== 'router' && err !== 'route') return next(err);
      const allowed = allowedAt(router, req.path);
      // Express answers OPTIONS for a path its routes serve before this runs (HEAD too, where there is a GET).
      if (allowed.length === 0 || req.method === 'OPTIONS') return next();
      next(
        new AppError('method_not_allowed', `method ${req.method} not allowed`, {
          headers: { Allow: allowed.join(', ') },
        }),
      );
    });
}
