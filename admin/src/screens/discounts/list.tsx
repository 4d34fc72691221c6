import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { SearchField } from '../../components/search-field';
import { Button } from '../../components/ui/button';
import { type AdminDiscountCodeFragment, AdminDiscountCodesDocument } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { money } from '../../lib/money';
import { PagedTable } from '../../resource/list-page';

const route = getRouteApi('/_app/discounts');
const PAGE_SIZE = 25;

/** "10 %" or "€5.00" (the shop's amounts are shown in EUR, the currency the service defaults to). */
export const discountValue = (d: Pick<AdminDiscountCodeFragment, 'type' | 'value'>) =>
  d.type === 'PERCENTAGE' ? `${d.value / 100} %` : money(d.value, 'EUR');

const columns: ColumnDef<AdminDiscountCodeFragment>[] = [
  {
    id: 'code',
    header: 'Code',
    cell: ({ row }) => (
      <Link
        to="/discounts/$discountId"
        params={{ discountId: row.original.id }}
        className="font-mono font-medium text-blue-800 underline"
      >
        {row.original.code}
      </Link>
    ),
  },
  { id: 'value', header: 'Discount', cell: ({ row }) => discountValue(row.original) },
  {
    id: 'uses',
    header: 'Used',
    cell: ({ row }) => `${row.original.usedCount}${row.original.maxUses ? ` of ${row.original.maxUses}` : ''}`,
  },
  {
    id: 'until',
    header: 'Valid until',
    cell: ({ row }) => (row.original.validUntil ? dateTime(row.original.validUntil) : '—'),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => (row.original.active ? 'Active' : 'Inactive') },
];

/** Discount codes, newest first, searched by part of the code; the URL holds the search and the page. */
export function DiscountsScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const variables = { page: search.page, limit: PAGE_SIZE, search: search.q };
  const list = useQuery({
    queryKey: ['discounts', variables],
    queryFn: () => gql(AdminDiscountCodesDocument, variables),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Discounts</h1>
        {can('discounts.create') && (
          <Button asChild>
            <Link to="/discounts/new">New discount</Link>
          </Button>
        )}
      </div>
      <SearchField
        value={search.q ?? ''}
        onSearch={(q) => navigate({ search: (prev) => ({ ...prev, q: q || undefined, page: 1 }) })}
      />
      <PagedTable
        caption="Discounts"
        columns={columns}
        query={{ ...list, data: list.data?.discountCodes }}
        empty={`No discount codes${search.q ? ` match “${search.q}”` : ''}.`}
        getRowId={(row) => row.id}
        onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
      />
    </>
  );
}
