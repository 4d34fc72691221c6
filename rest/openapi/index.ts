export type { PluginRouteDoc } from '../../src/routing/plugin-routes';
export { openApiRouter } from './docs-router';
export { buildOpenApi, type DocumentInput, type OpenApiDocument } from './document';
