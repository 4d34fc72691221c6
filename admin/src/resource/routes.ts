import {
  type AnyValidator,
  type Constrain,
  createRoute,
  type DefaultValidator,
  lazyRouteComponent,
} from '@tanstack/react-router';

import { appRoute } from '../routes/root';
import { type ListSearch, listSearch } from './search';

export { listSearch, listSearchWith } from './search';

/**
 * Routes declared once per screen. A resource's three screens (list, new, detail) live in one module and are
 * declared with one call; each is its own lazily loaded chunk under the signed-in frame. Every list route takes
 * the same search validator (`listSearch`, or `listSearchWith` for filters), so links to a list pass
 * `search={{ page: 1 }}` and nothing else is needed.
 */

type Load = () => Promise<Record<string, unknown>>;

/** A list screen at `path` whose URL holds `q`, `page` and what `validate` (a `listSearchWith`) adds. */
export function listRoute<TPath extends string, V extends (search: never) => ListSearch = typeof listSearch>(
  path: TPath,
  load: Load,
  name: string,
  validate?: V,
) {
  return createRoute({
    getParentRoute: () => appRoute,
    path,
    // tsc cannot resolve the router's constraint on a generic validator; V is a validator by its own bound.
    validateSearch: (validate ?? listSearch) as Constrain<V, AnyValidator, DefaultValidator>,
    component: lazyRouteComponent(load, name),
  });
}

/** A screen without search parameters. */
export const screenRoute = <TPath extends string>(path: TPath, load: Load, name: string) =>
  createRoute({ getParentRoute: () => appRoute, path, component: lazyRouteComponent(load, name) });

/**
 * A resource's list (`base`), new (`base/new`) and detail (`base/$param`) routes from one module, which exports
 * the three screens by the names given.
 */
export function resourceRoutes<TBase extends string, TParam extends string>(
  base: TBase,
  param: TParam,
  load: Load,
  names: { list: string; create: string; detail: string },
) {
  return [
    listRoute(base, load, names.list),
    screenRoute(`${base}/new` as `${TBase}/new`, load, names.create),
    screenRoute(`${base}/$${param}` as `${TBase}/$${TParam}`, load, names.detail),
  ] as const;
}
