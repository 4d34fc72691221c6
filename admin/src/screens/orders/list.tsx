import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useId } from 'react';

import { gql } from '../../api/client';
import { DataTable } from '../../components/data-table';
import { ErrorState } from '../../components/error-state';
import { SearchField } from '../../components/search-field';
import { inputClass } from '../../components/ui/field';
import { AdminOrdersDocument, type AdminOrdersQuery } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { oneOf } from '../../lib/format';
import { money } from '../../lib/money';
import { keys } from '../../resource/keys';
import { ORDER_STATUSES, STATUS_LABEL } from './status';

const route = getRouteApi('/_app/orders');
const PAGE_SIZE = 25;
type Row = AdminOrdersQuery['orders']['items'][number];

const columns: ColumnDef<Row>[] = [
  {
    id: 'number',
    header: 'Order',
    cell: ({ row }) => (
      <Link to="/orders/$orderId" params={{ orderId: row.original.id }} className="font-medium text-blue-800 underline">
        {row.original.orderNumber}
      </Link>
    ),
  },
  {
    id: 'email',
    header: 'Customer',
    cell: ({ row }) => `${row.original.email}${row.original.isGuestOrder ? ' (guest)' : ''}`,
  },
  { id: 'status', header: 'Status', cell: ({ row }) => STATUS_LABEL[row.original.status] },
  { id: 'total', header: 'Total', cell: ({ row }) => money(row.original.total, row.original.currency) },
  { id: 'created', header: 'Placed', cell: ({ row }) => dateTime(row.original.createdAt) },
];

/** Orders, newest first, filtered by status and searched; the URL holds all of it. */
export function OrdersScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const statusId = useId();
  const variables = { page: search.page, limit: PAGE_SIZE, search: search.q, status: search.status };
  const list = useQuery({
    queryKey: keys.orders.list(variables),
    queryFn: () => gql(AdminOrdersDocument, { ...variables, sort: 'CREATED_AT', order: 'DESC' }),
    placeholderData: keepPreviousData,
  });
  const table = useReactTable({
    data: list.data?.orders.items ?? [],
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  });

  return (
    <>
      <h1 className="text-2xl font-semibold">Orders</h1>
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          value={search.q ?? ''}
          onSearch={(q) => navigate({ search: (prev) => ({ ...prev, q: q || undefined, page: 1 }) })}
        />
        <div className="space-y-1">
          <label htmlFor={statusId} className="block text-sm font-medium">
            Status
          </label>
          <select
            id={statusId}
            className={inputClass}
            value={search.status ?? ''}
            onChange={(e) =>
              navigate({ search: (prev) => ({ ...prev, status: oneOf(ORDER_STATUSES, e.target.value), page: 1 }) })
            }
          >
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <>
          <DataTable
            table={table}
            caption="Orders"
            busy={list.isFetching}
            pending={list.isPending}
            empty={list.data ? 'No orders match.' : null}
            meta={list.data?.orders.meta}
            onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
          />
        </>
      )}
    </>
  );
}
