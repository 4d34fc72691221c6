/** Users: staff accounts (admin users) and their roles. */
import type { DomainModule } from '../module';
import { AdminUserResolver } from './admin-user.resolver';
import { PendingInviteResolver } from './pending-invites';
import { StaffInviteResolver } from './staff-invite';
import { usersAccess } from './users.access';

export { createAdminUser } from './admin-user.service';

export const domain: DomainModule = {
  name: 'users',
  resolvers: [AdminUserResolver, StaffInviteResolver, PendingInviteResolver],
  access: [usersAccess],
};
