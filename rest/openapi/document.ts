import {
  type FragmentDefinitionNode,
  type GraphQLSchema,
  isListType,
  isNonNullType,
  Kind,
  type OperationDefinitionNode,
} from 'graphql';

import type { CompiledRoute } from '../../src/routing/compile';
import { byStatus, errorEnvelopeSchema, routeErrorCodes } from '../../src/routing/error-schemas';
import { inputSchema, type JsonSchema, outputSchema, pathParamSchema } from '../../src/routing/json-schema';
import { pluginPaths, type PluginRouteDoc } from '../../src/routing/plugin-routes';
import type { ResultPath, RouteSpec } from '../../src/routing/route';
import type { ErrorCode } from '../../src/shared/errors';
import type { FieldRules } from '../../src/shared/validation/rules';
import { routeSecurity, SECURITY_SCHEMES, whoMayCall } from './security';

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

export interface DocumentInput {
  schema: GraphQLSchema;
  routes: CompiledRoute[];
  /** Tag of each route spec (by identity) with the tags' descriptions. */
  tags: Array<{ tag: string; description: string; routes: RouteSpec[] }>;
  version: string;
  /** Plugins' raw Express routes, described as far as they declare themselves. */
  pluginRoutes?: PluginRouteDoc[];
  /** Routes the response cache answers: they carry `ETag`, take `If-None-Match` and may answer 304. */
  cacheable?: (route: CompiledRoute) => boolean;
}

/** What a cacheable route adds: the validator header on success, the conditional request, the 304. */
const CONDITIONAL = {
  parameter: {
    name: 'if-none-match',
    in: 'header',
    required: false,
    schema: { type: 'string', maxLength: 1024 },
    description: 'The `ETag` of a held copy: 304 without a body while it is still current.',
  },
  etag: { ETag: { description: 'Strong validator of the body.', schema: { type: 'string' } } },
  notModified: { description: 'Not modified: the held copy (`If-None-Match`) is current; no body.' },
};

function withConditional(operation: Record<string, any>): Record<string, unknown> {
  const ok = operation.responses['200'];
  return {
    ...operation,
    parameters: [...operation.parameters, CONDITIONAL.parameter],
    responses: {
      ...operation.responses,
      ...(ok && !ok.$ref ? { '200': { ...ok, headers: { ...ok.headers, ...CONDITIONAL.etag } } } : {}),
      '304': CONDITIONAL.notModified,
    },
  };
}

const HEADER_PARAMS: Record<string, { description: string }> = {
  'idempotency-key': {
    description: 'Repeating a request with the same key answers the first result instead of doing it again.',
  },
};

const TOKEN_PARAMS = {
  cart_token: {
    name: 'X-Cart-Token',
    in: 'header',
    required: false,
    schema: { type: 'string', maxLength: 255 },
    description:
      "An anonymous cart's `session_token` (shown once by `POST /api/v1/store/cart`); a customer's own cart needs none.",
  },
  guest_token: {
    name: 'X-Guest-Token',
    in: 'header',
    required: false,
    schema: { type: 'string', maxLength: 255 },
    description:
      "A guest order's token (also read from the HttpOnly `svc_guest_token` cookie checkout sets); the order's customer needs none.",
  },
} as const;

/** `schema` without its null alternative. */
function nonNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== 'null');
    const out: JsonSchema = { ...schema, type: types.length === 1 ? types[0] : types };
    if (Array.isArray(schema.enum)) out.enum = schema.enum.filter((v) => v !== null);
    return out;
  }
  if (Array.isArray(schema.anyOf) && schema.anyOf.length === 2) {
    const rest = (schema.anyOf as JsonSchema[]).filter((s) => s.type !== 'null');
    if (rest.length === 1) return { ...rest[0], ...(schema.description ? { description: schema.description } : {}) };
  }
  return schema;
}

function property(schema: JsonSchema, key: string, where: string): JsonSchema {
  const found = (nonNull(schema).properties as Record<string, JsonSchema> | undefined)?.[key];
  if (!found) throw new Error(`openapi: ${where}: the selection has no '${key}'`);
  return found;
}

function atPath(data: JsonSchema, dotted: string, where: string): JsonSchema {
  return dotted.split('.').reduce((s, key) => property(s, key, where), data);
}

/** The payload's schema: the part of the operation's data schema the route's `result` names. */
function payloadSchema(data: JsonSchema, result: ResultPath, where: string): JsonSchema {
  if (typeof result === 'string') return atPath(data, result, where);
  // The first non-null of several: one of them (each non-null), or null when all are.
  return { anyOf: [...result.firstOf.map((p) => nonNull(atPath(data, p, where))), { type: 'null' }] };
}

function envelope(route: CompiledRoute, payload: JsonSchema, where: string): JsonSchema {
  const { envelope: kind = 'object' } = route.spec;
  if (kind === 'object') return closed({ data: payload });
  const items = property(payload, 'items', where);
  const meta = property(payload, 'meta', where);
  if (kind === 'list') return closed({ data: items, meta });
  // A product list's `facets`, present only when asked for (`facets=true`): optional beside `items`.
  const facets = (nonNull(payload).properties as Record<string, JsonSchema> | undefined)?.facets;
  const data = closed({ items });
  if (facets) (data.properties as Record<string, JsonSchema>).facets = facets;
  return closed({ data, meta });
}

function closed(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

function successStatuses(spec: RouteSpec): number[] {
  const { status } = spec;
  const list =
    status === undefined
      ? [200]
      : typeof status === 'number'
        ? [status]
        : [...Object.values(status.map), status.otherwise];
  const statuses = [...new Set(list)].sort();
  // A body-less route answers 204 where it would answer 200 (src/routing/router.ts).
  return spec.envelope === 'none' ? statuses.map((s) => (s === 200 ? 204 : s)) : statuses;
}

function successResponses(route: CompiledRoute, data: JsonSchema, where: string): Record<string, unknown> {
  const { spec } = route;
  const out: Record<string, unknown> = {};
  for (const status of successStatuses(spec)) {
    if (spec.envelope === 'none') {
      out[status] = { description: 'Done (no body).' };
      continue;
    }
    if (spec.envelope === 'text') {
      const type = (spec.contentType ?? 'text/plain').split(';')[0].trim();
      out[status] = {
        description: spec.filename ? `The file \`${spec.filename}\` (a download).` : 'The text.',
        content: { [type]: { schema: { type: 'string' } } },
      };
      continue;
    }
    const body = envelope(route, payloadSchema(data, spec.result, where), where);
    out[status] = {
      description: typeof spec.status === 'object' ? `Decided by \`${spec.status.field}\`.` : 'Success.',
      content: { 'application/json': { schema: body } },
    };
  }
  return out;
}

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } };

/**
 * Error responses by status, each a `$ref` to a shared component named by its status and codes (routes with
 * the same codes share one), which keeps the document small.
 */
/** The shared error response of one status and its codes (a component, named by them), as a reference. */
function sharedError(status: number, codes: ErrorCode[], shared: Record<string, unknown>): { $ref: string } {
  const name = `E${status}-${codes.join('.')}`;
  shared[name] ??= {
    description: `Error: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
    ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
    content: { 'application/json': { schema: errorEnvelopeSchema(codes) } },
  };
  return { $ref: `#/components/responses/${name}` };
}

function errorResponses(route: CompiledRoute, shared: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, codes] of byStatus(routeErrorCodes(route), route.spec.errorStatus))
    out[status] = sharedError(status, codes, shared);
  return out;
}

/**
 * The `@Rules` and description of the field argument each variable feeds (`products(page: $page)` → `page`'s
 * `min: 1`): a variable's type alone does not carry them, and the input layer checks the argument's.
 */
function variableArgs(
  schema: GraphQLSchema,
  route: CompiledRoute,
): Map<string, { rules?: FieldRules; description?: string }> {
  const { op } = operationOf(route);
  const root = op.operation === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
  const args = new Map<string, { rules?: FieldRules; description?: string }>();
  for (const sel of op.selectionSet.selections) {
    if (sel.kind !== Kind.FIELD) continue;
    const field = root.getFields()[sel.name.value];
    for (const arg of sel.arguments ?? []) {
      if (arg.value.kind !== Kind.VARIABLE) continue;
      const def = field?.args.find((a) => a.name === arg.name.value);
      if (!def) continue;
      const rules = (def.extensions as { rules?: FieldRules }).rules;
      args.set(arg.value.name.value, { rules, description: def.description ?? undefined });
    }
  }
  return args;
}

function parameters(schema: GraphQLSchema, route: CompiledRoute): unknown[] {
  const params: unknown[] = [];
  const args = variableArgs(schema, route);
  const described = (name: string) => {
    const description = args.get(name)?.description;
    return description ? { description } : {};
  };
  for (const name of route.params) {
    const variable = route.variables.find((v) => v.source.from === 'path' && v.source.name === name);
    params.push({
      name,
      in: 'path',
      required: true,
      schema: pathParamSchema(
        variable ? nonNull(inputSchema(variable.type, args.get(variable.name)?.rules)) : { type: 'string' },
      ),
      ...(variable ? described(variable.name) : {}),
    });
  }
  for (const v of route.variables) {
    if (v.source.from !== 'query') continue;
    const list = isListType(isNonNullType(v.type) ? v.type.ofType : v.type);
    params.push({
      name: v.source.name,
      in: 'query',
      required: isNonNullType(v.type),
      schema: nonNull(inputSchema(v.type, args.get(v.name)?.rules)),
      ...described(v.name),
      // Lists are comma-separated (`?ids=a,b`).
      ...(list ? { style: 'form', explode: false } : {}),
    });
  }
  for (const name of route.spec.headers ?? [])
    params.push({
      name,
      in: 'header',
      required: false,
      schema: { type: 'string', maxLength: 255 },
      ...HEADER_PARAMS[name],
    });
  // The capability tokens are also typed header parameters (beside their security schemes), so a generated
  // client (openapi-typescript + openapi-fetch) passes them as `params.header` instead of a custom middleware.
  // On a signed-in route the token is not an alternative to a login but what names the other party's resource
  // (the guest cart a customer merges): required there.
  const signedInRoute = route.access.some((a) => a.kind === 'customer' || a.kind === 'admin');
  for (const token of route.spec.tokens ?? [])
    params.push(
      signedInRoute
        ? { ...TOKEN_PARAMS[token], required: true, description: TOKEN_PARAMS[token].description.replace(/;.*$/, '.') }
        : TOKEN_PARAMS[token],
    );
  return params;
}

function requestBody(route: CompiledRoute): unknown {
  const variable = route.variables.find((v) => v.source.from === 'body');
  if (!variable) return undefined;
  const schema = nonNull(inputSchema(variable.type));
  const required = isNonNullType(variable.type);
  if (!route.spec.multipart) return { required, content: { 'application/json': { schema } } };
  // Multipart: text fields are body keys; the declared file parts are binary.
  const properties = { ...(schema.properties as Record<string, JsonSchema>) };
  for (const file of route.spec.multipart.files)
    properties[file] = { type: 'string', contentMediaType: 'application/octet-stream' };
  return {
    required,
    content: {
      'multipart/form-data': { schema: { ...schema, properties, required: route.spec.multipart.files } },
      'application/json': { schema },
    },
  };
}

const sortKeys = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
const sentence = (name: string) => words(name).charAt(0) + words(name).slice(1).toLowerCase();

function operationOf(route: CompiledRoute): {
  op: OperationDefinitionNode;
  fragments: Record<string, FragmentDefinitionNode>;
} {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  let op: OperationDefinitionNode | undefined;
  for (const def of route.document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
    if (def.kind === Kind.OPERATION_DEFINITION) op = def;
  }
  return { op: op!, fragments };
}

/**
 * Success and error responses by status. Where a status is both (health answers 503 `degraded` as data, and
 * 503 `service_unavailable` as an error), its body is either.
 */
function mergeResponses(
  success: Record<string, unknown>,
  errors: Record<string, unknown>,
  shared: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...success };
  for (const [status, ref] of Object.entries(errors)) {
    const ok = success[status] as { content?: Record<string, { schema: JsonSchema }> } | undefined;
    if (!ok?.content?.['application/json']) {
      out[status] = ref;
      continue;
    }
    const error = shared[(ref as { $ref: string }).$ref.replace('#/components/responses/', '')] as {
      description: string;
      headers?: unknown;
      content: Record<string, { schema: JsonSchema }>;
    };
    out[status] = {
      description: `Either the success body (decided by the payload) or ${error.description.replace(/^E/, 'e')}`,
      ...(error.headers ? { headers: error.headers } : {}),
      content: {
        'application/json': {
          schema: { anyOf: [ok.content['application/json'].schema, error.content['application/json'].schema] },
        },
      },
    };
  }
  return out;
}

/**
 * Builds the OpenAPI 3.1 document of the REST surface from the compiled route table: paths, parameters and
 * request bodies from the variable mapping and the GraphQL input types, success bodies from each operation's
 * selection set, error responses per status, security from the access rules, descriptions from the schema.
 */
export function buildOpenApi(input: DocumentInput): OpenApiDocument {
  const { schema } = input;
  const tagOf = new Map<RouteSpec, string>();
  for (const group of input.tags) for (const spec of group.routes) tagOf.set(spec, group.tag);
  const paths: Record<string, Record<string, unknown>> = {};
  const usedIds = new Map<string, number>();
  const responses: Record<string, unknown> = {};
  const ordered = [...input.routes].sort((a, b) => a.spec.path.localeCompare(b.spec.path));
  for (const route of ordered) {
    const { spec } = route;
    const where = `${spec.method} ${spec.path}`;
    const { op, fragments } = operationOf(route);
    const rootType = op.operation === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
    const data = outputSchema(schema, rootType, op.selectionSet, fragments);
    const rootFields = op.selectionSet.selections.flatMap((s) =>
      s.kind === Kind.FIELD ? [rootType.getFields()[s.name.value]] : [],
    );
    const seen = usedIds.get(route.operationName) ?? 0;
    usedIds.set(route.operationName, seen + 1);
    const description = [
      ...rootFields.map((f) => f.description ?? ''),
      `**Who may call:** ${[...new Set(route.access.map(whoMayCall))].join(' ')}`,
      `GraphQL operation \`${route.operationName}\` (schema/operations/).`,
    ]
      .filter(Boolean)
      .join('\n\n');
    const body = requestBody(route);
    const operation = {
      operationId: seen ? `${route.operationName}${seen + 1}` : route.operationName,
      summary: sentence(route.operationName),
      description,
      tags: [tagOf.get(spec) ?? 'other'],
      security: routeSecurity(route),
      parameters: parameters(schema, route),
      ...(body ? { requestBody: body } : {}),
      responses: mergeResponses(successResponses(route, data, where), errorResponses(route, responses), responses),
    };
    (paths[spec.path] ??= {})[spec.method.toLowerCase()] = input.cacheable?.(route)
      ? withConditional(operation)
      : operation;
  }
  // Shared error responses that only a merged status used are dropped (no unused components).
  const text = JSON.stringify(paths);
  for (const name of Object.keys(responses))
    if (!text.includes(`"#/components/responses/${name}"`)) delete responses[name];
  const plugin = pluginPaths(input.pluginRoutes ?? [], (status, codes) => sharedError(status, codes, responses));
  for (const [p, item] of Object.entries(plugin.paths)) paths[p] = { ...paths[p], ...item };
  return {
    openapi: '3.1.0',
    info: {
      title: 'svc commerce REST API',
      version: input.version,
      description:
        'The REST adapter of the headless commerce service: every route runs a named GraphQL operation ' +
        '(`/graphql` serves the same schema). Success bodies are `{ data }` (lists add `meta`); errors are ' +
        '`{ errors: [ { code, detail, field? } ] }`. Generated from the route table (`npm run openapi:emit`).',
      license: { name: 'UNLICENSED', identifier: 'UNLICENSED' },
    },
    servers: [{ url: '/', description: 'This service' }],
    tags: [
      ...input.tags.map((g) => ({ name: g.tag, description: g.description })),
      // A plugin with route rows has its tag among the groups already.
      ...plugin.tags.filter((t) => !input.tags.some((g) => g.tag === t.name)),
    ],
    paths,
    components: { securitySchemes: SECURITY_SCHEMES, responses: sortKeys(responses) },
  };
}
