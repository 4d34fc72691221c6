import { type AccessTable, admin } from '../../auth/access';

export const usersAccess: AccessTable = {
  Query: {
    adminUsers: admin('users.manage'),
    adminUser: admin('users.manage'),
    staffInvites: admin('users.manage'),
  },
  Mutation: {
    adminUserCreate: admin('users.manage'),
    adminUserUpdate: admin('users.manage'),
    adminUserDelete: admin('users.manage'),
    adminUserInvite: admin('users.manage'),
    staffInviteResend: admin('users.manage'),
    staffInviteRevoke: admin('users.manage'),
  },
};
