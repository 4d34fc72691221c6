import type { Actor } from '../context/actor';
import type { AppServices } from '../context/ctx';
import type { NormalizedError } from '../graphql/errors';
import type { Logger } from '../platform/logger';
import { inSpan } from '../platform/telemetry';
import type { CompiledRoute } from '../routing/compile';
import { routeAccessError, runRoute } from '../routing/run';
import { AppError, type ErrorCode, type ErrorEntry } from '../shared/errors';
import { argumentError } from './check-arguments';
import type { RequestField, RouteTool } from './tool-catalog';
import { CollectedEffects, confirmationPreview, withCapabilities } from './tool-effects';

/** The MCP tool result shape (text content; `isError` for failures the agent should read). */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  isError?: boolean;
}

/** Who calls a tool and from where: the MCP request's (or the stdio session's) identity. */
export interface ToolCaller {
  actor: Actor;
  requestId: string;
  log: Logger;
  clientIp?: string;
}

/**
 * A failure as a tool error: the service's code, message and field errors; never a stack trace. The message is
 * the error's own (an argument check's lists every problem), else its first entry's.
 */
export function toolError(error: AppError | NormalizedError): ToolResult {
  const entries: ErrorEntry[] = error.entries;
  const first = entries[0];
  const body = {
    error: {
      code: first?.code ?? error.code,
      message: (error instanceof AppError ? error.message : first?.detail) ?? 'an unexpected error occurred',
      ...(entries.length > 1 || first?.field !== undefined ? { errors: entries } : {}),
    },
  };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

/** A success, as JSON text, capped at `maxBytes` with a message saying how to ask for less. */
export function toolSuccess(value: unknown, maxBytes: number): ToolResult {
  const text = JSON.stringify(value ?? null);
  const bytes = Buffer.byteLength(text);
  if (bytes > maxBytes)
    return toolError(
      new AppError(
        'result_too_large',
        `the result is ${Math.ceil(bytes / 1024)} KB, over the ${Math.floor(maxBytes / 1024)} KB limit: ` +
          'ask for fewer items (limit, page) or narrow the query (search, filters)',
      ),
    );
  return { content: [{ type: 'text', text }] };
}

/** The REST payload as MCP shows it: lists as `{ items, total, has_more }`, bodiless answers as `{ ok: true }`. */
function shape(route: CompiledRoute, payload: unknown): unknown {
  const envelope = route.spec.envelope ?? 'object';
  if (envelope === 'none') return { ok: true };
  if (envelope === 'list' || envelope === 'items') {
    const { items, meta, facets } = payload as {
      items: unknown[];
      meta: { total: number; page: number; limit: number };
      facets?: unknown;
    };
    const list = { items, total: meta.total, page: meta.page, has_more: meta.page * meta.limit < meta.total };
    // A product list's facets when the tool was asked for them (`facets: true`).
    return facets === undefined ? list : { ...list, facets };
  }
  return payload;
}

/**
 * A route's error in the tool's words: a field the REST reader named by its path or query parameter (`id`,
 * `filter[active]`) or inside a non-flat body is renamed to the tool's argument. A GraphQL error about the
 * operation's variables (`Variable "$cartId" …`, `invalid_query`) should not come from arguments that passed the
 * tool's schema; should one, the agent still reads no variable or query text, and the log says which tool.
 */
function inToolWords(
  tool: RouteTool,
  error: AppError | NormalizedError,
  caller: ToolCaller,
): AppError | NormalizedError {
  if (error.code === 'invalid_query' || error.entries.some((e) => /Variable "\$\w+"/.test(e.detail))) {
    caller.log.warn(
      { tool: tool.name, operation: tool.route.operationName, errors: error.entries },
      'MCP tool: a GraphQL variable error reached the tool although its arguments passed the input schema',
    );
    return new AppError(
      'validation_error',
      `the arguments do not fit ${tool.name}: tools/list gives its input schema (${Object.keys(
        (tool.inputSchema.properties as object) ?? {},
      ).join(', ')})`,
    );
  }
  if (!error.entries.some((e) => e.field !== undefined)) return error;
  const rename = (field: string): string => {
    const param = tool.pathArgs[field] ?? tool.queryArgs[field];
    if (param) return param;
    if (tool.flatBody) return field;
    return field && !field.startsWith('[') ? `body.${field}` : `body${field}`;
  };
  const entries = error.entries.map((e) => (e.field === undefined ? e : { ...e, field: rename(e.field) }));
  return new AppError(error.code as ErrorCode, error instanceof AppError ? error.message : error.detail, {
    entries,
    headers: error.headers,
  });
}

/** The value of a path or query parameter, as the REST reader reads text. */
const asText = (value: unknown): string | undefined =>
  value === undefined || value === null
    ? undefined
    : Array.isArray(value)
      ? value.map(String).join(',')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/**
 * Runs a route tool: the route's access rules; the arguments against the tool's input schema (before anything
 * runs, in the tool's words: `argumentError`); `confirm` for destructive tools; then the arguments as the
 * route's path, query and body through `runRoute`, the one runner REST uses (same access, budgets, validation
 * and messages, the same named operation). On a run, the schema check comes after the route's budgets, as the
 * REST reader does: a flood of malformed calls still meets the 429.
 */
export async function runRouteTool(
  services: AppServices,
  tool: RouteTool,
  args: Record<string, unknown>,
  caller: ToolCaller,
  maxBytes: number,
): Promise<ToolResult> {
  const { route } = tool;
  // Access first (as `runRoute` does again): a stranger learns nothing from a confirmation prompt either.
  const denied = routeAccessError(route, caller.actor);
  if (denied) return toolError(denied);
  const targetNames = Object.values(tool.pathArgs);
  if (tool.needsConfirm && args.confirm !== true) {
    const invalid = argumentError(tool.inputSchema, args);
    if (invalid) return toolError(invalid);
    const target = targetNames.map((name) => `${name} ${String(args[name] ?? '?')}`).join(', ');
    const { changes, effect } = confirmationPreview(tool, args, targetNames);
    // A refusal, flagged `isError`: an agent (and its client) must read it as "not done", never as a success.
    return {
      ...toolSuccess(
        {
          confirmation_required: true,
          tool: tool.name,
          would: `${route.spec.method} ${route.spec.path}${target ? ` for ${target}` : ''}`,
          ...(Object.keys(changes).length ? { changes } : {}),
          message:
            `Nothing was changed. With confirm: true this would ${effect}. This cannot be undone by this tool: ` +
            `call ${tool.name} again with the same arguments and confirm: true to run it.`,
        },
        maxBytes,
      ),
      isError: true,
    };
  }
  const used = new Set<string>(['confirm', ...targetNames, ...Object.values(tool.queryArgs)]);
  const params: Record<string, string> = {};
  for (const [param, name] of Object.entries(tool.pathArgs)) {
    const value = asText(args[name]);
    if (value !== undefined) params[param] = value;
  }
  const query: Record<string, unknown> = {};
  for (const [param, name] of Object.entries(tool.queryArgs)) {
    const value = asText(args[name]);
    if (value !== undefined) query[param] = value;
  }
  const fields: Partial<Record<RequestField, string>> = {};
  for (const [arg, field] of Object.entries(tool.requestArgs)) {
    used.add(arg);
    if (typeof args[arg] === 'string' && args[arg] !== '') fields[field] = args[arg] as string;
  }
  const collected = new CollectedEffects();
  const body = tool.flatBody
    ? Object.fromEntries(Object.entries(args).filter(([key]) => !used.has(key)))
    : (args.body ?? {});
  // The argument check's answer is already in the tool's words; a route's own errors are put in them below.
  let refused: AppError | undefined;
  // A span per tool call, named after the tool and the operation it runs (MCP semantic conventions).
  const outcome = await inSpan(
    `tools/call ${tool.name}`,
    { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': tool.name, 'graphql.operation.name': route.operationName },
    () =>
      runRoute(
        route,
        { params, query, body, check: () => (refused = argumentError(tool.inputSchema, args)) },
        {
          services,
          actor: caller.actor,
          requestId: caller.requestId,
          log: caller.log,
          clientIp: caller.clientIp,
          ...fields,
          effects: collected.effects,
        },
      ),
  );
  if ('error' in outcome)
    return toolError(outcome.error === refused ? outcome.error : inToolWords(tool, outcome.error, caller));
  return toolSuccess(withCapabilities(shape(route, outcome.payload), collected), maxBytes);
}
