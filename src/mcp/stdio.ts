import { mcpStdioSdk } from './sdk';
import { buildMcpServer, type McpRuntime, type McpSession } from './server';
import type { Surface } from './tool-catalog';

/**
 * Serves one MCP connection over this process's stdin/stdout until the client closes stdin. stdout carries
 * only JSON-RPC: the caller must have pointed every log at stderr.
 */
export async function serveMcpStdio(rt: McpRuntime, surface: Surface, session: McpSession): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  const handle = mcpStdioSdk().serveStdio(() => buildMcpServer(rt, surface, session), {
    onerror: (err) => session.caller.log.warn({ err: err.message }, 'MCP stdio error'),
  });
  await closed;
  await handle.close();
}
