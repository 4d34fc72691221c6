import type { QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { Link, type LinkProps, useNavigate, useSearch } from '@tanstack/react-router';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';

import { useCan } from '../api/session';
import { DataTable } from '../components/data-table';
import { ActionError, ErrorState } from '../components/error-state';
import { SearchField } from '../components/search-field';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { Th } from '../components/ui/table';
import { bulkSummary, forEachId } from './bulk';
import { PageHeader } from './detail-frame';
import { invalidate } from './resource';
import type { ListSearch } from './search';

/**
 * The list page of every resource: heading with its create link, the area's navigation, search, filters, the
 * table (server-paged, sortable columns), bulk actions over selected rows, and the empty and error states. The
 * search text, page and sort live in the URL (the route's `listSearch`), so a list can be shared and reloaded.
 */

/** The list's URL state: `q`, `page` and whatever else the route's search validator adds (filters, sort). */
export function useListSearch<S extends ListSearch = ListSearch>(): S {
  return useSearch({ strict: false }) as unknown as S;
}

/** Changes the list's URL state (a new search or filter starts again on page 1; a page change keeps the rest). */
export function useListNavigate<S extends ListSearch = ListSearch>() {
  const navigate = useNavigate();
  return (patch: Partial<S>) =>
    navigate({ to: '.', search: (prev: object) => ({ ...prev, page: 1, ...patch }) } as never);
}

/** A page of a list as the API answers it. */
export interface ListQuery<T> {
  /** `meta` is the page; a list the API answers whole (plugins) has none, and no pager. */
  data?: { items: T[]; meta?: { page: number; pages: number; total: number } };
  isFetching: boolean;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface BulkAction {
  label: string;
  permission: string;
  run: (id: string) => Promise<unknown>;
  /** A destructive action asks first: the dialog's title for `n` rows and what happens. */
  confirm?: { title: (n: number) => string; description: string };
}

export interface BulkSpec<T> {
  /** Each row checkbox's name: "Select <label>". */
  rowLabel: (row: T) => string;
  /** The header checkbox's name, e.g. "Select all products on this page". */
  allLabel: string;
  actions: BulkAction[];
  /** What the actions change (the resource's root, at least). */
  invalidates: readonly QueryKey[];
}

export interface ListPageProps<T> {
  title: string;
  /** The area's second-level navigation (catalog tabs, settings, inventory). */
  nav?: ReactNode;
  /** The create link, shown with its permission. */
  create?: { label: string; to: LinkProps['to']; permission: string };
  /** More header actions (e.g. Import CSV). */
  actions?: ReactNode;
  /** A heading above the table when the page shows more than the list (h2). */
  subheading?: string;
  /** A search box bound to `q`. */
  search?: boolean;
  /** Filter controls (a form that calls `useListNavigate()`). */
  filters?: ReactNode;
  caption: string;
  columns: ColumnDef<T>[];
  query: ListQuery<T>;
  /** What the page says when the list (or search) has nothing. */
  empty: string;
  rowId?: (row: T) => string;
  bulk?: BulkSpec<T>;
  /** Sortable columns: column id → the API's sort value (kept in the URL as `sort` and `order`). */
  sortable?: Record<string, string>;
  children?: ReactNode;
}

export function ListPage<T extends { id?: string }>(props: ListPageProps<T>) {
  const search = useListSearch<ListSearch & { sort?: string; order?: 'ASC' | 'DESC' }>();
  const go = useListNavigate<ListSearch & { sort?: string; order?: 'ASC' | 'DESC' }>();
  const can = useCan();
  const bulk = useBulk(props.bulk, [search.page, search.q, search.sort, search.order]);
  const columns = useMemo(
    () => (bulk.enabled ? [selectColumn(props.bulk!), ...props.columns] : props.columns),
    [bulk.enabled, props.bulk, props.columns],
  );
  const table = useReactTable({
    data: props.query.data?.items ?? [],
    columns,
    getRowId: props.rowId ?? ((row) => row.id ?? ''),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    state: { rowSelection: bulk.selection },
    onRowSelectionChange: bulk.setSelection,
    enableRowSelection: bulk.enabled,
  });

  const header = (h: Header<T, unknown>) => {
    const key = props.sortable?.[h.column.id];
    const content = flexRender(h.column.columnDef.header, h.getContext());
    if (!key) return <Th key={h.id}>{content}</Th>;
    const sorted = search.sort === key ? (search.order === 'DESC' ? 'descending' : 'ascending') : undefined;
    const order = search.sort === key && search.order !== 'DESC' ? 'DESC' : 'ASC';
    return (
      <Th key={h.id} aria-sort={sorted}>
        <button
          type="button"
          className="font-semibold underline-offset-2 hover:underline"
          onClick={() => go({ sort: key, order })}
        >
          {content}
          <span aria-hidden="true">{sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ''}</span>
        </button>
      </Th>
    );
  };

  const { create } = props;
  return (
    <>
      <PageHeader
        title={props.title}
        actions={
          <>
            {props.actions}
            {create && can(create.permission) && (
              <Button asChild>
                <Link to={create.to}>{create.label}</Link>
              </Button>
            )}
          </>
        }
      />
      {props.nav}
      {props.subheading && <h2 className="text-lg font-semibold">{props.subheading}</h2>}
      {props.search && <SearchField value={search.q ?? ''} onSearch={(q) => go({ q: q || undefined })} />}
      {props.filters}
      {props.bulk && <BulkBar spec={props.bulk} state={bulk} />}
      <QueryTable
        table={table}
        caption={props.caption}
        query={props.query}
        empty={props.empty}
        onPage={(page) => void go({ page })}
        renderHeader={props.sortable ? header : undefined}
      />
      {props.children}
    </>
  );
}

function selectColumn<T>(spec: BulkSpec<T>): ColumnDef<T> {
  return {
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label={spec.allLabel}
        checked={table.getIsAllRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${spec.rowLabel(row.original)}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}

/** Selected rows (cleared when the page, search or sort changes) and the running action's outcome. */
function useBulk<T>(spec: BulkSpec<T> | undefined, resetOn: unknown[]) {
  const can = useCan();
  const client = useQueryClient();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [notice, setNotice] = useState<string>();
  const resetKey = JSON.stringify(resetOn);
  // A new page or search starts with nothing selected.
  useEffect(() => setSelection({}), [resetKey]);
  const allowed = spec?.actions.filter((a) => can(a.permission)) ?? [];
  const ids = Object.keys(selection).filter((id) => selection[id]);

  async function run(action: BulkAction) {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    const failures = await forEachId(ids, action.run);
    setBusy(false);
    await invalidate(client, spec?.invalidates ?? []);
    setSelection({});
    if (failures.length) setError(failures[0].error);
    setNotice(bulkSummary(action.label, ids.length, failures.length));
  }
  return { enabled: allowed.length > 0, allowed, selection, setSelection, ids, busy, error, notice, run };
}

function BulkBar<T>({ state }: { spec: BulkSpec<T>; state: ReturnType<typeof useBulk<T>> }) {
  return (
    <>
      {state.ids.length > 0 && (
        <div
          role="group"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 rounded-md bg-slate-100 p-2"
        >
          <span className="text-sm">{state.ids.length} selected</span>
          {state.allowed.map((action) =>
            action.confirm ? (
              <ConfirmDialog
                key={action.label}
                trigger={
                  <Button variant="danger" disabled={state.busy}>
                    {action.label}
                  </Button>
                }
                title={action.confirm.title(state.ids.length)}
                description={action.confirm.description}
                confirmLabel={action.label}
                onConfirm={() => void state.run(action)}
              />
            ) : (
              <Button key={action.label} variant="outline" disabled={state.busy} onClick={() => state.run(action)}>
                {action.label}
              </Button>
            ),
          )}
        </div>
      )}
      <div aria-live="polite" className="text-sm">
        {state.notice}
      </div>
      <ActionError error={state.error} />
    </>
  );
}

/**
 * A server-paged table on its own (a list inside a detail screen, such as a warehouse's stock), or its error with
 * a retry. Paging goes to the URL's `page` unless `onPage` says otherwise.
 */
export function PagedTable<T>(props: {
  caption: string;
  columns: ColumnDef<T>[];
  query: ListQuery<T>;
  empty: string;
  getRowId: (row: T) => string;
  onPage?: (page: number) => void;
}) {
  const go = useListNavigate();
  const table = useReactTable({
    data: props.query.data?.items ?? [],
    columns: props.columns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  });
  return (
    <QueryTable
      table={table}
      caption={props.caption}
      query={props.query}
      empty={props.empty}
      onPage={props.onPage ?? ((page) => void go({ page }))}
    />
  );
}

/** A list the screen already holds whole (an order's lines, a delivery's attempts): no paging, no loading. */
export function ItemsTable<T>(props: {
  caption: string;
  columns: ColumnDef<T>[];
  items: T[];
  empty: string;
  getRowId: (row: T) => string;
}) {
  const query = { data: { items: props.items }, isFetching: false, isPending: false, isError: false, error: null };
  return <PagedTable {...props} query={{ ...query, refetch: () => undefined }} />;
}

/** The table of a list query's page, or its error with a retry. */
function QueryTable<T>(props: {
  table: ReturnType<typeof useReactTable<T>>;
  caption: string;
  query: ListQuery<T>;
  empty: string;
  onPage: (page: number) => void;
  renderHeader?: (header: Header<T, unknown>) => ReactNode;
}) {
  const { query } = props;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  return (
    <DataTable
      table={props.table}
      caption={props.caption}
      busy={query.isFetching}
      pending={query.isPending}
      empty={query.data ? props.empty : null}
      meta={query.data?.meta}
      onPage={props.onPage}
      renderHeader={props.renderHeader}
    />
  );
}
