import {
  AdminStaffUserCreateDocument,
  AdminStaffUserDeleteDocument,
  AdminStaffUserDocument,
  type AdminStaffUserFragment,
  AdminStaffUsersDocument,
  AdminStaffUserUpdateDocument,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { linkColumn, textColumn } from '../../resource/columns';
import { keys } from '../../resource/keys';
import { ListPage, useListSearch } from '../../resource/list-page';
import { defineResource } from '../../resource/resource';
import { SettingsNav } from './nav';
import { ROLE_LABELS } from './staff-form';
import { InviteStaff } from './staff-invite';
import { PendingInvites } from './staff-pending-invites';

/** Staff users: list, one user, create, update (details, role, active), delete. */
export const staff = defineResource({
  keys: keys.staff,
  list: AdminStaffUsersDocument,
  detail: AdminStaffUserDocument,
  create: AdminStaffUserCreateDocument,
  update: AdminStaffUserUpdateDocument,
  remove: AdminStaffUserDeleteDocument,
});

export const staffName = (u: { firstName?: string | null; lastName?: string | null; email: string }) =>
  `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email;

type Row = AdminStaffUserFragment;
const columns = [
  linkColumn(
    'Name',
    (u: Row) => staffName(u),
    (u) => ({ to: '/settings/staff/$userId', params: { userId: u.id } }),
  ),
  textColumn('email', 'Email', (u: Row) => u.email),
  textColumn('role', 'Role', (u: Row) => ROLE_LABELS[u.role]),
  textColumn('status', 'Status', (u: Row) => (u.active ? 'Active' : 'Deactivated')),
  textColumn('created', 'Since', (u: Row) => dateTime(u.createdAt)),
];

/**
 * Staff users and their roles (the API lists them without a search: a shop has few), then the pending invites.
 * Needs `users.manage`.
 */
export function StaffScreen() {
  const { page } = useListSearch();
  const list = staff.useList({ page, limit: 25 });
  return (
    <ListPage
      title="Staff"
      nav={<SettingsNav />}
      actions={<InviteStaff />}
      create={{ label: 'New staff user', to: '/settings/staff/new', permission: 'users.manage' }}
      caption="Staff"
      columns={columns}
      query={list}
      empty="No staff users."
    >
      <PendingInvites />
    </ListPage>
  );
}
