import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { DataTable } from '../../components/data-table';
import { ActionError, ErrorState } from '../../components/error-state';
import { SearchField } from '../../components/search-field';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Th } from '../../components/ui/table';
import {
  AdminProductDeleteDocument,
  type AdminProductRowFragment,
  AdminProductsDocument,
  AdminProductUpdateDocument,
} from '../../generated/graphql';
import { money } from '../../lib/money';
import { productName } from './names';
import type { ProductsSearch } from './search';

const route = getRouteApi('/_app/products');
const PAGE_SIZE = 25;

/** Runs `task` over `ids`, a few at a time; resolves to the ids that failed with their errors. */
async function forEachId(ids: string[], task: (id: string) => Promise<unknown>) {
  const failures: Array<{ id: string; error: unknown }> = [];
  for (let i = 0; i < ids.length; i += 5) {
    const batch = ids.slice(i, i + 5);
    const results = await Promise.allSettled(batch.map(task));
    results.forEach((r, j) => r.status === 'rejected' && failures.push({ id: batch[j], error: r.reason }));
  }
  return failures;
}

const SORTABLE: Record<string, NonNullable<ProductsSearch['sort']>> = {
  name: 'NAME',
  sku: 'SKU',
  price: 'PRICE_GROSS',
  stock: 'STOCK',
};

export function ProductsScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const can = useCan();
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [bulkError, setBulkError] = useState<unknown>();
  const [bulkBusy, setBulkBusy] = useState(false);
  const [notice, setNotice] = useState<string>();

  const variables = {
    page: search.page,
    limit: PAGE_SIZE,
    search: search.q,
    sort: search.sort,
    order: search.order,
  };
  const list = useQuery({
    queryKey: ['products', variables],
    queryFn: () => gql(AdminProductsDocument, variables),
    placeholderData: keepPreviousData,
  });
  // A new page or search starts with nothing selected.
  useEffect(() => setSelection({}), [search.page, search.q, search.sort, search.order]);

  const canSelect = can('products.update') || can('products.delete');
  const columns = useMemo<ColumnDef<AdminProductRowFragment>[]>(() => {
    const cols: ColumnDef<AdminProductRowFragment>[] = [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <Link
            to="/products/$productId"
            params={{ productId: row.original.id }}
            className="font-medium text-blue-800 underline"
          >
            {productName(row.original)}
          </Link>
        ),
      },
      { id: 'sku', header: 'SKU', cell: ({ row }) => row.original.sku ?? '—' },
      { id: 'price', header: 'Price', cell: ({ row }) => money(row.original.priceGross, row.original.currency) },
      { id: 'stock', header: 'Stock', cell: ({ row }) => row.original.stock },
      { id: 'status', header: 'Status', cell: ({ row }) => (row.original.active ? 'Active' : 'Inactive') },
    ];
    if (!canSelect) return cols;
    return [
      {
        id: 'select',
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label="Select all products on this page"
            checked={table.getIsAllRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`Select ${productName(row.original)}`}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      ...cols,
    ];
  }, [canSelect]);

  const table = useReactTable({
    data: list.data?.products.items ?? [],
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  });

  const selectedIds = Object.keys(selection).filter((id) => selection[id]);

  async function bulk(label: string, task: (id: string) => Promise<unknown>) {
    setBulkBusy(true);
    setBulkError(undefined);
    setNotice(undefined);
    const failures = await forEachId(selectedIds, task);
    setBulkBusy(false);
    await queryClient.invalidateQueries({ queryKey: ['products'] });
    setSelection({});
    if (failures.length) setBulkError(failures[0].error);
    setNotice(
      `${label}: ${selectedIds.length - failures.length} of ${selectedIds.length} done` +
        (failures.length ? `, ${failures.length} failed.` : '.'),
    );
  }
  const setActive = (active: boolean) => (id: string) => gql(AdminProductUpdateDocument, { id, input: { active } });

  function sortBy(column: string) {
    const key = SORTABLE[column];
    const order = search.sort === key && search.order !== 'DESC' ? 'DESC' : 'ASC';
    void navigate({ search: (prev) => ({ ...prev, sort: key, order, page: 1 }) });
  }

  return (
    <>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Products</h1>
        {can('products.create') && (
          <div className="flex gap-2">
            <Button variant="outline" asChild>
              <Link to="/products/import">Import CSV</Link>
            </Button>
            <Button asChild>
              <Link to="/products/new">New product</Link>
            </Button>
          </div>
        )}
      </div>
      <SearchField
        value={search.q ?? ''}
        onSearch={(q) => navigate({ search: (prev) => ({ ...prev, q: q || undefined, page: 1 }) })}
      />
      {selectedIds.length > 0 && (
        <div
          role="group"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 rounded-md bg-slate-100 p-2"
        >
          <span className="text-sm">{selectedIds.length} selected</span>
          {can('products.update') && (
            <>
              <Button variant="outline" disabled={bulkBusy} onClick={() => bulk('Activate', setActive(true))}>
                Activate
              </Button>
              <Button variant="outline" disabled={bulkBusy} onClick={() => bulk('Deactivate', setActive(false))}>
                Deactivate
              </Button>
            </>
          )}
          {can('products.delete') && (
            <ConfirmDialog
              trigger={
                <Button variant="danger" disabled={bulkBusy}>
                  Delete
                </Button>
              }
              title={`Delete ${selectedIds.length} products?`}
              description="The selected products and their variants are deleted. Orders keep their lines."
              confirmLabel="Delete"
              onConfirm={() => bulk('Delete', (id) => gql(AdminProductDeleteDocument, { id }))}
            />
          )}
        </div>
      )}
      <div aria-live="polite" className="text-sm">
        {notice}
      </div>
      <ActionError error={bulkError} />
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <>
          <DataTable
            table={table}
            caption="Products"
            busy={list.isFetching}
            pending={list.isPending}
            empty={list.data ? `No products${search.q ? ` match “${search.q}”` : ''}.` : null}
            meta={list.data?.products.meta}
            onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
            renderHeader={(header) => {
              const key = SORTABLE[header.column.id];
              const sorted =
                key && search.sort === key ? (search.order === 'DESC' ? 'descending' : 'ascending') : undefined;
              const content = flexRender(header.column.columnDef.header, header.getContext());
              return (
                <Th key={header.id} aria-sort={sorted}>
                  {key ? (
                    <button
                      type="button"
                      className="font-semibold underline-offset-2 hover:underline"
                      onClick={() => sortBy(header.column.id)}
                    >
                      {content}
                      <span aria-hidden="true">
                        {sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ''}
                      </span>
                    </button>
                  ) : (
                    content
                  )}
                </Th>
              );
            }}
          />
        </>
      )}
    </>
  );
}
