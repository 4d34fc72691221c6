import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';

import { gql } from '../../api/client';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { Table, Td, Th } from '../../components/ui/table';
import { AdminAutomationDeliveryDocument, AdminAutomationReplayDocument } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { STATUS_LABELS } from './automation';
import { SettingsNav } from './nav';

const route = getRouteApi('/_app/settings/automation/$deliveryId');

/** One delivery: its payload as sent and every attempt with the receiver's answer; replay it. */
export function AutomationDeliveryScreen() {
  const { deliveryId } = route.useParams();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<unknown>();
  const query = useQuery({
    queryKey: ['automation-delivery', deliveryId],
    queryFn: () => gql(AdminAutomationDeliveryDocument, { id: deliveryId }),
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const d = query.data.automationDelivery;

  async function replay() {
    setNotice('');
    setError(undefined);
    try {
      await gql(AdminAutomationReplayDocument, { ids: [deliveryId] });
      setNotice('Queued again.');
      await queryClient.invalidateQueries({ queryKey: ['automation-delivery', deliveryId] });
      await queryClient.invalidateQueries({ queryKey: ['automation-deliveries'] });
    } catch (e) {
      setError(e);
    }
  }

  return (
    <>
      <p>
        <Link to="/settings/automation" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Automation deliveries
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">Delivery {d.event}</h1>
      <SettingsNav />
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
        <Button variant="outline" onClick={replay}>
          Replay
        </Button>
        <span aria-live="polite" className="text-sm">
          {notice}
        </span>
      </div>
      <ActionError error={error} />
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Attempts</h2>
        <Table>
          <caption className="sr-only">Attempts</caption>
          <thead>
            <tr>
              <Th>Attempt</Th>
              <Th>When</Th>
              <Th>Answer</Th>
              <Th>Duration</Th>
              <Th>Response</Th>
            </tr>
          </thead>
          <tbody>
            {d.attempts.map((a) => (
              <tr key={a.attempt}>
                <Td>{a.attempt}</Td>
                <Td>{dateTime(a.createdAt)}</Td>
                <Td>{a.statusCode ?? a.error ?? '—'}</Td>
                <Td>{a.durationMs} ms</Td>
                <Td className="max-w-md break-all font-mono text-xs">{a.responseBody ?? ''}</Td>
              </tr>
            ))}
            {d.attempts.length === 0 && (
              <tr>
                <Td colSpan={5}>No attempt yet.</Td>
              </tr>
            )}
          </tbody>
        </Table>
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Payload</h2>
        <pre className="max-h-96 overflow-auto rounded-md bg-slate-100 p-3 text-xs" tabIndex={0}>
          {JSON.stringify(d.payload, null, 2)}
        </pre>
      </section>
    </>
  );
}
