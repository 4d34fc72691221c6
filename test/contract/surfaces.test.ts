import { buildAppSchema, DOMAINS, ROUTE_GROUPS, ROUTES, schemaParts, toolsetOfRoute } from '../../app/domains';
import { buildRouteTools } from '../../src/mcp/tool-catalog';
import { compileRoutes } from '../../src/routing/compile';

/** The root list declares each domain's surface once: routes, OpenAPI tag, MCP toolset. */
const schema = buildAppSchema();
const routes = compileRoutes(schema, ROUTES, schemaParts().accessTables);
const toolsetOf = (route: (typeof routes)[number]) => toolsetOfRoute(route.spec);

describe('domain surfaces (app/domains.ts)', () => {
  it('files each admin tool under the toolset of its route group, the product attribute values under attributes', () => {
    const tools = buildRouteTools(routes, () => undefined, toolsetOf);
    const toolset = (name: string) => tools.find((t) => t.name === name)?.toolset;
    expect(toolset('admin_list_warehouses')).toBe('inventory');
    expect(toolset('admin_list_products')).toBe('catalog');
    expect(toolset('admin_update_product_attribute')).toBe('attributes');
    expect(toolset('admin_list_payment_methods')).toBe('pricing');
    expect(toolset('admin_list_order_transactions')).toBe('orders');
    expect(tools.filter((t) => t.surface === 'admin' && !t.toolset)).toEqual([]);
  });

  it('refuses to start when an admin route has no toolset, instead of filing it somewhere', () => {
    expect(() =>
      buildRouteTools(
        routes,
        () => undefined,
        (route) => (route.spec.path.includes('/warehouses') ? undefined : toolsetOf(route)),
      ),
    ).toThrow(/admin_list_warehouses .*declares no toolset/);
  });

  it('lists every route once, under one tag per name (a tag two groups share is one tag)', () => {
    const specs = DOMAINS.flatMap((d) => d.surface.flatMap((g) => g.routes));
    expect(new Set(specs).size).toBe(specs.length);
    expect(ROUTES).toHaveLength(specs.length);
    const tags = ROUTE_GROUPS.map((g) => g.tag);
    expect(new Set(tags).size).toBe(tags.length);
    expect(ROUTE_GROUPS.every((g) => g.description)).toBe(true);
  });
});
