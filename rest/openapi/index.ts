export { buildOpenApi, type DocumentInput, type OpenApiDocument } from './document';
export { openApiRouter } from './docs-router';
export type { PluginRouteDoc } from './plugin-routes';
