import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../route';

const base = '/api/v1/admin/users';

export const usersRoutes = [
  route({
    method: 'GET',
    path: base,
    operation: op.AdminUsersDocument,
    variables: { page: query('page'), limit: query('limit') },
    result: 'adminUsers',
    envelope: 'list',
  }),
  route({
    method: 'POST',
    path: base,
    operation: op.AdminUserCreateDocument,
    errors: ['email_taken'],
    variables: { input: body() },
    result: 'adminUserCreate',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${base}/{id}`,
    operation: op.AdminUserDocument,
    variables: { id: path('id') },
    result: 'adminUser',
  }),
  route({
    method: 'PUT',
    path: `${base}/{id}`,
    operation: op.AdminUserUpdateDocument,
    errors: ['email_taken', 'last_super_admin'],
    variables: { id: path('id'), input: body() },
    result: 'adminUserUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${base}/{id}`,
    operation: op.AdminUserDeleteDocument,
    errors: ['last_super_admin'],
    variables: { id: path('id') },
    result: 'adminUserDelete',
    envelope: 'none',
  }),
];
