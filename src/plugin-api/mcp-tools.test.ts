import { checkStorePath, collectStoreMcpTools, type PluginMcpTool } from './mcp-tools';

const tool = (name: string): PluginMcpTool => ({
  name,
  title: name,
  description: 'd',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async () => ({}),
});
const client = { get: async () => ({}), post: async () => ({}) };

describe('the plugin store client path check (spec order: decode, normalize, prefix, no ..)', () => {
  it.each([
    ['/api/v1/store/products', '/api/v1/store/products'],
    ['/api/v1/store/products?limit=5', '/api/v1/store/products?limit=5'],
    ['/api/v1/store//cart/./abc', '/api/v1/store/cart/abc'],
    ['api/v1/store/products', '/api/v1/store/products'],
    ['/api/v1/store/a/../products', '/api/v1/store/products'],
    ['/api/v1/store/%70roducts', '/api/v1/store/products'],
  ])('allows %s as %s', (input, expected) => expect(checkStorePath(input)).toBe(expected));

  it.each([
    '/api/v1/admin/products',
    '/api/v1/store/../admin/users',
    '/api/v1/store/%2e%2e/admin/users',
    '/api/v1/store/%2E%2E%2Fadmin%2Fusers',
    '/api/v1/store/..%2f..%2fadmin',
    '/api/v1/storefront/x',
    '/api/v1/store',
    '/api/v1/store/%zz',
    '/api/v1/store/a%00b',
    '/api/v1/store/..\\admin',
    '//evil.example/api/v1/store/x',
  ])('denies %s with 403 forbidden', (input) => {
    expect(() => checkStorePath(input)).toThrow(expect.objectContaining({ code: 'forbidden', status: 403 }));
  });
});

describe("collecting a plugin's store MCP tools", () => {
  const log = { error: jest.fn() };

  it('keeps tools named store_<plugin>_…', () => {
    const tools = collectStoreMcpTools(
      { name: 'payprov', registerStoreMcpTools: (server) => server.registerTool(tool('store_payprov_create_intent')) },
      client,
      log,
    );
    expect(tools.map((t) => t.name)).toEqual(['store_payprov_create_intent']);
  });

  it("rejects a misnamed tool and skips all of that plugin's tools", () => {
    const tools = collectStoreMcpTools(
      {
        name: 'payprov',
        registerStoreMcpTools: (server) => {
          server.registerTool(tool('store_payprov_ok'));
          server.registerTool(tool('store_list_products'));
        },
      },
      client,
      log,
    );
    expect(tools).toEqual([]);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ plugin: 'payprov', tool: 'store_list_products' }),
      expect.any(String),
    );
  });

  it('logs and skips a plugin whose registration throws', () => {
    const tools = collectStoreMcpTools(
      {
        name: 'boom',
        registerStoreMcpTools: () => {
          throw new Error('kaput');
        },
      },
      client,
      log,
    );
    expect(tools).toEqual([]);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ plugin: 'boom', err: 'kaput' }),
      expect.any(String),
    );
  });
});
