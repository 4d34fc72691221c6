import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type ColumnDef, type RowSelectionState } from '@tanstack/react-table';
import { type FormEvent, useEffect, useMemo, useState } from 'react';

import { gql } from '../../api/client';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import {
  AdminAutomationDeliveriesDocument,
  type AdminAutomationDeliveriesQuery,
  AdminAutomationReplayDocument,
  AdminPluginsDocument,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { SelectField } from '../../resource/fields';
import { keys } from '../../resource/keys';
import { PagedTable } from '../../resource/list-page';
import { type DeliveriesSearch, DELIVERY_STATUSES } from './automation-search';
import { SettingsNav } from './nav';

const route = getRouteApi('/_app/settings/automation');
const PAGE_SIZE = 25;
type Row = AdminAutomationDeliveriesQuery['automationDeliveries']['items'][number];

export const STATUS_LABELS: Record<(typeof DELIVERY_STATUSES)[number], string> = {
  PENDING: 'Pending',
  DELIVERED: 'Delivered',
  DEAD: 'Failed',
};

/**
 * The automation plugin's webhook deliveries, newest first, filtered by status and event on the server (the URL
 * holds the filters). Selected deliveries, or every failed one, can be replayed: they become due again at once
 * with the same event id. Needs `plugins.manage` (the settings navigation offers it only then).
 */
/**
 * With the automation plugin off (or failed), its API answers 503: the screen says the plugin is not enabled and
 * how to enable it, rather than "the service is unavailable".
 */
export function AutomationScreen() {
  const plugins = useQuery({ queryKey: keys.plugins.all, queryFn: () => gql(AdminPluginsDocument) });
  if (plugins.isError) return <ErrorState error={plugins.error} onRetry={() => plugins.refetch()} />;
  if (!plugins.data) return <p>Loading…</p>;
  const state = plugins.data.plugins.find((p) => p.name === 'automation')?.state;
  if (state === 'active') return <Deliveries />;
  return (
    <>
      <h1 className="text-2xl font-semibold">Automation deliveries</h1>
      <SettingsNav />
      <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
        {state === 'failed'
          ? 'The automation plugin failed to start; Settings › Plugins says why.'
          : 'The automation plugin is not enabled. Set plugins.automation in the service’s configuration to forward events to your webhook.'}
      </p>
    </>
  );
}

function Deliveries() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const [event, setEvent] = useState(search.event ?? '');
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [notice, setNotice] = useState('');
  const [replayError, setReplayError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setEvent(search.event ?? ''), [search.event]);
  useEffect(() => setSelection({}), [search.page, search.status, search.event]);

  const variables = { page: search.page, limit: PAGE_SIZE, status: search.status, event: search.event };
  const list = useQuery({
    queryKey: ['automation-deliveries', variables],
    queryFn: () => gql(AdminAutomationDeliveriesDocument, variables),
    placeholderData: keepPreviousData,
  });
  const selected = Object.keys(selection).filter((id) => selection[id]);

  async function replay(args: { ids: string[] } | { status: 'DEAD' }) {
    setBusy(true);
    setNotice('');
    setReplayError(undefined);
    try {
      const { automationReplay } = await gql(AdminAutomationReplayDocument, args);
      setNotice(`${automationReplay} ${automationReplay === 1 ? 'delivery' : 'deliveries'} queued again.`);
      setSelection({});
      await queryClient.invalidateQueries({ queryKey: ['automation-deliveries'] });
      await queryClient.invalidateQueries({ queryKey: ['automation-delivery'] });
    } catch (error) {
      setReplayError(error);
    } finally {
      setBusy(false);
    }
  }

  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      {
        id: 'select',
        header: 'Select',
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`Select delivery ${row.original.event} of ${dateTime(row.original.createdAt)}`}
            checked={!!selection[row.original.id]}
            onChange={(e) => setSelection((prev) => ({ ...prev, [row.original.id]: e.target.checked }))}
          />
        ),
      },
      {
        id: 'event',
        header: 'Event',
        cell: ({ row }) => (
          <Link
            to="/settings/automation/$deliveryId"
            params={{ deliveryId: row.original.id }}
            className="font-medium text-blue-800 underline"
          >
            {row.original.event}
          </Link>
        ),
      },
      { id: 'status', header: 'Status', cell: ({ row }) => STATUS_LABELS[row.original.status] },
      { id: 'attempts', header: 'Attempts', cell: ({ row }) => row.original.attemptCount },
      {
        id: 'last',
        header: 'Last answer',
        cell: ({ row }) => row.original.lastStatusCode ?? row.original.lastError ?? '—',
      },
      { id: 'created', header: 'Created', cell: ({ row }) => dateTime(row.original.createdAt) },
    ],
    [selection],
  );

  function filter(e: FormEvent) {
    e.preventDefault();
    void navigate({ search: (prev) => ({ ...prev, event: event.trim() || undefined, page: 1 }) });
  }

  return (
    <>
      <h1 className="text-2xl font-semibold">Automation deliveries</h1>
      <SettingsNav />
      <form
        role="search"
        aria-label="Filter deliveries"
        onSubmit={filter}
        className="grid max-w-3xl grid-cols-1 items-end gap-3 md:grid-cols-3"
      >
        <SelectField
          label="Status"
          value={search.status ?? ''}
          onChange={(e) =>
            navigate({
              search: (prev) => ({
                ...prev,
                status: (e.target.value || undefined) as DeliveriesSearch['status'],
                page: 1,
              }),
            })
          }
        >
          <option value="">All statuses</option>
          {DELIVERY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Event"
          type="search"
          placeholder="product.after_create"
          value={event}
          onChange={(e) => setEvent(e.target.value)}
        />
        <div>
          <Button type="submit">Filter</Button>
        </div>
      </form>
      <div role="group" aria-label="Replay" className="flex flex-wrap items-center gap-2">
        <Button variant="outline" disabled={busy || selected.length === 0} onClick={() => replay({ ids: selected })}>
          Replay selected{selected.length ? ` (${selected.length})` : ''}
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="outline" disabled={busy}>
              Replay all failed
            </Button>
          }
          title="Replay every failed delivery?"
          description="Every failed delivery is sent again now, with its original event id."
          confirmLabel="Replay"
          onConfirm={() => replay({ status: 'DEAD' })}
        />
      </div>
      <div aria-live="polite" className="text-sm">
        {notice}
      </div>
      <ActionError error={replayError} />
      <PagedTable
        caption="Automation deliveries"
        columns={columns}
        query={{ ...list, data: list.data?.automationDeliveries }}
        empty="No deliveries match."
        getRowId={(row) => row.id}
        onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
      />
    </>
  );
}
