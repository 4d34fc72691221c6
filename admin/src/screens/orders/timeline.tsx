import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import {
  type ActorKind,
  AdminOrderNoteCreateDocument,
  AdminOrderTimelineDocument,
  type AdminOrderTimelineQuery,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { money } from '../../lib/money';
import { useSaveMutation } from '../../resource/resource';
import { orderTimelineKey } from './refund-dialog';

type Entry = AdminOrderTimelineQuery['orderTimeline'][number];

/** Who did it, as a person reads it: the staff member's email, "customer …", "API key …", "System". */
function who(actor: { kind: ActorKind; label: string } | null): string {
  if (!actor) return 'Not recorded';
  if (actor.kind === 'API_KEY') return `API key “${actor.label}”`;
  if (actor.kind === 'CUSTOMER') return `Customer ${actor.label}`;
  if (actor.kind === 'SYSTEM') return actor.label ? `System (${actor.label})` : 'System';
  return actor.label;
}

/** The service's one-line summary, with what it leaves to the details: a note's text, a comment, an amount. */
function summary(entry: Entry): string {
  const d = entry.details;
  if (entry.kind === 'NOTE' && d.text) return `Note: ${d.text}`;
  const extra = [
    d.amount !== null && d.amount !== undefined && d.currency ? money(d.amount, d.currency) : '',
    d.reason ? `“${d.reason}”` : '',
    d.comment ? `“${d.comment}”` : '',
  ].filter(Boolean);
  return extra.length ? `${entry.summary} · ${extra.join(' · ')}` : entry.summary;
}

/**
 * The order's **Timeline** region: everything that happened (status changes, payments, shipments, returns,
 * refunds, emails, notes), oldest first, each with its time and who did it. With `orders.update` a **Note** field
 * and **Add note** add an internal note (never shown to the customer), which appears at once: the timeline is
 * read again when the note is saved.
 */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const can = useCan();
  const headingId = useId();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const query = useQuery({
    queryKey: orderTimelineKey(orderId),
    queryFn: () => gql(AdminOrderTimelineDocument, { orderId }),
  });
  const add = useSaveMutation({
    mutationFn: (text: string) => gql(AdminOrderNoteCreateDocument, { orderId, input: { text } }),
    invalidates: [orderTimelineKey(orderId)],
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const text = note.trim();
    if (!text) return setProblem('Write the note first.');
    setProblem(undefined);
    try {
      await add.mutateAsync(text);
      setNote('');
    } catch {
      // Said under the field (ActionError); the text stays for another try.
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-lg font-semibold">
        Timeline
      </h2>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : !query.data ? (
        <p>Loading…</p>
      ) : query.data.orderTimeline.length === 0 ? (
        <p className="text-sm">Nothing recorded yet.</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {query.data.orderTimeline.map((entry) => (
            <li key={entry.id} className="border-l-2 border-slate-300 pl-3">
              <time dateTime={entry.at} className="text-slate-700">
                {dateTime(entry.at)}
              </time>{' '}
              · <span>{who(entry.actor)}</span> · <span className="whitespace-pre-line">{summary(entry)}</span>
            </li>
          ))}
        </ol>
      )}
      {can('orders.update') && (
        <form onSubmit={submit} noValidate className="max-w-xl space-y-2">
          <div className="space-y-1">
            <label htmlFor={noteId} className="block text-sm font-medium">
              Note
            </label>
            <textarea
              id={noteId}
              rows={2}
              maxLength={2000}
              className={inputClass}
              value={note}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${noteId}-error` : `${noteId}-hint`}
              onChange={(e) => setNote(e.target.value)}
            />
            <p id={`${noteId}-hint`} className="text-xs text-slate-600">
              Internal: staff see it here; the customer never does.
            </p>
            {problem && (
              <p id={`${noteId}-error`} className="text-sm text-red-700">
                {problem}
              </p>
            )}
          </div>
          <ActionError error={add.error} />
          <Button type="submit" disabled={add.isPending}>
            Add note
          </Button>
        </form>
      )}
    </section>
  );
}
