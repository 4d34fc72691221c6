/** MCP (contract §8): store and admin servers whose tools are generated from the REST route table. */
import type { GraphQLSchema } from 'graphql';

import type { AppServices } from '../context/ctx';
import { ConfigError } from '../platform/config/load';
import type { PluginDefinition } from '../plugin-api';
import type { CompiledRoute } from '../routing/compile';
import type { RouteSpec } from '../routing/route';
import { describeRouteTools } from './describe';
import type { McpRuntime } from './server';
import { type Toolset, TOOLSETS } from './tool-catalog';

export { isStaff, mcpRouter } from './http';
export { buildMcpServer, type McpRuntime, type McpSession, parseToolsets } from './server';
export { type Toolset, TOOLSETS } from './tool-catalog';

export function createMcpRuntime(options: {
  services: AppServices;
  schema: GraphQLSchema;
  routes: CompiledRoute[];
  plugins: () => PluginDefinition<any, any>[];
  /** The active plugins' compiled route rows (their tools' store client runs them in process). */
  pluginRoutes: () => CompiledRoute[];
  selfUrl: () => string;
  /** The MCP toolset of an admin route, as its domain's group declares it. */
  toolsetOf: (spec: RouteSpec) => Toolset | undefined;
}): McpRuntime {
  const { config } = options.services;
  const configured = config['mcp.admin_toolsets'];
  const unknown = configured.find((n) => n !== 'all' && !(n in TOOLSETS));
  if (unknown)
    throw new ConfigError(
      `mcp.admin_toolsets: unknown toolset ${JSON.stringify(unknown)} (known: ${Object.keys(TOOLSETS).join(', ')}, all)`,
    );
  return {
    services: options.services,
    tools: describeRouteTools(options.schema, options.routes, options.toolsetOf),
    plugins: options.plugins,
    routeTable: () => [...options.pluginRoutes(), ...options.routes],
    selfUrl: options.selfUrl,
    maxBytes: config['mcp.max_result_bytes'],
    defaultToolsets: configured.includes('all') ? (Object.keys(TOOLSETS) as Toolset[]) : (configured as Toolset[]),
  };
}
