import { type AccessTable, admin, PUBLIC } from '../../auth/access';

export const pluginsAccess: AccessTable = {
  Query: {
    plugins: admin('plugins.manage'),
    storePluginExtensions: PUBLIC,
    // Any staff member (no one permission: every staff screen has slots); the resolver refuses everyone else.
    adminPluginExtensions: PUBLIC,
  },
};
