import type { UseQueryResult } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';

import { useCan } from '../api/session';
import { ActionError, ErrorState } from '../components/error-state';
import { Refusal } from '../components/refusal';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';

/**
 * The frame of every detail and new-item screen (Vendure's detail page, without the toolbar): a link back to
 * the list, the heading with its actions (Delete behind a confirmation), the area's navigation, a refusal when
 * the person may not do what the screen is for, then the screen's own content (the form, then any parts with
 * their own saves: stock levels, media, variants).
 */

/** The `h1` of a screen and its actions; wraps on a narrow screen. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="min-w-0 break-words text-2xl font-semibold">{title}</h1>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** Back to the list (its first page). */
export interface BackLink {
  label: string;
  to: LinkProps['to'];
  search?: Record<string, unknown>;
}

export interface DetailFrameProps {
  back: BackLink;
  title: string;
  nav?: ReactNode;
  actions?: ReactNode;
  /** Delete, shown with its permission, behind a confirmation; a failure is said above the content. */
  remove?: { permission: string; what: string; description: string; run: () => Promise<unknown> };
  /** Without this permission the screen says so (the form below shows read-only). */
  requires?: { permission: string; action: string };
  children: ReactNode;
}

export function DetailFrame(props: DetailFrameProps) {
  const can = useCan();
  const [error, setError] = useState<unknown>();
  const { remove, requires } = props;
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
      <p>
        <Link
          to={props.back.to}
          search={(props.back.search ?? { page: 1 }) as never}
          className="text-sm text-blue-800 underline"
        >
          {props.back.label}
        </Link>
      </p>
      <PageHeader
        title={props.title}
        actions={
          (props.actions || (remove && can(remove.permission))) && (
            <>
              {props.actions}
              {remove && can(remove.permission) && (
                <DeleteButton what={remove.what} description={remove.description} onConfirm={confirmRemove} />
              )}
            </>
          )
        }
      />
      {props.nav}
      {requires && !can(requires.permission) && <Refusal action={requires.action} />}
      <ActionError error={error} />
      {props.children}
    </>
  );
}

/** Its content once the query has data; its error with a retry; "Loading…" until then. */
export function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (query.data === undefined) return <p>Loading…</p>;
  return <>{children(query.data)}</>;
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
