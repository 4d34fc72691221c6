import { Link, type LinkProps } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';

/**
 * Column declarations for list pages. A column is TanStack Table's `ColumnDef`: these helpers write the common
 * ones (the row's link to its detail, plain text, active/inactive); a custom column is any other `ColumnDef`.
 */

/** The column that names the row and links to its detail screen. */
export function linkColumn<T>(
  header: string,
  text: (row: T) => string,
  link: (row: T) => { to: LinkProps['to']; params: Record<string, string>; search?: Record<string, unknown> },
): ColumnDef<T> {
  return {
    id: 'name',
    header,
    cell: ({ row }) => {
      const { to, params, search } = link(row.original);
      return (
        <Link to={to} params={params as never} search={search as never} className="font-medium text-blue-800 underline">
          {text(row.original)}
        </Link>
      );
    },
  };
}

/** A column of text (or anything drawn) from the row. */
export const textColumn = <T,>(id: string, header: string, cell: (row: T) => ReactNode): ColumnDef<T> => ({
  id,
  header,
  cell: ({ row }) => cell(row.original),
});

/** "Active" / "Inactive". */
export const statusColumn = <T extends { active: boolean }>(): ColumnDef<T> =>
  textColumn('status', 'Status', (row) => (row.active ? 'Active' : 'Inactive'));
