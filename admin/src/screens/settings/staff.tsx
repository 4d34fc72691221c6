import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { Button } from '../../components/ui/button';
import { type AdminStaffUserFragment, AdminStaffUsersDocument } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { PagedTable } from '../../resource/list-page';
import { SettingsNav } from './nav';
import { ROLE_LABELS } from './staff-form';

const route = getRouteApi('/_app/settings/staff');
const PAGE_SIZE = 25;

export const staffName = (u: { firstName?: string | null; lastName?: string | null; email: string }) =>
  `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email;

const columns: ColumnDef<AdminStaffUserFragment>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Link
        to="/settings/staff/$userId"
        params={{ userId: row.original.id }}
        className="font-medium text-blue-800 underline"
      >
        {staffName(row.original)}
      </Link>
    ),
  },
  { id: 'email', header: 'Email', cell: ({ row }) => row.original.email },
  { id: 'role', header: 'Role', cell: ({ row }) => ROLE_LABELS[row.original.role] },
  { id: 'status', header: 'Status', cell: ({ row }) => (row.original.active ? 'Active' : 'Deactivated') },
  { id: 'created', header: 'Since', cell: ({ row }) => dateTime(row.original.createdAt) },
];

/** Staff users and their roles (the API lists them without a search: a shop has few). Needs `users.manage`. */
export function StaffScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const variables = { page: search.page, limit: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['staff', variables],
    queryFn: () => gql(AdminStaffUsersDocument, variables),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Staff</h1>
        {can('users.manage') && (
          <Button asChild>
            <Link to="/settings/staff/new">New staff user</Link>
          </Button>
        )}
      </div>
      <SettingsNav />
      <PagedTable
        caption="Staff"
        columns={columns}
        query={{ ...list, data: list.data?.adminUsers }}
        empty="No staff users."
        getRowId={(row) => row.id}
        onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
      />
    </>
  );
}
