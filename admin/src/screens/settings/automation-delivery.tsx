import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';

import { ActionError } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import type { AdminAutomationDeliveryQuery } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { textColumn } from '../../resource/columns';
import { DetailFrame, Loaded } from '../../resource/detail-frame';
import { ItemsTable } from '../../resource/list-page';
import { deliveries, STATUS_LABELS, useReplay } from './automation';
import { SettingsNav } from './nav';

const route = getRouteApi('/_app/settings/automation/$deliveryId');
type Attempt = AdminAutomationDeliveryQuery['automationDelivery']['attempts'][number];

const attemptColumns = [
  textColumn('attempt', 'Attempt', (a: Attempt) => a.attempt),
  textColumn('when', 'When', (a: Attempt) => dateTime(a.createdAt)),
  textColumn('answer', 'Answer', (a: Attempt) => a.statusCode ?? a.error ?? '—'),
  textColumn('duration', 'Duration', (a: Attempt) => `${a.durationMs} ms`),
  textColumn('response', 'Response', (a: Attempt) => (
    <span className="block max-w-md break-all font-mono text-xs">{a.responseBody ?? ''}</span>
  )),
];

/** One delivery: its payload as sent and every attempt with the receiver's answer; replay it. */
export function AutomationDeliveryScreen() {
  const { deliveryId } = route.useParams();
  return <Loaded query={deliveries.useDetail(deliveryId)}>{(d) => <Delivery d={d} />}</Loaded>;
}

function Delivery({ d }: { d: AdminAutomationDeliveryQuery['automationDelivery'] }) {
  const replay = useReplay();
  const [notice, setNotice] = useState('');
  async function run() {
    setNotice('');
    await replay.mutateAsync({ ids: [d.id] });
    setNotice('Queued again.');
  }
  return (
    <DetailFrame
      back={{ label: 'Automation deliveries', to: '/settings/automation' }}
      title={`Delivery ${d.event}`}
      nav={<SettingsNav />}
    >
      <dl className="grid max-w-2xl grid-cols-2 gap-2 text-sm">
        <dt className="font-medium">Status</dt>
        <dd>{STATUS_LABELS[d.status]}</dd>
        <dt className="font-medium">Event id</dt>
        <dd className="font-mono text-xs">{d.id}</dd>
        <dt className="font-medium">Created</dt>
        <dd>{dateTime(d.createdAt)}</dd>
        <dt className="font-medium">Next attempt</dt>
        <dd>{d.nextAttemptAt ? dateTime(d.nextAttemptAt) : '—'}</dd>
        <dt className="font-medium">Delivered</dt>
        <dd>{d.deliveredAt ? dateTime(d.deliveredAt) : '—'}</dd>
      </dl>
      <div className="flex items-center gap-3">
        <Button variant="outline" onClick={() => void run().catch(() => undefined)}>
          Replay
        </Button>
        <span aria-live="polite" className="text-sm">
          {notice}
        </span>
      </div>
      <ActionError error={replay.error} />
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Attempts</h2>
        <ItemsTable
          caption="Attempts"
          columns={attemptColumns}
          items={d.attempts}
          empty="No attempt yet."
          getRowId={(a) => String(a.attempt)}
        />
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Payload</h2>
        <pre className="max-h-96 overflow-auto rounded-md bg-slate-100 p-3 text-xs" tabIndex={0}>
          {JSON.stringify(d.payload, null, 2)}
        </pre>
      </section>
    </DetailFrame>
  );
}
