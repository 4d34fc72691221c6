import { useId, useState } from 'react';

import { gql } from '../../api/client';
import { useCan } from '../../api/session';
import { ActionError } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { type AdminOrderQuery, AdminShipmentUpdateDocument, type OrderStatus } from '../../generated/graphql';
import { dateTime } from '../../lib/dates';
import { textColumn } from '../../resource/columns';
import { ItemsTable } from '../../resource/list-page';
import { useSaveMutation } from '../../resource/resource';
import { FULFILMENT_LABEL, fulfilmentKeys, lineLabel, SHIPMENT_LABEL } from './fulfilment-lines';
import { ShipDialog } from './ship-dialog';

type Order = AdminOrderQuery['order'];
type Shipment = Order['shipments'][number];
type Carrier = AdminOrderQuery['shippingCarriers'][number];

/** The statuses an order ships in (contract §10); the service refuses the rest with `invalid_transition`. */
const SHIPPABLE: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED']);

/**
 * Fulfilment at a glance (the Items table above says per line what was ordered, shipped and is left): **Ship** (a dialog) while units are
 * left and the order may ship; the shipments with their carrier, tracking link and status, each with **Mark
 * delivered** while on its way. Actions show only with `orders.update`, as the status buttons do.
 */
export function Fulfilment({ order, carriers }: { order: Order; carriers: readonly Carrier[] }) {
  const can = useCan();
  const [shipping, setShipping] = useState(false);
  const shipButtonId = useId();
  const mayAct = can('orders.update');
  const left = order.items.reduce((n, i) => n + i.quantity - i.quantityShipped, 0);
  const carrierName = new Map(carriers.map((c) => [c.code, c.name]));
  const itemName = new Map(order.items.map((i) => [i.id, lineLabel(i)]));

  function close() {
    setShipping(false);
    // The dialog is gone: focus goes back to the button that opened it (when it is still offered).
    requestAnimationFrame(() => document.getElementById(shipButtonId)?.focus());
  }

  const shipmentColumns = [
    textColumn('shipped', 'Shipped', (s: Shipment) => dateTime(s.shippedAt)),
    textColumn('items', 'Items', (s: Shipment) =>
      s.items.map((i) => `${i.quantity} × ${itemName.get(i.orderItemId) ?? 'item'}`).join(', '),
    ),
    textColumn('carrier', 'Carrier', (s: Shipment) => (s.carrier ? (carrierName.get(s.carrier) ?? s.carrier) : '—')),
    textColumn('tracking', 'Tracking number', (s: Shipment) => <TrackingLink shipment={s} />),
    textColumn('status', 'Status', (s: Shipment) =>
      s.deliveredAt ? `${SHIPMENT_LABEL[s.status]} ${dateTime(s.deliveredAt)}` : SHIPMENT_LABEL[s.status],
    ),
    ...(mayAct
      ? [textColumn('actions', 'Actions', (s: Shipment) => <DeliverButton orderId={order.id} shipment={s} />)]
      : []),
  ];

  return (
    <section aria-labelledby="fulfilment" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="fulfilment" className="text-lg font-semibold">
          Fulfilment
        </h2>
        {mayAct && left > 0 && SHIPPABLE.has(order.status) && (
          <Button id={shipButtonId} onClick={() => setShipping(true)}>
            Ship
          </Button>
        )}
      </div>
      <p className="text-sm">
        {FULFILMENT_LABEL[order.fulfillmentStatus]}:{' '}
        {left === 0 ? 'every unit shipped' : `${left} unit(s) left to ship`}
        {left > 0 && !SHIPPABLE.has(order.status) && order.status === 'PENDING'
          ? ' (confirm the order to ship it)'
          : ''}
      </p>
      <h3 className="text-base font-semibold">Shipments</h3>
      <ItemsTable
        caption="Shipments"
        columns={shipmentColumns}
        items={order.shipments}
        empty="Nothing shipped yet."
        getRowId={(s) => s.id}
      />
      {shipping && <ShipDialog order={order} carriers={carriers} onClose={close} />}
    </section>
  );
}

/** The tracking number, linking to the carrier's page in a new tab (without telling it where the click came from). */
function TrackingLink({ shipment: s }: { shipment: Shipment }) {
  if (!s.trackingNumber) return <>—</>;
  if (!s.trackingUrl) return <>{s.trackingNumber}</>;
  return (
    <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer" className="text-blue-800 underline">
      {s.trackingNumber}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function DeliverButton({ orderId, shipment }: { orderId: string; shipment: Shipment }) {
  const deliver = useSaveMutation({
    mutationFn: () => gql(AdminShipmentUpdateDocument, { orderId, id: shipment.id, input: { status: 'DELIVERED' } }),
    invalidates: fulfilmentKeys(orderId),
  });
  if (shipment.status !== 'SHIPPED') return null;
  return (
    <div className="space-y-1">
      <Button variant="outline" disabled={deliver.isPending} onClick={() => deliver.mutate(undefined)}>
        Mark delivered
      </Button>
      <ActionError error={deliver.error} />
    </div>
  );
}
