import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';

import { gql } from '../../api/client';
import { SearchField } from '../../components/search-field';
import { AdminOrdersDocument, type AdminOrdersQuery } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { money } from '../../lib/money';
import { ChoiceFilter } from '../../resource/fields';
import { keys } from '../../resource/keys';
import { ListPage, useListNavigate, useListSearch } from '../../resource/list-page';
import type { ListSearch } from '../../resource/search';
import { type OrderFilterValue, STATUS_LABEL } from './status';

type OrdersSearch = ListSearch & { status?: OrderFilterValue };
const FILTER_LABEL: Record<OrderFilterValue, string> = { TO_SHIP: 'To ship', ...STATUS_LABEL };

/** The list's variables: a status, or "to ship" (its own argument: two statuses, the Home screen's count). */
function statusVariables(status: OrderFilterValue | undefined) {
  return status === 'TO_SHIP' ? { toShip: true } : { status };
}
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

/** Orders, newest first, filtered by status (or to ship) and searched; the URL holds all of it. */
export function OrdersScreen() {
  const search = useListSearch<OrdersSearch>();
  const variables = { page: search.page, limit: PAGE_SIZE, search: search.q, ...statusVariables(search.status) };
  const list = useQuery({
    queryKey: keys.orders.list(variables),
    queryFn: () => gql(AdminOrdersDocument, { ...variables, sort: 'CREATED_AT', order: 'DESC' }).then((r) => r.orders),
    placeholderData: keepPreviousData,
  });
  return (
    <ListPage
      title="Orders"
      filters={<OrderFilters />}
      caption="Orders"
      columns={columns}
      query={list}
      empty="No orders match."
    />
  );
}

/** The search and the status, side by side. */
function OrderFilters() {
  const search = useListSearch<OrdersSearch>();
  const go = useListNavigate<OrdersSearch>();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <SearchField value={search.q ?? ''} onSearch={(q) => void go({ q: q || undefined })} />
      <ChoiceFilter
        label="Status"
        all="All"
        value={search.status}
        labels={FILTER_LABEL}
        onChange={(status) => void go({ status })}
      />
    </div>
  );
}
