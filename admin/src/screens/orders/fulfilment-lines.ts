import type { QueryKey } from '@tanstack/react-query';

import type { FulfillmentStatus, ShipmentStatus } from '../../generated/graphql';
import { keys } from '../../resource/keys';
import { orderPaymentsKey } from './payments';

/** How the order's fulfilment reads on screen (GraphQL spells it `PARTIALLY_SHIPPED`). */
export const FULFILMENT_LABEL: Record<FulfillmentStatus, string> = {
  UNFULFILLED: 'Not shipped',
  PARTIALLY_SHIPPED: 'Partially shipped',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
};

export const SHIPMENT_LABEL: Record<ShipmentStatus, string> = {
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
};

/** A line as a person names it: the product, then the variant's options ("Tee — Navy / XL"). */
export const lineLabel = (line: { name: string; variantName: string | null }) =>
  line.variantName ? `${line.name} — ${line.variantName}` : line.name;

/**
 * What a shipment changes: the order (its status, fulfilment, lines' shipped units, shipments: one detail query;
 * the orders list shows the status too) and its card payments (payprov may capture when the order ships).
 */
export const fulfilmentKeys = (orderId: string): readonly QueryKey[] => [keys.orders.all, orderPaymentsKey(orderId)];
