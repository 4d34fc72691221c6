import { ERROR_STATUS, type ErrorCode } from '../shared/errors';
import { byStatus, errorEnvelopeSchema } from './error-schemas';
import { type JsonSchema, pathParamSchema } from './json-schema';

/**
 * What a plugin's raw route answers with one success status: a JSON body (its schema, the `{ data }` envelope
 * included: see `dataEnvelope`), an HTML page, or nothing (204).
 */
export type PluginRouteAnswer = { json: JsonSchema; description?: string } | { html: string } | { empty: string };

/**
 * A plugin's raw Express route as the plugin declares it (`PluginDefinition.httpRoutes`), for the OpenAPI
 * document. Plugin handlers are plain Express code, so nothing can read their bodies off them: the plugin
 * declares the request and response JSON Schemas beside the route, and the e2e suite holds every answer of
 * the plugin's tests to them (test/harness/openapi-check.ts), as it does for the core routes.
 */
export interface PluginRouteDoc {
  /** Filled in by the host from the plugin's name. */
  plugin?: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `plugin`: under `/plugins/<name>`; `store`: under `/api/v1/store/<name>`. */
  mount: 'plugin' | 'store';
  /** Below the mount, Express style (`/pay/:token`). */
  path: string;
  summary: string;
  /**
   * `public`: anyone; `store`: anyone, with an optional login and the cart's `X-Cart-Token`; `signed_in`: any
   * login; `admin`: staff with the permission the plugin checks; `signature`: a signed webhook.
   */
  auth: 'public' | 'store' | 'signed_in' | 'admin' | 'signature';
  /** What the route answers, beyond the summary. */
  description?: string;
  /** Path parameters' schemas by name (default: a string). */
  params?: Record<string, JsonSchema>;
  /** Query parameters' schemas by name (all optional). */
  query?: Record<string, JsonSchema>;
  /** Request headers the route reads, with their schemas (`Idempotency-Key`, a webhook's signature). */
  headers?: Record<string, JsonSchema & { required?: boolean }>;
  /** The JSON request body's schema (`rawBody`: checked over its exact bytes, e.g. a signed webhook). */
  body?: JsonSchema & { rawBody?: boolean };
  /** The success answers by status. */
  responses: Record<number, PluginRouteAnswer>;
  /**
   * Error codes the handler itself throws (`AppError`), besides those every route of its shape can answer
   * (budgets, body parsing, CSRF, the login `auth` asks for).
   */
  errors: ErrorCode[];
}

/** The `{ data }` envelope of every JSON answer (contract §2) around `schema`. */
export function dataEnvelope(schema: JsonSchema): JsonSchema {
  return { type: 'object', properties: { data: schema }, required: ['data'], additionalProperties: false };
}

/** `/pay/:token` → `/pay/{token}`, with its parameter names. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const out = path.replace(/:(\w+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: out, params };
}

const SIGNED_IN = [{ bearerAuth: [] }, { apiKey: [] }, { sessionCookie: [] }];
const SECURITY: Record<PluginRouteDoc['auth'], object[]> = {
  public: [],
  signature: [],
  store: [{}, { bearerAuth: [] }, { apiKey: [] }, { cartToken: [] }],
  signed_in: SIGNED_IN,
  admin: SIGNED_IN,
};

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The codes a plugin route can answer: the shape's (as for the core routes, src/routing/error-schemas.ts) and its own.
 * `not_found` on every one: the document lists the bundled plugins' routes, and a deployment that does not enable
 * a plugin answers its paths 404.
 */
function errorCodes(r: PluginRouteDoc): ErrorCode[] {
  const codes = new Set<ErrorCode>(['rate_limited', 'internal_error', 'service_unavailable', 'not_found', ...r.errors]);
  if (WITH_BODY.has(r.method))
    codes
      .add('invalid_json')
      .add('body_too_large')
      .add('unsupported_media_type')
      .add('validation_error')
      .add('request_timeout');
  if (r.method !== 'GET') codes.add('csrf_token_invalid');
  if (r.auth === 'signed_in' || r.auth === 'admin') codes.add('unauthorized');
  if (r.auth === 'admin') codes.add('forbidden');
  return [...codes];
}

function answer(a: PluginRouteAnswer): Record<string, unknown> {
  if ('json' in a)
    return {
      description: a.description ?? 'Success.',
      content: { 'application/json': { schema: a.json } },
    };
  if ('html' in a) return { description: a.html, content: { 'text/html': { schema: { type: 'string' } } } };
  return { description: a.empty };
}

/** The shared error response of a status and its codes (the core routes' components), as a `$ref`. */
export type ErrorRef = (status: number, codes: ErrorCode[]) => { $ref: string };

/** The responses of one route: its success answers, then its errors grouped by status (pages answer HTML too). */
function responses(r: PluginRouteDoc, errorRef: ErrorRef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, a] of Object.entries(r.responses)) out[status] = answer(a);
  const page = Object.values(r.responses).some((a) => 'html' in a);
  for (const [status, codes] of byStatus(errorCodes(r))) {
    const envelope = { schema: errorEnvelopeSchema(codes) };
    const content = {
      'application/json': envelope,
      // A page shows its own errors (an unknown or used link) as a short HTML page; the service's answer JSON.
      ...(page && codes.some((c) => r.errors.includes(c)) ? { 'text/html': { schema: { type: 'string' } } } : {}),
    };
    const description = `Error: ${codes.map((c) => `\`${c}\``).join(', ')}.`;
    const success = out[status] as { content?: Record<string, { schema: JsonSchema }> } | undefined;
    // A status that is an answer and an error (a health check's 503 `degraded`) admits either body.
    if (!success && !content['text/html']) {
      out[status] = errorRef(status, codes);
      continue;
    }
    out[status] = success?.content?.['application/json']
      ? {
          description: `${(success as { description: string }).description} ${description}`,
          content: {
            'application/json': { schema: { anyOf: [success.content['application/json'].schema, envelope.schema] } },
          },
        }
      : { description, content };
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}

/** Path items for the plugins' declared routes, and one tag per plugin. */
export function pluginPaths(
  routes: PluginRouteDoc[],
  errorRef: ErrorRef,
): {
  paths: Record<string, Record<string, unknown>>;
  tags: Array<{ name: string; description: string }>;
} {
  const paths: Record<string, Record<string, unknown>> = {};
  const plugins = new Set<string>();
  for (const r of routes) {
    const name = r.plugin ?? 'plugin';
    plugins.add(name);
    const { path, params } = openApiPath(r.path);
    for (const code of r.errors)
      if (ERROR_STATUS[code] === undefined)
        throw new Error(`plugin ${name} ${r.method} ${r.path}: unknown error code ${code}`);
    const full = `${r.mount === 'plugin' ? `/plugins/${name}` : `/api/v1/store/${name}`}${path}`;
    const parameters = [
      ...params.map((p) => ({
        name: p,
        in: 'path',
        required: true,
        schema: pathParamSchema(r.params?.[p] ?? { type: 'string' }),
      })),
      ...Object.entries(r.query ?? {}).map(([q, schema]) => ({ name: q, in: 'query', required: false, schema })),
      ...Object.entries(r.headers ?? {}).map(([h, { required, ...schema }]) => ({
        name: h,
        in: 'header',
        required: !!required,
        schema,
      })),
    ];
    const { rawBody, ...bodySchema } = r.body ?? {};
    (paths[full] ??= {})[r.method.toLowerCase()] = {
      operationId: `${name}_${r.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
      summary: r.summary,
      description: [
        r.description ?? '',
        `Plugin route of \`${name}\` (a raw Express route; schemas declared by the plugin).`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      tags: [`plugin:${name}`],
      security: SECURITY[r.auth],
      parameters,
      ...(r.body
        ? {
            requestBody: {
              required: true,
              ...(rawBody ? { description: 'Verified over its exact bytes (the signature covers them).' } : {}),
              content: { 'application/json': { schema: bodySchema } },
            },
          }
        : {}),
      responses: responses(r, errorRef),
    };
  }
  return {
    paths,
    tags: [...plugins].sort().map((p) => ({ name: `plugin:${p}`, description: `Routes of the ${p} plugin.` })),
  };
}
