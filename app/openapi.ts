import type { GraphQLSchema } from 'graphql';

import { buildOpenApi, type OpenApiDocument } from '../rest/openapi';
import { SERVICE_VERSION } from '../src/platform/version';
import type { PluginDefinition } from '../src/plugin-api';
import { documentedRows } from '../src/plugin-api/route-rows';
import { type CompiledRoute, compileRoutes } from '../src/routing/compile';
import { buildAppRestSchema, ROUTE_GROUPS, ROUTES, schemaParts } from './domains';
import { BUNDLED_PLUGINS } from './plugins';
import { cacheableRestPaths } from './response-cache';

/** The OpenAPI document of a route table compiled against `schema`, with `plugins`' route rows and declared raw routes. */
export function openApiFor(
  schema: GraphQLSchema,
  routes: CompiledRoute[],
  plugins: readonly PluginDefinition<any, any>[],
): OpenApiDocument {
  const cacheable = new Set(cacheableRestPaths(routes));
  // Plugins' route rows are described like core rows, from their operations, under the plugin's tag.
  const rowGroups = plugins
    .map((p) => ({ plugin: p, specs: documentedRows(p) }))
    .filter((g) => g.specs.length)
    .map(({ plugin, specs }) => ({
      tag: `plugin:${plugin.name}`,
      description: `Routes of the ${plugin.name} plugin.`,
      routes: specs,
      compiled: compileRoutes(schema, specs, [plugin.graphql?.access ?? {}]),
    }));
  return buildOpenApi({
    schema,
    routes: [...routes, ...rowGroups.flatMap((g) => g.compiled)],
    cacheable: (route) => cacheable.has(route.pattern),
    tags: [...ROUTE_GROUPS, ...rowGroups],
    version: SERVICE_VERSION,
    pluginRoutes: plugins.flatMap((p) => (p.httpRoutes ?? []).map((r) => ({ ...r, plugin: p.name }))),
  });
}

/** `schema/openapi.json`: the document of the whole surface, every bundled plugin included. */
export function renderOpenApi(): string {
  const schema = buildAppRestSchema(BUNDLED_PLUGINS);
  const routes = compileRoutes(schema, ROUTES, schemaParts(BUNDLED_PLUGINS).accessTables);
  return `${JSON.stringify(openApiFor(schema, routes, BUNDLED_PLUGINS), null, 2)}\n`;
}
