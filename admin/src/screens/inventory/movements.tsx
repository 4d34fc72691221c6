import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useEffect, useState } from 'react';

import { gql } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import {
  AdminStockMovementsDocument,
  type AdminStockMovementsQuery,
  AdminWarehousesDocument,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { SelectField } from '../../resource/fields';
import { PagedTable } from '../../resource/list-page';
import { MOVEMENT_TYPES, type MovementsSearch } from './search';
import { InventoryTabs } from './tabs';
import { withVariant } from './variant-name';

const route = getRouteApi('/_app/inventory/movements');
const PAGE_SIZE = 25;
type Row = AdminStockMovementsQuery['stockMovements']['items'][number];

const REASONS: Record<Row['type'], string> = {
  ADJUSTMENT: 'Adjustment',
  SALE: 'Sale',
  REVERSAL: 'Given back (cancel or refund)',
  RETURN: 'Returned by the customer',
};

const columns: ColumnDef<Row>[] = [
  { id: 'when', header: 'When', cell: ({ row }) => dateTime(row.original.createdAt) },
  {
    id: 'product',
    header: 'Product',
    cell: ({ row }) =>
      row.original.productId ? (
        <Link
          to="/products/$productId"
          params={{ productId: row.original.productId }}
          className="font-medium text-blue-800 underline"
        >
          {withVariant(row.original.productName || '(unnamed)', row.original.variantTitle)}
        </Link>
      ) : (
        '(deleted product)'
      ),
  },
  { id: 'sku', header: 'SKU', cell: ({ row }) => row.original.sku ?? '—' },
  { id: 'warehouse', header: 'Warehouse', cell: ({ row }) => row.original.warehouseName ?? '(deleted)' },
  { id: 'reason', header: 'Reason', cell: ({ row }) => REASONS[row.original.type] },
  {
    id: 'change',
    header: 'Change',
    cell: ({ row }) => (row.original.quantity > 0 ? `+${row.original.quantity}` : row.original.quantity),
  },
  {
    id: 'reference',
    header: 'Reference',
    cell: ({ row }) =>
      row.original.orderId ? (
        <Link to="/orders/$orderId" params={{ orderId: row.original.orderId }} className="text-blue-800 underline">
          Order
        </Link>
      ) : (
        (row.original.reference ?? '—')
      ),
  },
];

/** Local day `YYYY-MM-DD` → the instant it starts (the next day's for an inclusive end). */
const dayStart = (day: string | undefined, plusDays = 0) => {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
};

/**
 * The stock movement history across warehouses, newest first, filtered by warehouse, SKU, reason and dates on the
 * server (the URL holds the filters and the page, so a filtered history can be shared).
 */
export function MovementsScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);
  const warehouses = useQuery({
    queryKey: ['warehouses', { page: 1, limit: 200 }],
    queryFn: () => gql(AdminWarehousesDocument, { page: 1, limit: 200 }),
  });
  const variables = {
    page: search.page,
    limit: PAGE_SIZE,
    warehouseId: search.warehouse,
    sku: search.sku,
    type: search.type,
    from: dayStart(search.from),
    to: dayStart(search.to, 1),
  };
  const list = useQuery({
    queryKey: ['stock-movements', variables],
    queryFn: () => gql(AdminStockMovementsDocument, variables),
    placeholderData: keepPreviousData,
  });

  function apply(e: FormEvent) {
    e.preventDefault();
    const next: MovementsSearch = {
      page: 1,
      warehouse: draft.warehouse || undefined,
      sku: draft.sku?.trim() || undefined,
      type: draft.type || undefined,
      from: draft.from || undefined,
      to: draft.to || undefined,
    };
    void navigate({ search: next });
  }

  return (
    <>
      <h1 className="text-2xl font-semibold">Stock movements</h1>
      <InventoryTabs />
      <form
        role="search"
        aria-label="Filter movements"
        onSubmit={apply}
        className="grid max-w-4xl grid-cols-1 items-end gap-3 md:grid-cols-3"
      >
        <SelectField
          label="Warehouse"
          value={draft.warehouse ?? ''}
          onChange={(e) => setDraft({ ...draft, warehouse: e.target.value || undefined })}
        >
          <option value="">All warehouses</option>
          {warehouses.data?.warehouses.items.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name} ({w.code})
            </option>
          ))}
        </SelectField>
        <Field
          label="SKU"
          type="search"
          value={draft.sku ?? ''}
          onChange={(e) => setDraft({ ...draft, sku: e.target.value })}
        />
        <SelectField
          label="Reason"
          value={draft.type ?? ''}
          onChange={(e) => setDraft({ ...draft, type: (e.target.value || undefined) as MovementsSearch['type'] })}
        >
          <option value="">All reasons</option>
          {MOVEMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {REASONS[t]}
            </option>
          ))}
        </SelectField>
        <Field
          label="From"
          type="date"
          value={draft.from ?? ''}
          onChange={(e) => setDraft({ ...draft, from: e.target.value || undefined })}
        />
        <Field
          label="To"
          type="date"
          value={draft.to ?? ''}
          onChange={(e) => setDraft({ ...draft, to: e.target.value || undefined })}
        />
        <div className="flex gap-2">
          <Button type="submit">Filter</Button>
          <Button variant="outline" onClick={() => navigate({ search: { page: 1 } })}>
            Clear
          </Button>
        </div>
      </form>
      <PagedTable
        caption="Stock movements"
        columns={columns}
        query={{ ...list, data: list.data?.stockMovements }}
        empty="No movements match these filters."
        getRowId={(row) => row.id}
        onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
      />
    </>
  );
}
