import { posix } from 'node:path';

import { AppError } from '../shared/errors';

/**
 * What a tool's call presents besides its body, as REST reads it from headers: an anonymous cart's token (a
 * tool's `cart_token` argument; MCP has no headers of its own).
 */
export interface StoreMcpCallTokens {
  cartToken?: string;
}

/** The store API as a plugin's MCP tools may call it: only paths under `/api/v1/store/`. */
export interface StoreMcpClient {
  get(path: string, tokens?: StoreMcpCallTokens): Promise<unknown>;
  post(path: string, body: unknown, tokens?: StoreMcpCallTokens): Promise<unknown>;
}

/** A store MCP tool a plugin contributes. */
export interface PluginMcpTool {
  /** Must start with `store_<plugin>_`. */
  name: string;
  title: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  handler(args: Record<string, unknown>, client: StoreMcpClient): Promise<unknown>;
}

export interface StoreMcpServerFacade {
  registerTool(tool: PluginMcpTool): void;
}

/** The spec's `RegisterStoreMCPTools(server, client)`. */
export type StoreMcpRegistration = (server: StoreMcpServerFacade, client: StoreMcpClient) => void;

const STORE_PREFIX = '/api/v1/store/';

/**
 * Checks a path a plugin's store client was given, in the spec's order: percent-decode, normalize (`.`, `..`,
 * double slashes), require the `/api/v1/store/` prefix, reject any remaining `..`. Returns the normalized path
 * (query string kept) or throws 403 `forbidden`.
 */
export function checkStorePath(path: string): string {
  const denied = () => new AppError('forbidden', 'plugin store client: only /api/v1/store/ paths are allowed');
  const [rawPath, query] = splitQuery(path);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    throw denied();
  }
  if (decoded.includes('\0') || decoded.includes('\\')) throw denied();
  const normalized = posix.normalize(decoded.startsWith('/') ? decoded : `/${decoded}`);
  if (!normalized.startsWith(STORE_PREFIX)) throw denied();
  if (normalized.split('/').includes('..')) throw denied();
  return query === undefined ? normalized : `${normalized}?${query}`;
}

function splitQuery(path: string): [string, string | undefined] {
  const at = path.indexOf('?');
  return at < 0 ? [path, undefined] : [path.slice(0, at), path.slice(at + 1)];
}

/**
 * Runs a plugin's registration and returns its tools, following the spec: a tool whose name does not start
 * with `store_<plugin>_` is rejected and the plugin's tools are skipped; a throw is logged and skipped.
 */
export function collectStoreMcpTools(
  plugin: { name: string; registerStoreMcpTools?: StoreMcpRegistration },
  client: StoreMcpClient,
  log: { error(obj: object, msg: string): void },
): PluginMcpTool[] {
  if (!plugin.registerStoreMcpTools) return [];
  const tools: PluginMcpTool[] = [];
  const prefix = `store_${plugin.name}_`;
  try {
    plugin.registerStoreMcpTools({ registerTool: (tool) => void tools.push(tool) }, client);
  } catch (err) {
    log.error(
      { plugin: plugin.name, err: err instanceof Error ? err.message : String(err) },
      'plugin MCP tool registration failed; its tools are skipped',
    );
    return [];
  }
  const bad = tools.find((t) => !t.name.startsWith(prefix) || !/^[a-z0-9_]+$/.test(t.name));
  if (bad) {
    log.error(
      { plugin: plugin.name, tool: bad.name, expected: `${prefix}…` },
      "plugin MCP tool rejected: its name must start with store_<plugin>_; the plugin's tools are skipped",
    );
    return [];
  }
  return tools;
}
