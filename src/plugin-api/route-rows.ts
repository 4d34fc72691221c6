import type { Router } from 'express';
import type { GraphQLSchema } from 'graphql';

import type { AccessTable } from '../auth/access';
import type { AppServices } from '../context/ctx';
import { sendError } from '../http/send';
import { type CompiledRoute, compileRoutes } from '../routing/compile';
import type { RouteSpec } from '../routing/route';
import { httpCaller, respond } from '../routing/router';
import { runRoute } from '../routing/run';

/**
 * A plugin route declared the way the core declares its own: a row over one of the plugin's named GraphQL
 * operations (its `graphql` resolvers), with the path below the plugin's mount. The host compiles it against
 * the schema and the plugin's access table at start, serves it with `runRoute` (access, budgets, the REST
 * reader's validation, the error map) and the OpenAPI document describes it from the operation, like a core row.
 */
export type PluginRouteRow = RouteSpec & {
  /** `plugin`: under `/plugins/<name>`; `store`: under `/api/v1/store/<name>`. */
  mount: 'plugin' | 'store';
};

/** Where a plugin's rows of one mount live: `/plugins/<name>` or `/api/v1/store/<name>`. */
const mountPrefix = (plugin: string, mount: PluginRouteRow['mount']) =>
  mount === 'plugin' ? `/plugins/${plugin}` : `/api/v1/store/${plugin}`;

/** A row's path as the document shows it: the plugin's mount in front of its own path. */
export function fullPath(plugin: string, row: PluginRouteRow): string {
  return `${mountPrefix(plugin, row.mount)}${row.path}`;
}

/**
 * The plugin's rows with their full paths (one spec object per row, so the OpenAPI document's tags and the
 * compiled table refer to the same objects).
 */
export function documentedRows(plugin: { name: string; routes?: PluginRouteRow[] }): PluginRouteRow[] {
  return (plugin.routes ?? []).map((row) => ({ ...row, path: fullPath(plugin.name, row) }));
}

/**
 * Compiles a plugin's rows with their full paths (a broken row stops the plugin's start, as a broken core row
 * stops the service's). The same compiled routes serve HTTP and the in-process store client of MCP tools.
 */
export function compileRouteRows(
  schema: GraphQLSchema,
  plugin: { name: string; routes?: PluginRouteRow[]; graphql?: { access: AccessTable } },
): CompiledRoute[] {
  const rows = documentedRows(plugin);
  return rows.length ? compileRoutes(schema, rows, [plugin.graphql?.access ?? {}]) : [];
}

/**
 * Mounts each compiled row as an Express route on the plugin's router or store router (so the 405 check and
 * the mounted-route list see them).
 */
export function mountRouteRows(
  services: AppServices,
  plugin: string,
  compiled: CompiledRoute[],
  routers: { plugin: Router; store: Router },
): void {
  for (const route of compiled) {
    const row = route.spec as PluginRouteRow;
    const router = row.mount === 'plugin' ? routers.plugin : routers.store;
    const expressPath = row.path.slice(mountPrefix(plugin, row.mount).length).replace(/\{(\w+)\}/g, ':$1');
    const method = row.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](expressPath, async (req, res, next) => {
      try {
        if (res.locals.logFields) res.locals.logFields.operation = route.operationName;
        const params = Object.fromEntries(Object.entries(req.params).map(([k, v]) => [k, String(v)]));
        const outcome = await runRoute(
          route,
          { params, query: req.query as Record<string, unknown>, body: req.body },
          httpCaller(services, req, res),
        );
        if ('error' in outcome) return sendError(res, outcome.error);
        respond(route, res, outcome.payload, outcome.raw);
      } catch (err) {
        next(err);
      }
    });
  }
}
