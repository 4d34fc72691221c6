import * as op from '../../src/generated/graphql';
import { route } from '../../src/routing/route';

export const pluginsRoutes = [
  route({ method: 'GET', path: '/api/v1/admin/plugins', operation: op.PluginsDocument, result: 'plugins' }),
  route({
    method: 'GET',
    path: '/api/v1/store/plugin-extensions',
    operation: op.StorePluginExtensionsDocument,
    result: 'storePluginExtensions',
  }),
];
