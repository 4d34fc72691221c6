import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError, ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { inputClass } from '../../components/ui/field';
import { Table, Td, Th } from '../../components/ui/table';
import { ExtensionSlot } from '../../extensions/extension-slot';
import {
  type ActorKind,
  AdminOrderDocument,
  AdminOrderStatusUpdateDocument,
  type OrderStatus,
} from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { enumText } from '../../lib/format';
import { money } from '../../lib/money';
import { keys } from '../../resource/keys';
import { invalidate, useSaveMutation } from '../../resource/resource';
import { Fulfilment } from './fulfilment';
import { FULFILMENT_LABEL } from './fulfilment-lines';
import { OrderReturns } from './order-returns';
import { CARD_PROVIDER, OrderPayments, orderPaymentsKey } from './payments';
import { offersRefund, OrderRefunds, useOrderRefunds } from './refunds';
import { ACTION_LABEL, RESTOCKING, STATUS_LABEL } from './status';
import { OrderTimeline } from './timeline';

const route = getRouteApi('/_app/orders/$orderId');

/** An order's address as stored (a JSON object of the checkout's address fields). */
function Address({ value }: { value: unknown }) {
  if (!value || typeof value !== 'object') return <p>—</p>;
  const a = value as Record<string, string | null | undefined>;
  const name = [a.first_name ?? a.firstName, a.last_name ?? a.lastName].filter(Boolean).join(' ');
  const lines = [
    name,
    a.company,
    a.street,
    [a.zip, a.city].filter(Boolean).join(' '),
    a.country_code ?? a.countryCode,
    a.phone,
  ];
  return (
    <address className="not-italic">
      {lines.filter(Boolean).map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** Who made a status change, as the history line reads it: an email, an API key's name, "System". */
function actorText(actor: { kind: ActorKind; label: string }): string {
  if (actor.kind === 'API_KEY') return `API key “${actor.label}”`;
  if (actor.kind === 'CUSTOMER') return `customer ${actor.label}`;
  return actor.label;
}

export function OrderScreen() {
  const { orderId } = route.useParams();
  const can = useCan();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: keys.orders.detail(orderId),
    queryFn: () => gql(AdminOrderDocument, { id: orderId }),
  });
  // A status move may capture, refund or release a payment (payprov's hooks), and a payment action changes the
  // order's transactions: either refreshes both.
  const refresh = () => invalidate(queryClient, [keys.orders.detail(orderId), orderPaymentsKey(orderId)]);
  // What the person writes here goes with the next status change into the order's history.
  const [comment, setComment] = useState('');
  const commentId = useId();
  const move = useSaveMutation({
    mutationFn: (status: OrderStatus) =>
      gql(AdminOrderStatusUpdateDocument, {
        id: orderId,
        input: { status, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      }),
    invalidates: [keys.orders.all, orderPaymentsKey(orderId)],
  });
  const moveTo = (status: OrderStatus) => move.mutate(status, { onSuccess: () => setComment('') });
  const refunds = useOrderRefunds(orderId);

  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <p>Loading…</p>;
  const { order, orderTransactions } = query.data;
  // Shipping and delivering go through the Fulfilment section (the Ship dialog with its lines and tracking, Mark
  // delivered per shipment), which moves the order with the last unit or delivery: the status buttons do not offer
  // the same moves a second time under the same names. An order without shipments keeps "Mark delivered".
  const viaShipments = new Set<OrderStatus>();
  if (order.items.some((i) => i.quantity > i.quantityShipped)) viaShipments.add('SHIPPED');
  if (order.shipments.some((s) => s.status === 'SHIPPED')) viaShipments.add('DELIVERED');
  // The Refund dialog (Refunds below) refunds an amount: while it is offered, the status move of the same name is
  // not (two buttons named Refund on one page). While the refunds are read (again, after a status move made the
  // order paid) it is left out too, so two Refund buttons never show even for a moment.
  if (!refunds.data || refunds.isFetching || offersRefund(refunds.data, can('orders.update')))
    viaShipments.add('REFUNDED');
  const moves = can('orders.update') ? order.nextStatuses.filter((status) => !viaShipments.has(status)) : [];
  const otherTransactions = orderTransactions.filter((t) => t.provider !== CARD_PROVIDER);

  return (
    <>
      <p>
        <Link to="/orders" search={{ page: 1 }} className="text-sm text-blue-800 underline">
          Orders
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">Order {order.orderNumber}</h1>
      <p>
        Status: <strong>{STATUS_LABEL[order.status]}</strong> · placed {dateTime(order.createdAt)}
      </p>
      {/* Read again after every shipment and delivery (they invalidate the order), like the status above. */}
      <p data-testid="fulfilment-status">
        Fulfilment: <strong>{FULFILMENT_LABEL[order.fulfillmentStatus]}</strong>
      </p>
      {order.notes && (
        <section aria-labelledby="checkout-note" className="rounded-md border border-slate-200 bg-slate-50 p-3">
          <h2 id="checkout-note" className="text-sm font-semibold">
            Customer’s note
          </h2>
          <p className="whitespace-pre-line text-sm">{order.notes}</p>
        </section>
      )}
      {moves.length > 0 && (
        <div className="max-w-xl space-y-1">
          <label htmlFor={commentId} className="block text-sm font-medium">
            Comment for the history (optional)
          </label>
          <textarea
            id={commentId}
            rows={2}
            maxLength={2000}
            className={inputClass}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </div>
      )}
      {moves.length > 0 && (
        <div role="group" aria-label="Status changes" className="flex flex-wrap gap-2">
          {moves.map((status) =>
            RESTOCKING.has(status) ? (
              <ConfirmDialog
                key={status}
                trigger={
                  <Button variant="outline" disabled={move.isPending}>
                    {ACTION_LABEL[status]}
                  </Button>
                }
                title={`${ACTION_LABEL[status]} order ${order.orderNumber}?`}
                description="The order's items go back into stock. This cannot be undone."
                confirmLabel={ACTION_LABEL[status]}
                onConfirm={() => moveTo(status)}
              />
            ) : (
              <Button key={status} variant="outline" disabled={move.isPending} onClick={() => moveTo(status)}>
                {ACTION_LABEL[status]}
              </Button>
            ),
          )}
        </div>
      )}
      <ActionError error={move.error} />

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Items</h2>
        <Table>
          <thead>
            <tr>
              <Th>Item</Th>
              <Th>SKU</Th>
              <Th>Ordered</Th>
              <Th>Shipped</Th>
              <Th>Left</Th>
              <Th>Unit price</Th>
              <Th>Total</Th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id}>
                <Td>
                  {item.name}
                  {item.variantName && <span className="block text-sm text-slate-700">{item.variantName}</span>}
                </Td>
                <Td>{item.sku ?? '—'}</Td>
                <Td>{item.quantity}</Td>
                <Td>{item.quantityShipped}</Td>
                <Td>{item.quantity - item.quantityShipped}</Td>
                <Td>{money(item.unitPriceGross, order.currency)}</Td>
                <Td>{money(item.totalGross, order.currency)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>

      <Fulfilment order={order} carriers={query.data.shippingCarriers} />
      <OrderReturns orderId={order.id} orderNumber={order.orderNumber} />

      <div className="grid gap-6 md:grid-cols-3">
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">Totals</h2>
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt>Subtotal</dt>
            <dd>{money(order.subtotalGross, order.currency)}</dd>
            <dt>Shipping</dt>
            <dd>{money(order.shippingGross, order.currency)}</dd>
            <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ''}</dt>
            <dd>{order.discountTotal ? money(-order.discountTotal, order.currency) : '—'}</dd>
            <dt>Tax included</dt>
            <dd>{money(order.taxTotal, order.currency)}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="font-semibold">{money(order.total, order.currency)}</dd>
          </dl>
        </section>
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">Customer</h2>
          <p>{order.email}</p>
          {order.customerId ? (
            <p>
              <Link
                to="/customers/$customerId"
                params={{ customerId: order.customerId }}
                className="text-sm text-blue-800 underline"
              >
                Customer account
              </Link>
            </p>
          ) : (
            <p className="text-sm text-slate-700">Guest order</p>
          )}
        </section>
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">Addresses</h2>
          <h3 className="text-sm font-semibold">Shipping</h3>
          <Address value={order.shippingAddress} />
          <h3 className="text-sm font-semibold">Billing</h3>
          <Address value={order.billingAddress} />
        </section>
      </div>

      {/* Card (payprov) payments show once, in their panel below with their actions (issue 52); this table is
          for providers that have no panel of their own. */}
      {otherTransactions.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">Payment transactions</h2>
          <Table>
            <thead>
              <tr>
                <Th>Provider</Th>
                <Th>Reference</Th>
                <Th>Status</Th>
                <Th>Amount</Th>
                <Th>Created</Th>
              </tr>
            </thead>
            <tbody>
              {otherTransactions.map((t) => (
                <tr key={t.id}>
                  <Td>{t.provider}</Td>
                  <Td>{t.providerReference}</Td>
                  <Td>
                    {enumText(t.status)}
                    {t.capturedAt ? ' · captured' : ''}
                    {t.refundedAt ? ' · refunded' : ''}
                    {t.failureReason ? ` · ${t.failureReason}` : ''}
                  </Td>
                  <Td>{money(t.amount, t.currency)}</Td>
                  <Td>{dateTime(t.createdAt)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}

      <section className="space-y-2" aria-labelledby="card-payments">
        <h2 id="card-payments" className="text-lg font-semibold">
          Card payments
        </h2>
        <OrderPayments orderId={orderId} orderMethodId={order.paymentMethodId} onChange={refresh} />
      </section>

      <OrderRefunds orderId={orderId} />

      <ExtensionSlot slot="admin:order:detail" entityId={orderId} refreshKey={query.dataUpdatedAt} />

      <section className="space-y-2" aria-labelledby="order-history">
        <h2 id="order-history" className="text-lg font-semibold">
          History
        </h2>
        <ol className="list-decimal space-y-1 pl-6 text-sm">
          {order.statusHistory.map((change, i) => (
            <li key={i}>
              {change.fromStatus
                ? `${STATUS_LABEL[change.fromStatus]} → ${STATUS_LABEL[change.toStatus]}`
                : `Placed (${STATUS_LABEL[change.toStatus]})`}
              {change.actor ? ` · by ${actorText(change.actor)}` : ''} · {dateTime(change.createdAt)}
              {change.comment ? ` · “${change.comment}”` : ''}
            </li>
          ))}
        </ol>
      </section>

      <OrderTimeline orderId={orderId} />
    </>
  );
}
