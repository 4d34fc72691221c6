import { type GraphQLSchema, Kind, type OperationDefinitionNode } from 'graphql';

import type { CompiledRoute } from '../routing/compile';
import type { RouteSpec } from '../routing/route';
import { buildRouteTools, type RouteTool, type Toolset } from './tool-catalog';

/** The description of the operation's first root field in the schema (what the tool does). */
function fieldDescription(schema: GraphQLSchema, route: CompiledRoute): string | undefined {
  const operation = route.document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const first = operation?.selectionSet.selections[0];
  if (!operation || first?.kind !== Kind.FIELD) return undefined;
  const root = operation.operation === 'query' ? schema.getQueryType() : schema.getMutationType();
  return root?.getFields()[first.name.value]?.description ?? undefined;
}

/**
 * The route tools with their descriptions taken from the GraphQL schema; `toolsetOf` is the MCP toolset the
 * route's domain group declares (app/domains.ts).
 */
export function describeRouteTools(
  schema: GraphQLSchema,
  routes: CompiledRoute[],
  toolsetOf: (spec: RouteSpec) => Toolset | undefined,
): RouteTool[] {
  return buildRouteTools(
    routes,
    (route) => fieldDescription(schema, route),
    (route) => toolsetOf(route.spec),
  );
}
