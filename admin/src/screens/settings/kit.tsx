import { zodResolver } from '@hookform/resolvers/zod';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { type ReactNode, useId, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';

import { ApiError, describeError } from '../../api/errors';
import { DataTable } from '../../components/data-table';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../components/ui/field';
import type { z } from '../../lib/zod';
import { SettingsNav } from './nav';

/**
 * What the operations and settings screens share: a form over a list of labelled fields whose server errors land
 * next to the field the service's `field` path names, a delete button behind a confirmation, a labelled select,
 * and a server-paged table. The screens differ in their fields and operations, not in how these behave.
 */

/** `allow_negative_stock`, `input.allowNegativeStock`, `translations.0.name` → the form's field name. */
export function fieldOfPath(path: string | undefined): string | undefined {
  const last = path
    ?.split(/[.[\]]/)
    .filter((s) => s && !/^\d+$/.test(s))
    .pop();
  return last?.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

export interface FieldSpec<V> {
  name: Path<V>;
  label: string;
  kind?: 'text' | 'number' | 'checkbox' | 'select' | 'datetime' | 'password' | 'email';
  options?: ReadonlyArray<{ value: string; label: string }>;
  hint?: ReactNode;
  /** The service's names for this field when they are not the form's (e.g. `price_gross` for "Price"). */
  serverNames?: string[];
}

interface EntityFormProps<V extends FieldValues> {
  schema: z.ZodType<V>;
  initial: V;
  fields: FieldSpec<V>[];
  readOnly: boolean;
  /** Saves, or throws the service's error (its field errors are placed next to the fields). */
  onSave: (values: V) => Promise<void>;
}

/** A form of labelled fields, field errors next to the fields, the rest above **Save**; no Save when read-only. */
export function EntityForm<V extends FieldValues>({ schema, initial, fields, readOnly, onSave }: EntityFormProps<V>) {
  const form = useForm<V>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V>,
    defaultValues: initial as DefaultValues<V>,
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const idBase = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    setSaved(false);
    try {
      await onSave(values);
      setSaved(true);
      form.reset(values);
    } catch (error) {
      if (!(error instanceof ApiError) || error.kind !== 'api') return setFailure(error);
      let unclaimed = error.entries.length === 0;
      for (const entry of error.entries) {
        const name = fieldOfPath(entry.field);
        const spec = fields.find((f) => f.name === name || (name && f.serverNames?.includes(name)));
        if (spec)
          form.setError(
            spec.name,
            { type: entry.code, message: `${entry.detail} (${entry.code})` },
            { shouldFocus: true },
          );
        else unclaimed = true;
      }
      if (unclaimed) setFailure(error);
    }
  });

  const message = (name: string): string | undefined => {
    const e = (errors as Record<string, { message?: unknown } | undefined>)[name];
    return typeof e?.message === 'string' ? e.message : undefined;
  };

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
      <fieldset disabled={readOnly || isSubmitting} className="space-y-4">
        {fields.map((f) => {
          const id = `${idBase}-${f.name}`;
          const error = message(f.name);
          if (f.kind === 'checkbox')
            return (
              <div key={f.name} className="flex items-center gap-2">
                <input id={id} type="checkbox" {...form.register(f.name)} />
                <label htmlFor={id} className="text-sm">
                  {f.label}
                </label>
              </div>
            );
          if (f.kind === 'select')
            return (
              <SelectField key={f.name} id={id} label={f.label} error={error} {...form.register(f.name)}>
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </SelectField>
            );
          return (
            <Field
              key={f.name}
              id={id}
              label={f.label}
              error={error}
              hint={f.hint}
              type={f.kind === 'datetime' ? 'datetime-local' : f.kind === 'number' ? 'text' : (f.kind ?? 'text')}
              inputMode={f.kind === 'number' ? 'decimal' : undefined}
              autoComplete={f.kind === 'password' ? 'new-password' : undefined}
              {...form.register(f.name)}
            />
          );
        })}
      </fieldset>
      {failure !== undefined && (
        <p role="alert" className="text-sm text-red-700">
          {describeError(failure)}
        </p>
      )}
      <div aria-live="polite" className="text-sm text-green-800">
        {saved ? 'Saved.' : ''}
      </div>
      {!readOnly && (
        <Button type="submit" disabled={isSubmitting}>
          Save
        </Button>
      )}
    </form>
  );
}

type SelectProps = React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  ref?: React.Ref<HTMLSelectElement>;
};

/** A labelled `<select>` with its error next to it. */
export function SelectField({ label, error, id, children, ref, ...props }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className="space-y-1">
      <label htmlFor={selectId} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={selectId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={inputClass}
        {...props}
      >
        {children}
      </select>
      {error && (
        <p id={`${selectId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** **Delete** (or `label`) behind a confirmation dialog (focus trapped, returned to the button). */
export function DeleteButton({
  what,
  description,
  onConfirm,
  label = 'Delete',
}: {
  what: string;
  description: string;
  onConfirm: () => void;
  /** The action's name on the button, the dialog's title and its confirm button (e.g. **Revoke**). */
  label?: string;
}) {
  return (
    <ConfirmDialog
      trigger={<Button variant="danger">{label}</Button>}
      title={`${label} ${what}?`}
      description={description}
      confirmLabel={label}
      onConfirm={onConfirm}
    />
  );
}

interface PagedTableProps<T> {
  caption: string;
  columns: ColumnDef<T>[];
  query: {
    data?: { items: T[]; meta: { page: number; pages: number; total: number } };
    isFetching: boolean;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  empty: string;
  onPage: (page: number) => void;
  getRowId: (row: T) => string;
}

/** A server-paged list as a real table (the DataTable), or its error with a retry. */
export function PagedTable<T>({ caption, columns, query, empty, onPage, getRowId }: PagedTableProps<T>) {
  const table = useReactTable({
    data: query.data?.items ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  return (
    <DataTable
      table={table}
      caption={caption}
      busy={query.isFetching}
      pending={query.isPending}
      empty={query.data ? empty : null}
      meta={query.data?.meta}
      onPage={onPage}
    />
  );
}

/** Whole units typed by a person ("19.90", "19,9") ↔ the API's minor units; empty → null. */
export const toMinor = (text: string): number | null =>
  text.trim() === '' ? null : Math.round(Number(text.trim().replace(',', '.')) * 100);
export const fromMinor = (minor: number | null | undefined): string =>
  minor === null || minor === undefined ? '' : (minor / 100).toFixed(2);

/** A `datetime-local` value (the browser's local time) ↔ an ISO instant; empty → null. */
export const toInstant = (local: string): string | null => (local ? new Date(local).toISOString() : null);
export const fromInstant = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * The frame of a settings entity's screen (a shipping method, a payment method, a tax rule): the link back to its
 * list, the heading, the settings navigation, then the screen's own content. A detail screen passes `remove`: a
 * Delete behind a confirmation, whose failure is shown as an alert above the content.
 */
export function SettingsEntityFrame(props: {
  back: ReactNode;
  title: string;
  remove?: { what: string; description: string; run: () => Promise<void> };
  children: ReactNode;
}) {
  const [error, setError] = useState<unknown>();
  const { remove } = props;
  async function confirmRemove() {
    setError(undefined);
    try {
      await remove?.run();
    } catch (e) {
      setError(e);
    }
  }
  return (
    <>
      {props.back}
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{props.title}</h1>
        {remove && <DeleteButton what={remove.what} description={remove.description} onConfirm={confirmRemove} />}
      </div>
      <SettingsNav />
      <ActionError error={error} />
      {props.children}
    </>
  );
}
