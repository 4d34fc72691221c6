import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';

import { gql } from '../../api/client';
import { AdminReturnsDocument, type AdminReturnsQuery } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { ChoiceFilter } from '../../resource/fields';
import { ListPage, useListNavigate, useListSearch } from '../../resource/list-page';
import type { ListSearch } from '../../resource/search';
import { RETURN_STATUS_LABEL, type ReturnFilterValue, returnKeys } from './status';

type ReturnsSearch = ListSearch & { status?: ReturnFilterValue };
const FILTER_LABEL: Record<ReturnFilterValue, string> = {
  WAITING: 'Waiting (requested or approved)',
  ...RETURN_STATUS_LABEL,
};
const PAGE_SIZE = 25;
type Row = AdminReturnsQuery['returns']['items'][number];

const columns: ColumnDef<Row>[] = [
  {
    id: 'requested',
    header: 'Requested',
    cell: ({ row }) => (
      <Link
        to="/returns/$returnId"
        params={{ returnId: row.original.id }}
        className="font-medium text-blue-800 underline"
      >
        {dateTime(row.original.createdAt)}
      </Link>
    ),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => RETURN_STATUS_LABEL[row.original.status] },
  {
    id: 'units',
    header: 'Units',
    cell: ({ row }) => row.original.items.reduce((n, i) => n + i.quantity, 0),
  },
  {
    id: 'reason',
    header: 'Reason',
    cell: ({ row }) =>
      [...new Set(row.original.items.map((i) => i.reason).filter(Boolean))].join('; ') || row.original.comment || '—',
  },
  {
    id: 'order',
    header: 'Order',
    cell: ({ row }) => (
      <Link to="/orders/$orderId" params={{ orderId: row.original.orderId }} className="text-blue-800 underline">
        Order<span className="sr-only"> of the return requested {dateTime(row.original.createdAt)}</span>
      </Link>
    ),
  },
];

/** Returns, newest first, filtered by status; the URL holds the page and the filter. */
export function ReturnsScreen() {
  const search = useListSearch<ReturnsSearch>();
  const go = useListNavigate<ReturnsSearch>();
  const variables = {
    page: search.page,
    limit: PAGE_SIZE,
    ...(search.status === 'WAITING' ? { waiting: true } : { status: search.status }),
  };
  const list = useQuery({
    queryKey: returnKeys.list(variables),
    queryFn: () => gql(AdminReturnsDocument, variables).then((r) => r.returns),
    placeholderData: keepPreviousData,
  });
  return (
    <ListPage
      title="Returns"
      filters={
        <ChoiceFilter
          label="Status"
          all="All"
          value={search.status}
          labels={FILTER_LABEL}
          onChange={(status) => void go({ status })}
        />
      }
      caption="Returns"
      columns={columns}
      query={list}
      empty="No returns match."
    />
  );
}
