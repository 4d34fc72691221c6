import { flexRender, type Header, type Table as TableModel } from '@tanstack/react-table';
import type { ReactNode } from 'react';

import { Pager } from './pager';
import { Button } from './ui/button';
import { Table, Td, Th } from './ui/table';

interface DataTableProps<T> {
  table: TableModel<T>;
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  /** A page is being fetched (the rows shown are the previous page's). */
  busy: boolean;
  /** Nothing has arrived yet: a loading row. */
  pending: boolean;
  /** What an empty page says; null while nothing has arrived. */
  empty: string | null;
  /** The server's page of the list, once it arrived: the pager. */
  meta?: { page: number; pages: number; total: number };
  onPage: (page: number) => void;
  /** A header cell of its own (a sortable column's button and `aria-sort`); default: the column's header. */
  renderHeader?: (header: Header<T, unknown>) => ReactNode;
}

/**
 * A server-side paged list as every list screen shows it: a real table with column headers, one row per item,
 * a row saying the page is still loading, and the pager below; an empty list is a sentence instead.
 */
export function DataTable<T>({ table, caption, busy, pending, empty, meta, onPage, renderHeader }: DataTableProps<T>) {
  const width = table.getAllLeafColumns().length;
  // An empty answer is a sentence, not an empty table with "0 results · page 0 of 0" and dead paging buttons;
  // past the last page (a shared link after deletions) it offers the first page.
  if (empty !== null && !pending && table.getRowModel().rows.length === 0)
    return (
      <div
        data-list-state="empty"
        aria-busy={busy}
        className="space-y-2 rounded-md border border-slate-200 bg-white p-4"
      >
        <p className="text-sm">{empty}</p>
        {meta && meta.page > 1 && (
          <Button variant="outline" onClick={() => onPage(1)}>
            Go to the first page
          </Button>
        )}
      </div>
    );
  return (
    <>
      <Table aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) =>
                renderHeader ? (
                  renderHeader(header)
                ) : (
                  <Th key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</Th>
                ),
              )}
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
          {pending && (
            <tr>
              <Td colSpan={width}>Loading…</Td>
            </tr>
          )}
        </tbody>
      </Table>
      {meta && <Pager page={meta.page} pages={meta.pages} total={meta.total} onPage={onPage} />}
    </>
  );
}
