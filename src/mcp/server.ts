import type { McpServer, jsonSchemaValidator } from '@modelcontextprotocol/server';
import { mcpServerSdk } from './sdk';
import type { AppServices } from '../context/ctx';
import type { PluginDefinition } from '../plugin-api';
import { type StoreMcpClient, checkStorePath, collectStoreMcpTools } from '../plugin-api/mcp-tools';
import { SERVICE_VERSION } from '../platform/version';
import { AppError, ERROR_STATUS, type ErrorCode } from '../shared/errors';
import { type ToolCaller, type ToolResult, runRouteTool, toolError, toolSuccess } from './run-tool';
import { type RouteTool, type Surface, TOOLSETS, type Toolset } from './tool-catalog';

/** What the MCP servers are built from: the route tools, the plugins, and a way to call the store API as a caller. */
export interface McpRuntime {
  services: AppServices;
  tools: RouteTool[];
  /** The active plugins (their store tools join the store server). */
  plugins: () => PluginDefinition<any, any>[];
  /** The service's own base URL, for plugin tools that call the store API over HTTP. */
  selfUrl: () => string;
  maxBytes: number;
  defaultToolsets: Toolset[];
}

/** One MCP session's identity: who calls, and (admin) which toolsets it sees. */
export interface McpSession {
  caller: ToolCaller;
  /** The caller's credential as an `Authorization` header value, for plugin tools' store calls. */
  authorization?: string;
  toolsets?: Toolset[];
}

/**
 * The service validates tool arguments itself (the REST reader: same rules, field paths and error codes), so
 * the SDK's JSON Schema check only insists on an object; the schema still tells clients what to send.
 */
const OBJECT_ONLY: jsonSchemaValidator = {
  getValidator:
    <T>() =>
    (input: unknown) =>
      typeof input === 'object' && input !== null && !Array.isArray(input)
        ? { valid: true as const, data: input as T, errorMessage: undefined }
        : { valid: false as const, data: undefined, errorMessage: 'arguments must be a JSON object' },
};

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && code in ERROR_STATUS;

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

/** The store API over HTTP as the caller (a plugin's tools reach only `/api/v1/store/…`). */
function storeClient(rt: McpRuntime, session: McpSession): StoreMcpClient {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const checked = checkStorePath(path);
    const res = await fetch(rt.selfUrl() + checked, {
      method,
      headers: {
        ...(session.authorization ? { authorization: session.authorization } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        'x-request-id': session.caller.requestId,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const parsed = (await res.json().catch(() => null)) as {
      errors?: Array<{ code?: string; detail?: string }>;
    } | null;
    if (res.status >= 400) {
      const first = parsed?.errors?.[0];
      throw new AppError(isErrorCode(first?.code) ? first.code : 'internal_error', first?.detail);
    }
    return parsed;
  };
  return { get: (path) => call('GET', path), post: (path, body) => call('POST', path, body ?? {}) };
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
  /** Registers a tool whose arguments the service validates; failures become tool errors. */
  const register = (
    tool: { name: string; title: string; description: string; inputSchema: unknown; annotations: object },
    run: (args: Record<string, unknown>) => Promise<ToolResult>,
  ) =>
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
  for (const tool of rt.tools) {
    if (tool.surface !== surface || (surface === 'admin' && !toolsets.includes(tool.toolset!))) continue;
    register(tool, (args) => runRouteTool(rt.services, tool, args, session.caller, rt.maxBytes));
  }
  if (surface === 'admin') registerToolsetDiscovery(server, rt, toolsets);
  if (surface === 'store') {
    const client = storeClient(rt, session);
    for (const plugin of rt.plugins())
      for (const tool of collectStoreMcpTools(plugin, client, session.caller.log))
        register(tool, async (args) => toolSuccess(await tool.handler(args, client), rt.maxBytes));
  }
  return server;
}

function registerToolsetDiscovery(server: McpServer, rt: McpRuntime, enabled: Toolset[]) {
  const { fromJsonSchema } = mcpServerSdk();
  server.registerTool(
    'admin_list_toolsets',
    {
      title: 'List toolsets',
      description:
        'The groups of admin tools, which are listed now, and how to select others (tools are grouped so a client sees about 40 at a time).',
      inputSchema: fromJsonSchema({ type: 'object', properties: {} } as never, OBJECT_ONLY),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async () =>
      toolSuccess(
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
      ),
  );
}
