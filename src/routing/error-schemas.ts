import { getNamedType, type GraphQLInputType, isInputObjectType } from 'graphql';

import { ERROR_STATUS, type ErrorCode } from '../shared/errors';
import type { CompiledRoute } from './compile';
import type { JsonSchema } from './json-schema';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The error codes a route can answer, derived from its shape (docs/decisions.md, "OpenAPI error responses"):
 * - every route: `rate_limited` (the global budget, and the endpoint budgets), `internal_error`,
 *   `service_unavailable` (database unreachable);
 * - POST/PUT/PATCH: the body parser's `invalid_json`, `body_too_large`, `unsupported_media_type`, its depth
 *   bound (`validation_error`, detail `max_depth`) and the stalled-body cut (`request_timeout`, 408);
 * - unsafe methods: `csrf_token_invalid` (a cookie session without the double-submit header);
 * - a route with variables: `validation_error` (every invalid field); path ids, and ids in the body (a
 *   customer's default address, a product's tax rule: an unknown one is 404 naming the field), add `not_found`;
 * - access: admin and customer routes `unauthorized` + `forbidden`; a store route whose API keys need a
 *   permission `forbidden`;
 * - plus the domain codes its root fields declare (`@Raises` beside the resolver).
 */
export function routeErrorCodes(route: CompiledRoute): ErrorCode[] {
  const { spec } = route;
  const codes = new Set<ErrorCode>(['rate_limited', 'internal_error', 'service_unavailable']);
  if (WITH_BODY.has(spec.method)) {
    codes.add('invalid_json').add('body_too_large').add('unsupported_media_type');
    codes.add('validation_error').add('request_timeout');
  }
  if (UNSAFE.has(spec.method)) codes.add('csrf_token_invalid');
  if (route.variables.length || spec.multipart) codes.add('validation_error');
  if (route.params.length) codes.add('validation_error').add('not_found');
  if (route.variables.some((v) => v.source.from === 'body' && refersToIds(v.type))) codes.add('not_found');
  for (const access of route.access) {
    if (access.kind === 'admin' || access.kind === 'customer') codes.add('unauthorized').add('forbidden');
    if (access.kind === 'store' && access.permission) codes.add('forbidden');
  }
  for (const code of route.errors) codes.add(code);
  return [...codes];
}

/** Whether an input type holds a UUID anywhere (an id of another resource), nested inputs included. */
function refersToIds(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (named.name === 'UUID') return true;
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((f) => refersToIds(f.type, seen));
}

/**
 * The codes grouped by their HTTP status (the shared table in `src/shared/errors.ts`, or the route's
 * `errorStatus` where it names another), statuses ascending.
 */
export function byStatus(
  codes: ErrorCode[],
  overrides: Partial<Record<ErrorCode, number>> = {},
): Array<[number, ErrorCode[]]> {
  const groups = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = overrides[code] ?? ERROR_STATUS[code];
    groups.set(status, [...(groups.get(status) ?? []), code]);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([s, c]) => [s, c.sort()]);
}

/** The spec's error envelope `{ errors: [ { code, detail, field? } ] }`, its codes limited to `codes`. */
export function errorEnvelopeSchema(codes: ErrorCode[]): JsonSchema {
  const entry: JsonSchema = {
    type: 'object',
    properties: {
      code: { type: 'string', enum: codes, description: 'Error code (lower_snake); see docs/reference/errors.md.' },
      detail: { type: 'string', description: 'Human-readable explanation.' },
      allowed: {
        type: 'array',
        items: { type: 'string' },
        description:
          'With detail `oneof` where the values are not in the schema (API key permissions): the values the field takes.',
      },
      field: { type: 'string', description: 'The offending input field (snake_case path), when one is to blame.' },
    },
    required: ['code', 'detail'],
    additionalProperties: false,
  };
  const properties: Record<string, JsonSchema> = { errors: { type: 'array', minItems: 1, items: entry } };
  // Contract §2: a rate-limited answer also carries the spec's legacy `error` string.
  if (codes.includes('rate_limited')) properties.error = { type: 'string', const: 'Too Many Requests' };
  return { type: 'object', properties, required: ['errors'], additionalProperties: false };
}
