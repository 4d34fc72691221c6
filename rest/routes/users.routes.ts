import * as op from '../../src/generated/graphql';
import { body, crud, route } from '../../src/routing/route';

const base = '/api/v1/admin/users';

export const usersRoutes = [
  ...crud(
    base,
    {
      list: op.AdminUsersDocument,
      create: op.AdminUserCreateDocument,
      read: op.AdminUserDocument,
      update: op.AdminUserUpdateDocument,
      delete: op.AdminUserDeleteDocument,
    },
    {},
  ),
  route({
    method: 'POST',
    path: `${base}/invite`,
    operation: op.AdminUserInviteDocument,
    variables: { input: body() },
    result: 'adminUserInvite',
    status: 201,
  }),
];
