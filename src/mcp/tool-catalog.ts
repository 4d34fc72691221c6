import { type GraphQLInputType, isInputObjectType, isNonNullType } from 'graphql';

import type { CompiledRoute } from '../routing/compile';
import { inputSchema, type JsonSchema, pathParamSchema } from '../routing/json-schema';
import type { HttpMethod } from '../routing/route';
import { toSnake } from '../shared/case';
import { assertCheckable } from './check-arguments';
import { REQUEST_ARG_DOCS, type RequestField, STORE_TOOLS, type StoreTransport } from './store-tools';

export type { RequestField } from './store-tools';

export type Surface = 'store' | 'admin';

/** The admin toolsets (a client sees the ones it selects, plus the discovery tool). */
export const TOOLSETS = {
  catalog: 'products, variants, categories, tags, media, bulk create and CSV import',
  attributes: 'property groups and options, attributes and attribute values',
  inventory: 'warehouses, stock levels and stock movements',
  orders: 'orders, status changes, payment transactions',
  fulfilment: 'shipments with tracking, carriers, refunds, returns, the order timeline and staff notes',
  customers: 'customer accounts',
  pricing: 'tax rules, shipping methods, payment methods, discount codes',
  system: 'staff users, API keys, plugins',
} as const;
export type Toolset = keyof typeof TOOLSETS;

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** One MCP tool: a REST route (so a named GraphQL operation) with its MCP name, schema and hints. */
export interface RouteTool {
  name: string;
  title: string;
  description: string;
  surface: Surface;
  toolset?: Toolset;
  route: CompiledRoute;
  inputSchema: JsonSchema;
  annotations: ToolAnnotations;
  /** Arguments that fill typed request fields, not operation variables (`cart_token` → `cartToken`). */
  requestArgs: Record<string, RequestField>;
  /** The argument of each path parameter of the route (`{id}` of /admin/products/{id} → `product_id`). */
  pathArgs: Record<string, string>;
  /** The argument of each query parameter the tool offers (`filter[active]` → `active`). */
  queryArgs: Record<string, string>;
  /** Whether the operation's body is an object whose fields are top-level arguments (else it is `body`). */
  flatBody: boolean;
  /** Destructive tools (delete, cancel, refund, stock set) run only with `confirm: true`. */
  needsConfirm: boolean;
  /** `stdio`: offered only where the connection is a session a tool can sign in (store_login, store_register). */
  transport: StoreTransport;
}

/** Special admin actions whose names the REST path does not spell as verb + noun. */
const ADMIN_NAMES: Record<string, string> = {
  'POST /api/v1/admin/users/invite': 'admin_invite_staff',
  'GET /api/v1/admin/users/invites': 'admin_list_staff_invites',
  'POST /api/v1/admin/users/invites/{id}/resend': 'admin_resend_staff_invite',
  'DELETE /api/v1/admin/users/invites/{id}': 'admin_revoke_staff_invite',
  'PUT /api/v1/admin/orders/{id}/status': 'admin_update_order_status',
  'PUT /api/v1/admin/returns/{id}/status': 'admin_update_return_status',
  'GET /api/v1/admin/orders/{id}/transactions': 'admin_list_order_transactions',
  'PUT /api/v1/admin/warehouses/{id}/stock': 'admin_set_warehouse_stock',
  'GET /api/v1/admin/warehouses/{id}/stock': 'admin_get_warehouse_stock',
  'GET /api/v1/admin/products/{productID}/stock': 'admin_get_product_stock',
  'POST /api/v1/admin/products/bulk': 'admin_bulk_create_products',
  'POST /api/v1/admin/products/import': 'admin_import_products',
  'GET /api/v1/admin/products/import/template': 'admin_get_import_template',
};

/** Routes left out of MCP: file uploads (multipart) have no JSON form. */
const isMcpRoute = (route: CompiledRoute) => !route.spec.multipart;

const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('sses') || word.endsWith('xes')
      ? word.slice(0, -2)
      : word.endsWith('s') && !word.endsWith('ss')
        ? word.slice(0, -1)
        : word;

/**
 * The argument that carries a path parameter, named for what it is: an id parameter (`{id}`, `{itemId}`, `{vId}`,
 * `{productID}`) is the resource of the literal segment before it, singular, plus `_id` (`/store/cart/{id}` →
 * `cart_id`, `/admin/products/{id}/variants/{vId}` → `product_id`, `variant_id`; a literal `id` segment is
 * skipped: `/store/products/id/{id}` → `product_id`), so one thing has one name in every tool and no tool takes
 * a bare `id`. Any other parameter keeps its own name in snake_case (`{slug}`, `{token}`).
 */
export function pathArgumentName(path: string, parameter: string): string {
  if (!/^id$|[a-z](Id|ID)$/.test(parameter)) return toSnake(parameter);
  const segments = path.split('/');
  const at = segments.indexOf(`{${parameter}}`);
  const resource = segments
    .slice(0, at)
    .reverse()
    .find((s) => s && !s.startsWith('{') && s !== 'id');
  if (!resource) throw new Error(`${path}: path parameter {${parameter}} follows no resource segment`);
  return `${singular(resource).replace(/-/g, '_')}_id`;
}

/** The argument that carries a query parameter: `filter[active]` → `active`, `customer_id` as it is. */
export const queryArgumentName = (parameter: string): string =>
  toSnake(/^filter\[(\w+)\]$/.exec(parameter)?.[1] ?? parameter);

/** `admin_<verb>_<noun>` from the method and the path: `GET /admin/products/{id}/variants` → `admin_list_product_variants`. */
export function adminToolName(method: HttpMethod, path: string): string {
  const special = ADMIN_NAMES[`${method} ${path}`];
  if (special) return special;
  const segments = path.replace('/api/v1/admin/', '').split('/');
  const nouns = segments.filter((s) => !s.startsWith('{')).map((s) => s.replace(/-/g, '_'));
  const endsWithParam = segments[segments.length - 1].startsWith('{');
  const verb =
    method === 'GET'
      ? endsWithParam
        ? 'get'
        : 'list'
      : method === 'POST'
        ? 'create'
        : method === 'DELETE'
          ? 'delete'
          : 'update';
  const plural = verb === 'list';
  const noun = nouns.map((n, i) => (i === nouns.length - 1 && plural ? n : singular(n))).join('_');
  return `admin_${verb}_${noun}`;
}

function annotationsOf(method: HttpMethod): ToolAnnotations {
  return {
    readOnlyHint: method === 'GET',
    // Updates overwrite and deletes remove: only reads and creates leave existing data as it was.
    destructiveHint: method === 'PUT' || method === 'PATCH' || method === 'DELETE',
    idempotentHint: method !== 'POST',
    // The tools act on this shop's own data only.
    openWorldHint: false,
  };
}

/** A description from the operation's root field in the GraphQL schema, with the REST route it mirrors. */
function describe(route: CompiledRoute, fieldDescription: string | undefined, extra: string): string {
  const base = fieldDescription?.trim() ? fieldDescription.trim() : `Runs ${route.operationName}.`;
  return `${base}${extra} (REST: ${route.spec.method} ${route.spec.path})`;
}

/**
 * Builds one tool's input schema: path and query parameters (named for what they are), body fields, request
 * arguments, `confirm`. `docs` adds descriptions and bounds to the generated argument schemas; `omit` leaves
 * out route parameters the tool does not offer. The schema is closed (`additionalProperties: false`): an
 * argument it does not name is refused, not ignored, so a misspelt one is never silently dropped.
 */
function toolInput(
  route: CompiledRoute,
  requestArgs: Record<string, RequestField>,
  needsConfirm: boolean,
  docs: Record<string, JsonSchema> = {},
  omit: readonly string[] = [],
) {
  const where = `${route.spec.method} ${route.spec.path}`;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const pathArgs: Record<string, string> = {};
  const queryArgs: Record<string, string> = {};
  const omitted = new Set<string>();
  let flatBody = true;
  const add = (name: string, schema: JsonSchema, isRequired: boolean) => {
    if (properties[name]) throw new Error(`${where}: argument ${name} is defined twice`);
    properties[name] = { ...schema, ...docs[name] };
    if (isRequired) required.push(name);
  };
  for (const param of route.params) {
    const name = pathArgumentName(route.spec.path, param);
    const variable = route.variables.find((v) => v.source.from === 'path' && v.source.name === param);
    if (!variable) throw new Error(`${where}: path parameter {${param}} feeds no variable`);
    pathArgs[param] = name;
    add(name, pathParamSchema(inputSchema(variable.type)), true);
  }
  for (const variable of route.variables) {
    const type: GraphQLInputType = variable.type;
    if (variable.source.from === 'body') {
      const unwrapped = isNonNullType(type) ? type.ofType : type;
      if (isInputObjectType(unwrapped)) {
        const body = inputSchema(type) as { properties: Record<string, JsonSchema>; required?: string[] };
        for (const [key, schema] of Object.entries(body.properties))
          if (omit.includes(key)) omitted.add(key);
          else add(key, schema, !!body.required?.includes(key));
      } else {
        flatBody = false;
        add('body', inputSchema(type), isNonNullType(type));
      }
    } else if (variable.source.from === 'query') {
      const name = queryArgumentName(variable.source.name);
      if (omit.includes(name)) {
        omitted.add(name);
        continue;
      }
      queryArgs[variable.source.name] = name;
      add(name, inputSchema(type), isNonNullType(type));
    }
  }
  for (const name of omit) if (!omitted.has(name)) throw new Error(`${where}: no argument ${name} to omit`);
  for (const arg of Object.keys(requestArgs)) add(arg, { type: 'string', description: REQUEST_ARG_DOCS[arg] }, false);
  if (needsConfirm)
    add(
      'confirm',
      { type: 'boolean', description: 'Must be true to run: without it the tool only says what it would do.' },
      false,
    );
  const schema: JsonSchema = {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
  assertCheckable(schema, where);
  return { schema, flatBody, pathArgs, queryArgs };
}

/** Whether a route's change can't be undone by the caller: delete, cancel or refund an order, overwrite stock. */
function isDestructiveAction(route: CompiledRoute): boolean {
  const { method, path } = route.spec;
  return (
    method === 'DELETE' ||
    path.endsWith('/status') ||
    (method === 'PUT' && path.endsWith('/stock')) ||
    // A refund gives money back: it is not undone.
    (method === 'POST' && path.endsWith('/refunds'))
  );
}

/**
 * Every MCP tool of the core, derived from the REST route table (which names the GraphQL operations): the
 * contract's store tools and an `admin_<verb>_<noun>` tool per admin route, in the toolset its domain's route
 * group declares (`toolsetOf`); an admin route without one stops start-up rather than landing in a default.
 */
export function buildRouteTools(
  routes: CompiledRoute[],
  fieldDescription: (route: CompiledRoute) => string | undefined,
  toolsetOf: (route: CompiledRoute) => Toolset | undefined,
): RouteTool[] {
  const byKey = new Map(routes.map((r) => [`${r.spec.method} ${r.spec.path}`, r]));
  const tools: RouteTool[] = [];
  for (const [name, spec] of Object.entries(STORE_TOOLS)) {
    const route = byKey.get(spec.route);
    if (!route) throw new Error(`MCP tool ${name}: no route ${spec.route}`);
    const needsConfirm = route.spec.method === 'DELETE';
    const { schema, flatBody, pathArgs, queryArgs } = toolInput(
      route,
      spec.request ?? {},
      needsConfirm,
      spec.args,
      spec.omit,
    );
    for (const arg of Object.keys(spec.args ?? {}))
      if (!(schema.properties as Record<string, JsonSchema>)[arg])
        throw new Error(`MCP tool ${name}: no argument ${arg}`);
    tools.push({
      name,
      title: spec.title,
      description: describe(route, spec.description, ''),
      surface: 'store',
      route,
      inputSchema: schema,
      annotations: annotationsOf(route.spec.method),
      requestArgs: spec.request ?? {},
      pathArgs,
      queryArgs,
      flatBody,
      needsConfirm,
      transport: spec.transport ?? 'any',
    });
  }
  for (const route of routes) {
    if (!route.spec.path.startsWith('/api/v1/admin/') || !isMcpRoute(route)) continue;
    const name = adminToolName(route.spec.method, route.spec.path);
    const toolset = toolsetOf(route);
    if (!toolset)
      throw new Error(
        `MCP tool ${name} (${route.spec.method} ${route.spec.path}): its route group declares no toolset (app/domains.ts)`,
      );
    const needsConfirm = isDestructiveAction(route);
    // A route that honours Idempotency-Key (a refund) takes it as `idempotency_key`, so an agent's retry is safe.
    const requestArgs: Record<string, RequestField> = route.spec.headers?.includes('idempotency-key')
      ? { idempotency_key: 'idempotencyKey' }
      : {};
    const { schema, flatBody, pathArgs, queryArgs } = toolInput(route, requestArgs, needsConfirm);
    tools.push({
      name,
      title: name
        .replace(/^admin_/, '')
        .replace(/_/g, ' ')
        .replace(/^./, (c) => c.toUpperCase()),
      description: describe(route, fieldDescription(route), needsConfirm ? ' Needs confirm: true.' : ''),
      surface: 'admin',
      toolset,
      route,
      inputSchema: schema,
      // A tool that needs confirm changes what cannot be undone (a refund is a POST, yet destructive).
      annotations: { ...annotationsOf(route.spec.method), ...(needsConfirm && { destructiveHint: true }) },
      requestArgs,
      pathArgs,
      queryArgs,
      flatBody,
      needsConfirm,
      transport: 'any',
    });
  }
  const seen = new Set<string>();
  for (const tool of tools) {
    if (seen.has(tool.name)) throw new Error(`MCP tool name ${tool.name} is used twice`);
    seen.add(tool.name);
  }
  return tools;
}
