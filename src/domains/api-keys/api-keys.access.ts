import { type AccessTable, admin, customer } from '../../auth/access';

export const apiKeysAccess: AccessTable = {
  Query: {
    apiKeys: admin('api_keys.manage'),
    apiKeyPermissions: admin('api_keys.manage'),
    customerApiKeys: customer('store.account.read'),
    customerApiKeyPermissions: customer('store.account.read'),
  },
  Mutation: {
    apiKeyCreate: admin('api_keys.manage'),
    apiKeyDelete: admin('api_keys.manage'),
    customerApiKeyCreate: customer('store.account.update'),
    customerApiKeyDelete: customer('store.account.update'),
  },
};
