export { openApiRouter } from './docs-router';
export { buildOpenApi, type DocumentInput, type OpenApiDocument } from './document';
export type { PluginRouteDoc } from './plugin-routes';
