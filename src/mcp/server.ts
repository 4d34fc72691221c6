import type { jsonSchemaValidator, McpServer } from '@modelcontextprotocol/server';

import type { AppServices } from '../context/ctx';
import { SERVICE_VERSION } from '../platform/version';
import type { PluginDefinition } from '../plugin-api';
import {
  checkStorePath,
  collectStoreMcpTools,
  type StoreMcpCallTokens,
  type StoreMcpClient,
} from '../plugin-api/mcp-tools';
import type { CompiledRoute } from '../routing/compile';
import { envelopeBody } from '../routing/router';
import { runRoute } from '../routing/run';
import { AppError, type ErrorCode } from '../shared/errors';
import { argumentError } from './check-arguments';
import { runRouteTool, type ToolCaller, toolError, type ToolResult, toolSuccess } from './run-tool';
import { mcpServerSdk } from './sdk';
import { currentActor, signInFrom, type SignInState } from './sign-in';
import { type RouteTool, type Surface, type Toolset, TOOLSETS } from './tool-catalog';
import { explainUnknownTools, unknownToolHint } from './unknown-tools';

/** What the MCP servers are built from: the route tools, the plugins, and a way to call the store API as a caller. */
export interface McpRuntime {
  services: AppServices;
  tools: RouteTool[];
  /** The active plugins (their store tools join the store server). */
  plugins: () => PluginDefinition<any, any>[];
  /**
   * What a plugin tool's store client dispatches to, in process: the active plugins' route rows and the core
   * routes (compiled once; the same routes HTTP serves).
   */
  routeTable: () => CompiledRoute[];
  /** The service's own base URL: the origin of absolute links in a tool's answer (a payment link's page). */
  selfUrl: () => string;
  maxBytes: number;
  defaultToolsets: Toolset[];
}

/** One MCP session's identity: who calls, and (admin) which toolsets it sees. */
export interface McpSession {
  caller: ToolCaller;
  toolsets?: Toolset[];
  /** A session `store_login` can sign in (stdio); absent on stateless HTTP, which is not offered the tool. */
  signIn?: SignInState;
}

/**
 * The service checks tool arguments itself, against the tool's input schema (check-arguments.ts), answering a
 * `validation_error` tool result that names each argument as the tool spells it; then the REST reader applies
 * the route's remaining rules. The SDK's own JSON Schema check would answer in its words, so it only insists on
 * an object.
 */
const OBJECT_ONLY: jsonSchemaValidator = {
  getValidator:
    <T>() =>
    (input: unknown) =>
      typeof input === 'object' && input !== null && !Array.isArray(input)
        ? { valid: true as const, data: input as T, errorMessage: undefined }
        : { valid: false as const, data: undefined, errorMessage: 'arguments must be a JSON object' },
};

/** Parses `?toolsets=catalog,orders` (or `all`); unknown names are a 400 naming the known ones. */
export function parseToolsets(value: unknown, fallback: Toolset[]): Toolset[] {
  const names = [value]
    .flat()
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (!names.length) return fallback;
  if (names.includes('all')) return Object.keys(TOOLSETS) as Toolset[];
  const unknown = names.find((n) => !(n in TOOLSETS));
  if (unknown)
    throw AppError.validation([
      { field: 'toolsets', detail: `unknown toolset ${unknown} (known: ${Object.keys(TOOLSETS).join(', ')}, all)` },
    ]);
  return [...new Set(names)] as Toolset[];
}

/** A query string as the REST router reads it (a repeated key becomes a list). */
function queryOf(search: string | undefined): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(search ?? '')) {
    const held = query[key];
    query[key] = held === undefined ? value : [held, value].flat();
  }
  return query;
}

/**
 * The spec's store client of a plugin's tools: `get(path)` / `post(path, body)` on `/api/v1/store/…` (checked in
 * the spec's order first), run in process as the session's caller: the path is matched against the route table
 * and the route runs through `runRoute`, the runner REST uses (same access, budgets, validation and errors), so
 * no loopback HTTP call, credential forwarding or timeout is involved. The answer is the JSON body REST would
 * send (`{ data }`, a list with `meta`, null for 204); a failure throws the route's error with its field entries.
 */
export function storeClient(
  rt: Pick<McpRuntime, 'services' | 'routeTable' | 'selfUrl'>,
  session: McpSession,
): StoreMcpClient {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, tokens: StoreMcpCallTokens = {}) => {
    const [pathname, search] = checkStorePath(path).split('?', 2) as [string, string | undefined];
    let known = false;
    for (const route of rt.routeTable()) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      known = true;
      if (route.spec.method !== method) continue;
      const params: Record<string, string> = {};
      for (const [i, name] of route.params.entries()) params[name] = decodeURIComponent(match[i + 1]);
      const { caller } = session;
      const outcome = await runRoute(
        route,
        { params, query: queryOf(search), body },
        {
          services: rt.services,
          actor: caller.actor,
          requestId: caller.requestId,
          log: caller.log,
          clientIp: caller.clientIp,
          origin: rt.selfUrl() || undefined,
          cartToken: tokens.cartToken,
        },
      );
      if ('error' in outcome) {
        const { error } = outcome;
        if (error instanceof AppError) throw error;
        throw new AppError(error.code as ErrorCode, error.detail, { entries: error.entries, headers: error.headers });
      }
      return envelopeBody(route, outcome.payload);
    }
    throw known
      ? new AppError('method_not_allowed', `method ${method} not allowed on ${pathname}`)
      : AppError.notFound(`route ${pathname}`);
  };
  return {
    get: (path, tokens) => call('GET', path, undefined, tokens),
    post: (path, body, tokens) => call('POST', path, body ?? {}, tokens),
  };
}

/** Runs a handler; an unexpected failure is logged and answered as `internal_error`, never with its stack. */
async function guarded(session: McpSession, tool: string, run: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) return toolError(err);
    session.caller.log.error(
      { tool, err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err) },
      'MCP tool failed',
    );
    return toolError(new AppError('internal_error'));
  }
}

/**
 * A fresh MCP server for one request (HTTP) or one connection (stdio): the store tools of the contract plus the
 * active plugins' store tools, or the admin tools of the selected toolsets plus `admin_list_toolsets`.
 */
export function buildMcpServer(rt: McpRuntime, surface: Surface, session: McpSession): McpServer {
  const { McpServer, fromJsonSchema } = mcpServerSdk();
  const server = new McpServer(
    { name: `svc-${surface}`, title: `svc ${surface} API`, version: SERVICE_VERSION },
    { capabilities: { tools: {} } },
  );
  const toolsets = session.toolsets ?? rt.defaultToolsets;
  const registered = new Set<string>();
  /** Registers a tool whose arguments the service validates; failures become tool errors. */
  const register = (
    tool: { name: string; title: string; description: string; inputSchema: unknown; annotations: object },
    run: (args: Record<string, unknown>) => Promise<ToolResult>,
  ) => {
    registered.add(tool.name);
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: fromJsonSchema(tool.inputSchema as never, OBJECT_ONLY),
        annotations: tool.annotations,
      },
      (args: unknown) => guarded(session, tool.name, () => run((args ?? {}) as Record<string, unknown>)),
    );
  };
  for (const tool of rt.tools) {
    if (tool.surface !== surface || (surface === 'admin' && !toolsets.includes(tool.toolset!))) continue;
    if (tool.transport === 'stdio' && !session.signIn) continue;
    register(tool, async (args) => {
      session.caller.actor = currentActor(session.signIn, session.caller.actor);
      const result = await runRouteTool(rt.services, tool, args, session.caller, rt.maxBytes);
      if (tool.name !== 'store_login' || !session.signIn) return result;
      const signed = await signInFrom(session.signIn, result, session.caller.actor, rt.maxBytes);
      session.caller.actor = signed.actor;
      return signed.result;
    });
  }
  if (surface === 'admin') {
    registerToolsetDiscovery(server, rt, toolsets);
    registered.add('admin_list_toolsets');
  }
  if (surface === 'store') {
    const client = storeClient(rt, session);
    for (const plugin of rt.plugins())
      for (const tool of collectStoreMcpTools(plugin, client, session.caller.log))
        register(tool, async (args) => {
          // A plugin's tool is held to the schema it advertises too, before its handler calls anything.
          const invalid = argumentError(tool.inputSchema, args);
          if (invalid) return toolError(invalid);
          return toolSuccess(await tool.handler(args, client), rt.maxBytes);
        });
  }
  const context = { surface, tools: rt.tools, toolsets, canSignIn: !!session.signIn };
  explainUnknownTools(server, registered, (name) => unknownToolHint(name, context));
  return server;
}

const NO_ARGUMENTS = { type: 'object', properties: {}, additionalProperties: false };

function registerToolsetDiscovery(server: McpServer, rt: McpRuntime, enabled: Toolset[]) {
  const { fromJsonSchema } = mcpServerSdk();
  server.registerTool(
    'admin_list_toolsets',
    {
      title: 'List toolsets',
      description:
        'The groups of admin tools, which are listed now, and how to select others (tools are grouped so a client sees about 40 at a time).',
      inputSchema: fromJsonSchema(NO_ARGUMENTS as never, OBJECT_ONLY),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args: unknown) => {
      const invalid = argumentError(NO_ARGUMENTS, (args ?? {}) as Record<string, unknown>);
      if (invalid) return toolError(invalid);
      return toolSuccess(
        {
          toolsets: (Object.keys(TOOLSETS) as Toolset[]).map((name) => ({
            name,
            description: TOOLSETS[name],
            tools: rt.tools.filter((t) => t.toolset === name).map((t) => t.name),
            enabled: enabled.includes(name),
          })),
          how_to_select:
            'Connect to /mcp/admin?toolsets=catalog,pricing (or toolsets=all); over stdio: svc mcp admin --toolsets catalog,pricing. The default comes from mcp.admin_toolsets.',
        },
        rt.maxBytes,
      );
    },
  );
}
