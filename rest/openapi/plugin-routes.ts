/**
 * A plugin's raw Express route as the plugin declares it (`PluginDefinition.httpRoutes`). Plugin handlers are
 * plain Express code, so nothing can read their bodies off them: the document lists them with method, path,
 * summary and who may call, and no body schemas (docs/decisions.md, "OpenAPI: plugin routes").
 */
export interface PluginRouteDoc {
  /** Filled in by the host from the plugin's name. */
  plugin?: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `plugin`: under `/plugins/<name>`; `store`: under `/api/v1/store/<name>`. */
  mount: 'plugin' | 'store';
  /** Below the mount, Express style (`/pay/:token`). */
  path: string;
  summary: string;
  /**
   * `public`: anyone; `store`: anyone, with an optional login and the cart's `X-Cart-Token`; `signed_in`: any
   * login; `admin`: staff with the permission the plugin checks; `signature`: a signed webhook.
   */
  auth: 'public' | 'store' | 'signed_in' | 'admin' | 'signature';
  /** What the route answers, beyond the summary. */
  description?: string;
}

/** `/pay/:token` → `/pay/{token}`, with its parameter names. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const out = path.replace(/:(\w+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: out, params };
}

const SIGNED_IN = [{ bearerAuth: [] }, { apiKey: [] }, { sessionCookie: [] }];
const SECURITY: Record<PluginRouteDoc['auth'], object[]> = {
  public: [],
  signature: [],
  store: [{}, { bearerAuth: [] }, { apiKey: [] }, { cartToken: [] }],
  signed_in: SIGNED_IN,
  admin: SIGNED_IN,
};

/** Minimal path items for the plugins' declared routes, and one tag per plugin. */
export function pluginPaths(routes: PluginRouteDoc[]): {
  paths: Record<string, Record<string, unknown>>;
  tags: Array<{ name: string; description: string }>;
} {
  const paths: Record<string, Record<string, unknown>> = {};
  const plugins = new Set<string>();
  for (const r of routes) {
    const name = r.plugin ?? 'plugin';
    plugins.add(name);
    const { path, params } = openApiPath(r.path);
    const full = `${r.mount === 'plugin' ? `/plugins/${name}` : `/api/v1/store/${name}`}${path}`;
    (paths[full] ??= {})[r.method.toLowerCase()] = {
      operationId: `${name}_${r.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
      summary: r.summary,
      description: [
        r.description ?? '',
        `Plugin route of \`${name}\` (raw Express; bodies are described in plugins/README.md, not here).`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      tags: [`plugin:${name}`],
      security: SECURITY[r.auth],
      parameters: params.map((p) => ({ name: p, in: 'path', required: true, schema: { type: 'string' } })),
      responses: {
        default: { description: 'The plugin’s answer (the `{ data }` envelope, or HTML for pages).' },
        '4XX': { description: 'An error: the `{ errors: [ { code, detail } ] }` envelope (pages answer HTML).' },
      },
    };
  }
  return {
    paths,
    tags: [...plugins].sort().map((p) => ({ name: `plugin:${p}`, description: `Routes of the ${p} plugin.` })),
  };
}
