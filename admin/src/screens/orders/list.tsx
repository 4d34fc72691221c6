import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { gql } from '../../api/client';
import { ErrorState } from '../../components/error-state';
import { Pager } from '../../components/pager';
import { SearchField } from '../../components/search-field';
import { inputClass } from '../../components/ui/field';
import { Table, Td, Th } from '../../components/ui/table';
import { AdminOrdersDocument, type AdminOrdersQuery } from '../../generated/graphql';
import { dateTime, money, oneOf } from '../../lib/format';
import { ORDER_STATUSES } from './status';

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
  { id: 'status', header: 'Status', cell: ({ row }) => row.original.status },
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
    queryKey: ['orders', variables],
    queryFn: () => gql(AdminOrdersDocument, { ...variables, sort: 'created_at', order: 'desc' }),
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
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <>
          <Table aria-busy={list.isFetching}>
            <caption className="sr-only">Orders</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <Th key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</Th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Td>
                  ))}
                </tr>
              ))}
              {list.data && list.data.orders.items.length === 0 && (
                <tr>
                  <Td colSpan={columns.length}>No orders match.</Td>
                </tr>
              )}
              {list.isPending && (
                <tr>
                  <Td colSpan={columns.length}>Loading…</Td>
                </tr>
              )}
            </tbody>
          </Table>
          {list.data && (
            <Pager
              page={list.data.orders.meta.page}
              pages={list.data.orders.meta.pages}
              total={list.data.orders.meta.total}
              onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
            />
          )}
        </>
      )}
    </>
  );
}
