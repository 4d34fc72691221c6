import * as op from '../../src/generated/graphql';
import { body, crud, path, query, route } from '../../src/routing/route';

const base = '/api/v1/admin/users';

export const usersRoutes = [
  // Before the crud rows: `GET base/{id}` would otherwise take `invites` for an id.
  route({
    method: 'GET',
    path: `${base}/invites`,
    operation: op.StaffInvitesDocument,
    variables: { page: query('page'), limit: query('limit') },
    result: 'staffInvites',
    envelope: 'list',
  }),
  route({
    method: 'POST',
    path: `${base}/invites/{id}/resend`,
    operation: op.StaffInviteResendDocument,
    variables: { id: path('id') },
    result: 'staffInviteResend',
    status: 201,
  }),
  route({
    method: 'DELETE',
    path: `${base}/invites/{id}`,
    operation: op.StaffInviteRevokeDocument,
    variables: { id: path('id') },
    result: 'staffInviteRevoke',
    envelope: 'none',
  }),
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
