/**
 * The MCP SDK, loaded on first use. It is the heaviest dependency at start (about 10 MB of heap and most of a
 * second of CPU, with zod and ajv) and only MCP requests and `svc mcp` need it, so importing it from the top of
 * a module that `serve` loads would make every start pay for it.
 */
import type * as Node from '@modelcontextprotocol/node';
import type * as Server from '@modelcontextprotocol/server';
import type * as Stdio from '@modelcontextprotocol/server/stdio';

let server: typeof Server | undefined;
let node: typeof Node | undefined;

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const mcpServerSdk = (): typeof Server => (server ??= require('@modelcontextprotocol/server'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const mcpNodeSdk = (): typeof Node => (node ??= require('@modelcontextprotocol/node'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const mcpStdioSdk = (): typeof Stdio => require('@modelcontextprotocol/server/stdio');
