import type { McpServer } from '@modelcontextprotocol/server';

import { mcpServerSdk } from './sdk';
import { type RouteTool, type Surface, type Toolset, TOOLSETS } from './tool-catalog';

/** Why `name` is not a tool of this connection, and where it is: the sentence an agent can act on. */
export function unknownToolHint(
  name: string,
  context: { surface: Surface; tools: RouteTool[]; toolsets: Toolset[]; canSignIn: boolean },
): string {
  const tool = context.tools.find((t) => t.name === name);
  if (context.surface === 'admin') {
    if (tool?.toolset) {
      const selected = [...context.toolsets, tool.toolset].join(',');
      return (
        `Tool ${name} is in the ${tool.toolset} toolset (${TOOLSETS[tool.toolset]}), which this connection did not ` +
        `select. Reconnect to /mcp/admin?toolsets=${selected} (stdio: svc mcp admin --toolsets ${selected}); ` +
        'admin_list_toolsets lists every toolset and its tools.'
      );
    }
    if (tool || name.startsWith('store_'))
      return `Tool ${name} is a store tool: it is served by the store MCP server (/mcp/store, svc mcp store).`;
  } else {
    if (tool?.surface === 'admin')
      return (
        `Tool ${name} is an admin tool (toolset ${tool.toolset}): it is served to staff by the admin MCP server ` +
        `(/mcp/admin?toolsets=${tool.toolset}, svc mcp admin --toolsets ${tool.toolset}).`
      );
    if (tool?.transport === 'stdio' && !context.canSignIn)
      return (
        `Tool ${name} is offered over stdio only (svc mcp store). Over HTTP every request is authenticated by the ` +
        "connection's Authorization header: connect with a customer's access token or store API key to act as them."
      );
  }
  return `Tool ${name} not found: tools/list names the tools of this ${context.surface} server.`;
}

/**
 * Answers a call of a tool this server does not offer with {@link unknownToolHint} instead of the SDK's bare
 * "Tool … not found" (the same JSON-RPC error, invalid params). Registered tools go to the SDK's own handler
 * (reached through the protocol's `_getRequestHandler` accessor; the MCP tests fail if an SDK update drops it).
 */
export function explainUnknownTools(
  server: McpServer,
  registered: ReadonlySet<string>,
  hint: (name: string) => string,
): void {
  const { ProtocolError, ProtocolErrorCode } = mcpServerSdk();
  type Handler = (request: { params: { name: string } }, ctx: unknown) => Promise<unknown>;
  const protocol = server.server as unknown as {
    _getRequestHandler(method: string): Handler | undefined;
    setRequestHandler(method: 'tools/call', handler: Handler): void;
  };
  const sdkHandler = protocol._getRequestHandler('tools/call');
  if (!sdkHandler) return;
  protocol.setRequestHandler('tools/call', (request, ctx) => {
    if (!registered.has(request.params.name))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, hint(request.params.name));
    return sdkHandler(request, ctx);
  });
}
