import { useQuery } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { type FormEvent, useEffect, useMemo, useState } from 'react';

import { gql } from '../../api/client';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import {
  AdminAutomationDeliveriesDocument,
  type AdminAutomationDeliveriesQuery,
  AdminAutomationDeliveryDocument,
  AdminAutomationReplayDocument,
  AdminPluginsDocument,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { linkColumn, textColumn } from '../../resource/columns';
import { PageHeader } from '../../resource/detail-frame';
import { ChoiceFilter } from '../../resource/fields';
import { keys } from '../../resource/keys';
import { ListPage, useListNavigate, useListSearch } from '../../resource/list-page';
import { defineResource, useSaveMutation } from '../../resource/resource';
import type { DELIVERY_STATUSES } from './automation-search';
import { type DeliveriesSearch } from './automation-search';
import { SettingsNav } from './nav';

/** The delivery log: pages filtered by status and event, one delivery with its attempts. */
export const deliveries = defineResource({
  keys: keys.automationDeliveries,
  list: AdminAutomationDeliveriesDocument,
  detail: AdminAutomationDeliveryDocument,
});
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
      <PageHeader title="Automation deliveries" />
      <SettingsNav />
      <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
        {state === 'failed'
          ? 'The automation plugin failed to start; Settings › Plugins says why.'
          : 'The automation plugin is not enabled. Set plugins.automation in the service’s configuration to forward events to your webhook.'}
      </p>
    </>
  );
}

/** Replays deliveries (the chosen ones, or every failed one): they become due again at once. */
export function useReplay() {
  return useSaveMutation({
    mutationFn: (args: { ids: string[] } | { status: 'DEAD' }) =>
      gql(AdminAutomationReplayDocument, args).then((r) => r.automationReplay),
    invalidates: [keys.automationDeliveries.all],
  });
}

function Deliveries() {
  const search = useListSearch<DeliveriesSearch>();
  const list = deliveries.useList({ page: search.page, limit: 25, status: search.status, event: search.event });
  const replay = useReplay();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [notice, setNotice] = useState('');
  useEffect(() => setSelection({}), [search.page, search.status, search.event]);
  const selected = Object.keys(selection).filter((id) => selection[id]);

  async function run(args: { ids: string[] } | { status: 'DEAD' }) {
    setNotice('');
    const count = await replay.mutateAsync(args).catch(() => undefined);
    if (count === undefined) return;
    setNotice(`${count} ${count === 1 ? 'delivery' : 'deliveries'} queued again.`);
    setSelection({});
  }

  const columns = useMemo(
    () => [
      textColumn('select', 'Select', (d: Row) => (
        <input
          type="checkbox"
          aria-label={`Select delivery ${d.event} of ${dateTime(d.createdAt)}`}
          checked={!!selection[d.id]}
          onChange={(e) => setSelection((prev) => ({ ...prev, [d.id]: e.target.checked }))}
        />
      )),
      linkColumn(
        'Event',
        (d: Row) => d.event,
        (d) => ({ to: '/settings/automation/$deliveryId', params: { deliveryId: d.id } }),
      ),
      textColumn('status', 'Status', (d: Row) => STATUS_LABELS[d.status]),
      textColumn('attempts', 'Attempts', (d: Row) => d.attemptCount),
      textColumn('last', 'Last answer', (d: Row) => d.lastStatusCode ?? d.lastError ?? '—'),
      textColumn('created', 'Created', (d: Row) => dateTime(d.createdAt)),
    ],
    [selection],
  );

  return (
    <ListPage
      title="Automation deliveries"
      nav={<SettingsNav />}
      filters={
        <>
          <DeliveryFilters />
          <div role="group" aria-label="Replay" className="flex flex-wrap items-center gap-2">
            <Button
              variant="outline"
              disabled={replay.isPending || selected.length === 0}
              onClick={() => run({ ids: selected })}
            >
              Replay selected{selected.length ? ` (${selected.length})` : ''}
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={replay.isPending}>
                  Replay all failed
                </Button>
              }
              title="Replay every failed delivery?"
              description="Every failed delivery is sent again now, with its original event id."
              confirmLabel="Replay"
              onConfirm={() => void run({ status: 'DEAD' })}
            />
          </div>
          <div aria-live="polite" className="text-sm">
            {notice}
          </div>
          <ActionError error={replay.error} />
        </>
      }
      caption="Automation deliveries"
      columns={columns}
      query={list}
      empty="No deliveries match."
    />
  );
}

/** Status (applied at once) and event (applied with Filter); both held in the URL. */
function DeliveryFilters() {
  const search = useListSearch<DeliveriesSearch>();
  const go = useListNavigate<DeliveriesSearch>();
  const [event, setEvent] = useState(search.event ?? '');
  useEffect(() => setEvent(search.event ?? ''), [search.event]);
  function filter(e: FormEvent) {
    e.preventDefault();
    void go({ event: event.trim() || undefined });
  }
  return (
    <form
      role="search"
      aria-label="Filter deliveries"
      onSubmit={filter}
      className="grid max-w-3xl grid-cols-1 items-end gap-3 md:grid-cols-3"
    >
      <ChoiceFilter
        label="Status"
        all="All statuses"
        value={search.status}
        labels={STATUS_LABELS}
        onChange={(status) => void go({ status })}
      />
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
  );
}
