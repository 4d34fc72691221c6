import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';

import { gqlWithHeaders } from '../../api/client';
import { ApiError } from '../../api/errors';
import { ActionError } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { type AdminOrderRefundsQuery, AdminRefundCreateDocument } from '../../generated/graphql';
import { fromMinor, money, toMinor } from '../../lib/money';
import { keys } from '../../resource/keys';
import { invalidate, useSaveMutation } from '../../resource/resource';
import { FormDialog } from './dialog';
import { orderPaymentsKey } from './payments';

type RefundOrder = AdminOrderRefundsQuery['order'];

/**
 * The order's refunds and amounts, and its timeline: under the order's detail key, so whatever refreshes the
 * order (a status move, a shipment) refreshes them too.
 */
export const orderRefundsKey = (orderId: string) => [...keys.orders.detail(orderId), 'refunds'] as const;
export const orderTimelineKey = (orderId: string) => [...keys.orders.detail(orderId), 'timeline'] as const;

/**
 * What a refund changes: the order (a refund up to what was paid moves it to REFUNDED; its refunds, amounts and
 * timeline; the orders list shows the status) and its card payments (payprov refunds part of the captured intent).
 */
export const refundKeys = (orderId: string): readonly QueryKey[] => [keys.orders.all, orderPaymentsKey(orderId)];

/**
 * The **Refund** dialog: what was **Paid**, already **Refunded** and is **Refundable** (in the order's currency),
 * an **Amount** (the refundable amount by default) and a **Reason**; **Refund** asks for confirmation in the same
 * dialog (**Confirm**), because a refund moves money and cannot be undone. A second modal over a native `<dialog>`
 * would fight it for the top layer and focus, so the confirmation is a step of this one.
 *
 * One `Idempotency-Key` per opening of the dialog: a double click on Confirm, or a retry after a lost answer,
 * refunds once (the service replays the first answer). A refused request stores no key (its transaction rolls
 * back), so changing the amount after `refund_exceeds_paid` and trying again with the same key is allowed.
 */
export function RefundDialog({
  order,
  returnId,
  onClose,
}: {
  order: RefundOrder;
  /** A received return this refund pays for (from the return's screen): the refund moves it to REFUNDED. */
  returnId?: string;
  onClose: () => void;
}) {
  const [key] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(() => fromMinor(order.refundable));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  // The amount in cents waiting for Confirm; undefined while the form is shown.
  const [pending, setPending] = useState<number>();
  const client = useQueryClient();
  const confirmId = useId();
  const reasonId = useId();
  const create = useSaveMutation({
    mutationFn: (cents: number) =>
      gqlWithHeaders(
        AdminRefundCreateDocument,
        {
          orderId: order.id,
          input: {
            amount: cents,
            ...(reason.trim() ? { reason: reason.trim() } : {}),
            ...(returnId ? { returnId } : {}),
          },
        },
        { 'idempotency-key': key },
      ),
    invalidates: refundKeys(order.id),
  });

  // The confirmation step takes focus on its button, so Enter confirms and Tab reaches Back.
  useEffect(() => {
    if (pending !== undefined) document.getElementById(confirmId)?.focus();
  }, [pending, confirmId]);

  function ask(e: FormEvent) {
    e.preventDefault();
    const cents = toMinor(amount);
    if (cents === null || Number.isNaN(cents)) return setProblem('Enter an amount such as 12.50.');
    if (cents < 1) return setProblem(`Enter at least ${money(1, order.currency)}.`);
    if (cents > order.refundable) return setProblem(`At most ${money(order.refundable, order.currency)}.`);
    setProblem(undefined);
    create.reset();
    setPending(cents);
  }

  async function confirm() {
    if (pending === undefined || create.isPending) return;
    try {
      await create.mutateAsync(pending);
      onClose();
    } catch (error) {
      // Back to the form with the service's word; when the paid amount was refunded meanwhile (someone else,
      // another tab), read the numbers again so Refundable says what is left now.
      setPending(undefined);
      if (error instanceof ApiError && error.code === 'refund_exceeds_paid')
        await invalidate(client, refundKeys(order.id));
    }
  }

  const failure = create.error;
  const exceeds = failure instanceof ApiError && failure.code === 'refund_exceeds_paid';
  return (
    <FormDialog title={`Refund order ${order.orderNumber}`} onClose={onClose}>
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt>Paid</dt>
        <dd data-testid="refund-paid">{money(order.paidTotal, order.currency)}</dd>
        <dt>Refunded</dt>
        <dd data-testid="refund-refunded">{money(order.refundedTotal, order.currency)}</dd>
        <dt>Refundable</dt>
        <dd data-testid="refund-refundable">{money(order.refundable, order.currency)}</dd>
      </dl>
      {pending === undefined ? (
        <form onSubmit={ask} noValidate className="space-y-4">
          <Field
            label="Amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={`In ${order.currency.toUpperCase()}, up to ${money(order.refundable, order.currency)}.`}
            error={problem}
          />
          <div className="space-y-1">
            <label htmlFor={reasonId} className="block text-sm font-medium">
              Reason
            </label>
            <textarea
              id={reasonId}
              rows={2}
              maxLength={1000}
              className={inputClass}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          {exceeds ? (
            <p role="alert" className="text-sm text-red-700">
              That is more than is left to refund (refund_exceeds_paid): the order’s refunds cannot exceed what was
              paid. Refundable now shows what is left.
            </p>
          ) : (
            <ActionError error={failure} />
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Refund</Button>
          </div>
        </form>
      ) : (
        <div className="space-y-4">
          <p role="status">
            Refund {money(pending, order.currency)} of order {order.orderNumber}? After this,{' '}
            {money(order.refundable - pending, order.currency)} can still be refunded. This cannot be undone.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setPending(undefined)} disabled={create.isPending}>
              Back
            </Button>
            <Button id={confirmId} onClick={confirm} disabled={create.isPending}>
              Confirm
            </Button>
          </div>
        </div>
      )}
    </FormDialog>
  );
}
