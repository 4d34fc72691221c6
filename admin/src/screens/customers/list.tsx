import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';

import { gql } from '../../api/client';
import { DataTable } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { SearchField } from '../../components/search-field';
import { AdminCustomersDocument, type AdminCustomersQuery } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';

const route = getRouteApi('/_app/customers');
const PAGE_SIZE = 25;
type Row = AdminCustomersQuery['customers']['items'][number];

export const customerName = (c: { firstName: string; lastName: string; email: string }) =>
  `${c.firstName} ${c.lastName}`.trim() || c.email;

const columns: ColumnDef<Row>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Link
        to="/customers/$customerId"
        params={{ customerId: row.original.id }}
        className="font-medium text-blue-800 underline"
      >
        {customerName(row.original)}
      </Link>
    ),
  },
  { id: 'email', header: 'Email', cell: ({ row }) => row.original.email },
  { id: 'status', header: 'Status', cell: ({ row }) => (row.original.active ? 'Active' : 'Inactive') },
  { id: 'created', header: 'Registered', cell: ({ row }) => dateTime(row.original.createdAt) },
];

/** Customers, newest first, searched by email and name; the URL holds the search and the page. */
export function CustomersScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const variables = { page: search.page, limit: PAGE_SIZE, search: search.q };
  const list = useQuery({
    queryKey: ['customers', variables],
    queryFn: () => gql(AdminCustomersDocument, variables),
    placeholderData: keepPreviousData,
  });
  const table = useReactTable({
    data: list.data?.customers.items ?? [],
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  });

  return (
    <>
      <h1 className="text-2xl font-semibold">Customers</h1>
      <SearchField
        value={search.q ?? ''}
        onSearch={(q) => navigate({ search: (prev) => ({ ...prev, q: q || undefined, page: 1 }) })}
      />
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <>
          <DataTable
            table={table}
            caption="Customers"
            busy={list.isFetching}
            pending={list.isPending}
            empty={list.data ? `No customers${search.q ? ` match “${search.q}”` : ''}.` : null}
            meta={list.data?.customers.meta}
            onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
          />
        </>
      )}
    </>
  );
}
