import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../../src/routing/route';

export const apiKeysRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/admin/api-keys',
    operation: op.ApiKeysDocument,
    variables: { all: query('all'), page: query('page'), limit: query('limit') },
    result: 'apiKeys',
    envelope: 'list',
  }),
  route({
    method: 'GET',
    path: '/api/v1/admin/api-keys/permissions',
    operation: op.ApiKeyPermissionsDocument,
    result: 'apiKeyPermissions',
  }),
  route({
    method: 'POST',
    path: '/api/v1/admin/api-keys',
    operation: op.ApiKeyCreateDocument,
    variables: { input: body() },
    result: 'apiKeyCreate',
    status: 201,
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/admin/api-keys/{id}',
    operation: op.ApiKeyDeleteDocument,
    variables: { id: path('id') },
    result: 'apiKeyDelete',
    envelope: 'none',
  }),
  route({
    method: 'GET',
    path: '/api/v1/store/api-keys',
    operation: op.CustomerApiKeysDocument,
    result: 'customerApiKeys',
  }),
  route({
    method: 'GET',
    path: '/api/v1/store/api-keys/permissions',
    operation: op.CustomerApiKeyPermissionsDocument,
    result: 'customerApiKeyPermissions',
  }),
  route({
    method: 'POST',
    path: '/api/v1/store/api-keys',
    operation: op.CustomerApiKeyCreateDocument,
    variables: { input: body() },
    result: 'customerApiKeyCreate',
    status: 201,
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/store/api-keys/{id}',
    operation: op.CustomerApiKeyDeleteDocument,
    variables: { id: path('id') },
    result: 'customerApiKeyDelete',
    envelope: 'none',
  }),
];
