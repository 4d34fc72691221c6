import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/**
 * An MCP SDK client connected to `/mcp/<surface>` of a test server, with an optional Authorization header and
 * other request headers (`x-forwarded-for` through the trusted local proxy, to call from a chosen IP).
 */
export async function connectMcp(
  baseUrl: string,
  surface: 'store' | 'admin',
  authorization?: string,
  query = '',
  headers: Record<string, string> = {},
) {
  const client = new Client({ name: 'svc-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp/${surface}${query}`), {
    requestInit: { headers: { ...headers, ...(authorization ? { authorization } : {}) } },
  });
  await client.connect(transport);
  return client;
}

/** Calls a tool and parses its JSON text content. */
export async function callJson(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: Array<{ type: string; text: string }>;
  };
  const text = result.content[0]?.text ?? 'null';
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { isError: !!result.isError, body, text };
}
