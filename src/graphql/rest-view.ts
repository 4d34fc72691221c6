import { MapperKind, mapSchema } from '@graphql-tools/utils';
import type { GraphQLSchema } from 'graphql';

const views = new WeakMap<GraphQLSchema, GraphQLSchema>();

/**
 * The executable schema as the REST adapter, MCP and the plugins' checkout function run it: each enum value is
 * named by its value. GraphQL clients see `UPPER_CASE` names (`sort: PRICE_GROSS`, `status: SHIPPED`), the spec's
 * REST API the lower-case strings behind them (`?sort=price_gross`, `"status": "shipped"`), which are also what
 * the database holds. The mapping is declared once, by each enum (`PRICE_GROSS = 'price_gross'`): this view
 * renames nothing else, and keeps the resolvers, shield and argument rules of the schema it is made from, so
 * both surfaces run the same code and differ only in how enum values are spelled on the wire.
 */
export function restView(schema: GraphQLSchema): GraphQLSchema {
  let view = views.get(schema);
  if (!view) {
    view = mapSchema(schema, {
      [MapperKind.ENUM_VALUE]: (config) => [String(config.value), config],
    });
    views.set(schema, view);
  }
  return view;
}
