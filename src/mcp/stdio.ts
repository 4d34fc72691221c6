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
  const { serveStdio, StdioServerTransport } = mcpStdioSdk();
  const handle = serveStdio(() => buildMcpServer(rt, surface, session), {
    // A message may be as large as an HTTP body (`server.max_body_size`), not the SDK's 10 MiB: past it the
    // partial line is dropped and reported, and the connection goes on.
    transport: new StdioServerTransport(process.stdin, process.stdout, {
      maxBufferSize: rt.services.config['server.max_body_size'],
    }),
    onerror: (err) => session.caller.log.warn({ err: err.message }, 'MCP stdio error'),
  });
  await closed;
  await handle.close();
}
