import { type AccessTable, PUBLIC, admin } from '../../auth/access';

export const pluginsAccess: AccessTable = {
  Query: { plugins: admin('plugins.manage'), storePluginExtensions: PUBLIC },
};
