import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { AdminOrderRefundsDocument, type AdminOrderRefundsQuery, type RefundStatus } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { money } from '../../lib/money';
import { textColumn } from '../../resource/columns';
import { ItemsTable } from '../../resource/list-page';
import { orderRefundsKey, RefundDialog } from './refund-dialog';

type Refund = AdminOrderRefundsQuery['order']['refunds'][number];

const REFUND_STATUS_LABEL: Record<RefundStatus, string> = {
  PENDING: 'Pending',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
};

/** The order's refunds and money (paid, refunded, refundable): one read shared by the order screen and this section. */
export function useOrderRefunds(orderId: string, enabled = true) {
  return useQuery({
    queryKey: orderRefundsKey(orderId),
    queryFn: () => gql(AdminOrderRefundsDocument, { id: orderId }),
    enabled,
  });
}

/** Whether the order screen offers the Refund dialog: with `orders.update` and something left to refund. */
export function offersRefund(data: AdminOrderRefundsQuery | undefined, mayUpdate: boolean): boolean {
  return mayUpdate && (data?.order.refundable ?? 0) > 0;
}

/**
 * The order's **Refunds** region: what was paid, refunded and is left to refund (in the order's currency), the
 * **Refund** button that opens the Refund dialog (with `orders.update`, while something is refundable), and the
 * refunds with amount, status, reason, who and when. Whatever the method (card through its provider, or a
 * method without one), a refund of an amount goes through here; the card payments panel keeps its own
 * per-payment actions.
 */
export function OrderRefunds({ orderId }: { orderId: string }) {
  const can = useCan();
  const query = useOrderRefunds(orderId);
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const headingId = useId();

  function close() {
    setOpen(false);
    // The dialog is gone: focus goes back to Refund (when something is still refundable), else to the heading.
    requestAnimationFrame(() => (document.getElementById(buttonId) ?? document.getElementById(headingId))?.focus());
  }

  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const order = query.data?.order;
  const columns = order
    ? [
        textColumn('amount', 'Amount', (r: Refund) => money(r.amount, r.currency)),
        textColumn('status', 'Status', (r: Refund) =>
          r.failureReason ? `${REFUND_STATUS_LABEL[r.status]} (${r.failureReason})` : REFUND_STATUS_LABEL[r.status],
        ),
        textColumn('reason', 'Reason', (r: Refund) => r.reason ?? '—'),
        textColumn('by', 'By', (r: Refund) => r.actor?.label ?? '—'),
        textColumn('date', 'Date', (r: Refund) => dateTime(r.createdAt)),
      ]
    : [];

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold">
          Refunds
        </h2>
        {order && offersRefund(query.data, can('orders.update')) && (
          <Button id={buttonId} onClick={() => setOpen(true)}>
            Refund
          </Button>
        )}
      </div>
      {!order ? (
        <p>Loading…</p>
      ) : (
        <>
          <dl className="grid max-w-sm grid-cols-2 gap-1 text-sm">
            <dt>Paid</dt>
            <dd data-testid="order-paid">{money(order.paidTotal, order.currency)}</dd>
            <dt>Refunded</dt>
            <dd data-testid="order-refunded">{money(order.refundedTotal, order.currency)}</dd>
            <dt>Refundable</dt>
            <dd data-testid="order-refundable">{money(order.refundable, order.currency)}</dd>
          </dl>
          <ItemsTable
            caption="Refunds"
            columns={columns}
            items={order.refunds}
            empty="Nothing refunded yet."
            getRowId={(r) => r.id}
          />
          {open && <RefundDialog order={order} onClose={close} />}
        </>
      )}
    </section>
  );
}
