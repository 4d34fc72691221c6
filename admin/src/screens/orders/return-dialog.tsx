import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

import { gql } from '../../api/client';
import { ApiError } from '../../api/errors';
import { ActionError } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { AdminReturnCreateDocument, type ReturnCreateInput } from '../../generated/graphql';
import { keys } from '../../resource/keys';
import { invalidate, useSaveMutation } from '../../resource/resource';
import { FormDialog } from './dialog';
import { lineLabel } from './fulfilment-lines';

/** A line as the dialog offers it: `returnable` is shipped units not already in a return that is not rejected. */
export interface ReturnableLine {
  id: string;
  name: string;
  variantName: string | null;
  returnable: number;
}

/** A return's reason and comment: the service's bounds (ReturnCreateInput), so the form says it before it does. */
const REASON_MAX = 1000;
const COMMENT_MAX = 2000;

/**
 * The **Open return** dialog (a customer on the phone): one quantity field per line with units to return (default
 * 0), the reason the customer gives (kept on each returned line) and an optional comment; **Open return** sends
 * it through `returnCreate` and the return starts requested. The service is the judge of what may come back: when
 * units went into another return meanwhile it answers `over_return`, said here in a sentence, and the order's
 * returns are read again so each hint shows what is left now.
 */
export function ReturnDialog({
  orderId,
  orderNumber,
  lines,
  onClose,
}: {
  orderId: string;
  orderNumber: string;
  lines: readonly ReturnableLine[];
  onClose: () => void;
}) {
  // The lines as they stood when the dialog opened: one returned meanwhile keeps its field (its hint says 0).
  const [offered] = useState(() => lines.filter((l) => l.returnable > 0));
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(offered.map((l) => [l.id, '0'])),
  );
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const client = useQueryClient();
  const create = useSaveMutation({
    mutationFn: (input: ReturnCreateInput) => gql(AdminReturnCreateDocument, { orderId, input }),
    // The order (its returns, timeline) and the Returns list and Home count all live under the orders' key.
    invalidates: [keys.orders.all],
  });
  const live = new Map(lines.map((l) => [l.id, l.returnable]));

  function validate() {
    const found: Record<string, string> = {};
    const items: ReturnCreateInput['items'] = [];
    const why = reason.trim();
    for (const line of offered) {
      const text = (quantities[line.id] ?? '').trim();
      const n = Number(text);
      const left = live.get(line.id) ?? 0;
      if (!/^\d+$/.test(text)) found[line.id] = 'Enter a whole number.';
      else if (n > left) found[line.id] = `At most ${left}.`;
      else if (n > 0) items.push({ orderItemId: line.id, quantity: n, reason: why || undefined });
    }
    if (!why) found.reason = 'Enter the reason the customer gives.';
    if (!Object.keys(found).length && !items.length) found.form = 'Enter at least one unit to return.';
    return { found, items };
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { found, items } = validate();
    setProblems(found);
    if (Object.keys(found).length) return;
    try {
      await create.mutateAsync({ items, comment: comment.trim() || undefined });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'over_return') await invalidate(client, [keys.orders.all]);
    }
  }

  const failure = create.error;
  const overReturned = failure instanceof ApiError && failure.code === 'over_return';
  return (
    <FormDialog title={`Open a return for order ${orderNumber}`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset className="space-y-3" disabled={create.isPending}>
          <legend className="text-sm font-medium">Units to return</legend>
          {offered.map((line) => (
            <Field
              key={line.id}
              label={lineLabel(line)}
              inputMode="numeric"
              value={quantities[line.id] ?? ''}
              onChange={(e) => setQuantities((q) => ({ ...q, [line.id]: e.target.value }))}
              hint={`${live.get(line.id) ?? 0} shipped unit(s) may be returned`}
              error={problems[line.id]}
            />
          ))}
        </fieldset>
        <fieldset className="space-y-3" disabled={create.isPending}>
          <Field
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            hint="What the customer says, such as “too small”."
            error={problems.reason}
            maxLength={REASON_MAX}
          />
          <Field
            label="Comment (optional)"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={COMMENT_MAX}
          />
        </fieldset>
        {problems.form && (
          <p role="alert" className="text-sm text-red-700">
            {problems.form}
          </p>
        )}
        {overReturned ? (
          <p role="alert" className="text-sm text-red-700">
            Some of these units are already in a return (one was opened meanwhile). What may still be returned is shown
            under each line: change the quantities and try again.
          </p>
        ) : (
          <ActionError error={failure} />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Open return
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
