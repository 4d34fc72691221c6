import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { AdminOrderReturnsDocument, type AdminOrderReturnsQuery } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { textColumn } from '../../resource/columns';
import { keys } from '../../resource/keys';
import { ItemsTable } from '../../resource/list-page';
import { RETURN_STATUS_LABEL } from '../returns/status';
import { lineLabel } from './fulfilment-lines';
import { type ReturnableLine, ReturnDialog } from './return-dialog';

type Data = AdminOrderReturnsQuery['order'];
type Return = Data['returns'][number];

/** Under the orders' key: a shipment, a return's move or a new return refreshes it. */
const orderReturnsKey = (orderId: string) => [...keys.orders.all, 'returns', 'order', orderId];

/**
 * Per line, the shipped units that may still be returned: shipped minus the units in the order's returns that are
 * not rejected (the service's `over_return` rule, so the dialog offers what it will accept).
 */
function returnable(order: Data): ReturnableLine[] {
  const held = new Map<string, number>();
  for (const r of order.returns)
    if (r.status !== 'REJECTED')
      for (const i of r.items) held.set(i.orderItemId, (held.get(i.orderItemId) ?? 0) + i.quantity);
  return order.items.map((i) => ({
    id: i.id,
    name: i.name,
    variantName: i.variantName ?? null,
    returnable: Math.max(0, i.quantityShipped - (held.get(i.id) ?? 0)),
  }));
}

/**
 * The order's **Returns** region: its returns (each a link to the return's screen, where it is approved, received
 * and refunded) and **Open return** (a dialog) for staff who may update orders while shipped units are left to
 * return: the customer called.
 */
export function OrderReturns({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const can = useCan();
  const [opening, setOpening] = useState(false);
  const buttonId = useId();
  const headingId = useId();
  const query = useQuery({
    queryKey: orderReturnsKey(orderId),
    queryFn: () => gql(AdminOrderReturnsDocument, { orderId }).then((r) => r.order),
  });

  function close() {
    setOpening(false);
    // The dialog is gone: focus goes back to the button that opened it (when it is still offered).
    requestAnimationFrame(() => document.getElementById(buttonId)?.focus());
  }

  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return null;
  const order = query.data;
  const lines = returnable(order);
  const itemName = new Map(order.items.map((i) => [i.id, lineLabel({ ...i, variantName: i.variantName ?? null })]));
  const mayOpen = can('orders.update') && lines.some((l) => l.returnable > 0);
  const columns = [
    textColumn('requested', 'Requested', (r: Return) => (
      <Link to="/returns/$returnId" params={{ returnId: r.id }} className="text-blue-800 underline">
        {dateTime(r.createdAt)}
      </Link>
    )),
    textColumn('status', 'Status', (r: Return) => RETURN_STATUS_LABEL[r.status]),
    textColumn('items', 'Items', (r: Return) =>
      r.items.map((i) => `${i.quantity} × ${itemName.get(i.orderItemId) ?? 'item'}`).join(', '),
    ),
    textColumn(
      'reason',
      'Reason',
      (r: Return) => [...new Set(r.items.map((i) => i.reason).filter(Boolean))].join('; ') || r.comment || '—',
    ),
  ];

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Returns
        </h2>
        {mayOpen && (
          <Button id={buttonId} variant="outline" onClick={() => setOpening(true)}>
            Open return
          </Button>
        )}
      </div>
      <ItemsTable
        caption="Returns of this order"
        columns={columns}
        items={order.returns}
        empty="No returns."
        getRowId={(r) => r.id}
      />
      {opening && <ReturnDialog orderId={orderId} orderNumber={orderNumber} lines={lines} onClose={close} />}
    </section>
  );
}
