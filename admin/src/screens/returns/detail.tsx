import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { Table, Td, Th } from '../../components/ui/table';
import {
  AdminReturnDetailDocument,
  AdminReturnOrderDocument,
  AdminReturnStatusUpdateDocument,
  type ReturnStatusInput,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { keys } from '../../resource/keys';
import { useSaveMutation } from '../../resource/resource';
import { lineLabel } from '../orders/fulfilment-lines';
import { RefundDialog } from '../orders/refund-dialog';
import { offersRefund, useOrderRefunds } from '../orders/refunds';
import { RETURN_STATUS_LABEL, returnKeys } from './status';

const route = getRouteApi('/_app/returns/$returnId');

/**
 * A return: its lines (product, units, reason, and once received whether they went back to stock) and its moves.
 * **Approve** / **Reject** while requested; **Receive** once approved, with a **Restock** checkbox per line
 * (checked: the units go back to the warehouse they were taken from); **Refund** once received, which opens the
 * order's Refund dialog with the refund tied to this return. Actions need `orders.update`, as on the order.
 */
export function ReturnScreen() {
  const { returnId } = route.useParams();
  const can = useCan();
  const mayAct = can('orders.update');
  const query = useQuery({
    queryKey: returnKeys.detail(returnId),
    queryFn: () => gql(AdminReturnDetailDocument, { id: returnId }),
  });
  const orderId = query.data?.orderReturn.orderId;
  // The order's number and lines name the return's lines: read once the return says which order.
  const order = useQuery({
    queryKey: [...keys.orders.detail(orderId ?? ''), 'lines'],
    queryFn: () => gql(AdminReturnOrderDocument, { orderId: orderId! }),
    enabled: Boolean(orderId),
  });
  const refunds = useOrderRefunds(orderId ?? '', Boolean(orderId));
  // Unchecked lines (by order line id) stay out of stock when received; every line starts checked.
  const [notRestocked, setNotRestocked] = useState<ReadonlySet<string>>(new Set());
  const [refunding, setRefunding] = useState(false);
  const refundButtonId = useId();
  const move = useSaveMutation({
    mutationFn: (input: ReturnStatusInput) => gql(AdminReturnStatusUpdateDocument, { id: returnId, input }),
    // The return, its list, and its order (timeline, stock of restocked lines): all under the orders' key.
    invalidates: [keys.orders.all],
  });

  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const ret = query.data.orderReturn;
  const lines = new Map((order.data?.order.items ?? []).map((i) => [i.id, i]));
  const orderNumber = order.data?.order.orderNumber;

  function receive() {
    move.mutate({
      status: 'RECEIVED',
      items: ret.items.map((i) => ({ orderItemId: i.orderItemId, restock: !notRestocked.has(i.orderItemId) })),
    });
  }

  function closeRefund() {
    setRefunding(false);
    requestAnimationFrame(() => document.getElementById(refundButtonId)?.focus());
  }

  const receiving = mayAct && ret.status === 'APPROVED';
  const refundOrder = refunds.data?.order;
  return (
    <>
      <p>
        <Link to="/returns" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Returns
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">Return of order {orderNumber ?? '…'}</h1>
      <p>
        Status: <strong>{RETURN_STATUS_LABEL[ret.status]}</strong> · requested {dateTime(ret.createdAt)}
        {ret.updatedAt !== ret.createdAt ? ` · updated ${dateTime(ret.updatedAt)}` : ''}
      </p>
      <p>
        <Link to="/orders/$orderId" params={{ orderId: ret.orderId }} className="text-sm text-blue-800 underline">
          Open order {orderNumber ?? ''}
        </Link>
      </p>
      {ret.comment && <p className="whitespace-pre-line text-sm">Comment: {ret.comment}</p>}

      <section className="space-y-2" aria-labelledby="return-lines">
        <h2 id="return-lines" className="text-lg font-semibold">
          Lines
        </h2>
        <Table>
          <caption className="sr-only">Lines of the return</caption>
          <thead>
            <tr>
              <Th>Item</Th>
              <Th>Units</Th>
              <Th>Reason</Th>
              <Th>{receiving ? 'Back to stock' : 'Restocked'}</Th>
            </tr>
          </thead>
          <tbody>
            {ret.items.map((item) => {
              const line = lines.get(item.orderItemId);
              const name = line ? lineLabel(line) : 'Item';
              return (
                <tr key={item.orderItemId}>
                  <Td>{name}</Td>
                  <Td>{item.quantity}</Td>
                  <Td>{item.reason ?? '—'}</Td>
                  <Td>
                    {receiving ? (
                      <label className="inline-flex items-center gap-2">
                        <input
                          type="checkbox"
                          checked={!notRestocked.has(item.orderItemId)}
                          disabled={move.isPending}
                          onChange={(e) =>
                            setNotRestocked((set) => {
                              const next = new Set(set);
                              if (e.target.checked) next.delete(item.orderItemId);
                              else next.add(item.orderItemId);
                              return next;
                            })
                          }
                        />
                        Restock
                      </label>
                    ) : item.restock === null ? (
                      '—'
                    ) : item.restock ? (
                      `Yes (${item.restockedQuantity})`
                    ) : (
                      'No'
                    )}
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </section>

      {mayAct && (
        <div role="group" aria-label="Return actions" className="flex flex-wrap gap-2">
          {ret.status === 'REQUESTED' && (
            <>
              <Button disabled={move.isPending} onClick={() => move.mutate({ status: 'APPROVED' })}>
                Approve
              </Button>
              <Button variant="outline" disabled={move.isPending} onClick={() => move.mutate({ status: 'REJECTED' })}>
                Reject
              </Button>
            </>
          )}
          {ret.status === 'APPROVED' && (
            <Button disabled={move.isPending} onClick={receive}>
              Receive
            </Button>
          )}
          {ret.status === 'RECEIVED' && refundOrder && offersRefund(refunds.data, mayAct) && (
            <Button id={refundButtonId} onClick={() => setRefunding(true)}>
              Refund
            </Button>
          )}
        </div>
      )}
      {ret.status === 'RECEIVED' && refundOrder && !offersRefund(refunds.data, mayAct) && (
        <p className="text-sm">Nothing is left to refund on this order.</p>
      )}
      <ActionError error={move.error} />
      {refunding && refundOrder && <RefundDialog order={refundOrder} returnId={ret.id} onClose={closeRefund} />}
    </>
  );
}
