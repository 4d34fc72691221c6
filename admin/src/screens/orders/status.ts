import type { OrderStatus } from '../../generated/graphql';

export const ORDER_STATUSES = [
  'PENDING',
  'CONFIRMED',
  'PROCESSING',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
  'REFUNDED',
] as const satisfies readonly OrderStatus[];

/**
 * The status filter's choices: the statuses, and `TO_SHIP` (the orders waiting to ship, confirmed or processing:
 * the Home screen's count, asked of the API as `orders(toShip: true)`).
 */
export const ORDER_FILTERS = ['TO_SHIP', ...ORDER_STATUSES] as const;
export type OrderFilterValue = (typeof ORDER_FILTERS)[number];

/** How a status reads on screen (GraphQL spells it `SHIPPED`). */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
};

/**
 * The button each move is offered under. Which moves are offered comes from the server (`Order.nextStatuses`, the
 * status table of contract §7); it refuses anything else with 422 `invalid_transition`.
 */
export const ACTION_LABEL: Record<OrderStatus, string> = {
  PENDING: 'Reopen',
  CONFIRMED: 'Confirm',
  PROCESSING: 'Start processing',
  SHIPPED: 'Ship',
  DELIVERED: 'Mark delivered',
  CANCELLED: 'Cancel',
  REFUNDED: 'Refund',
};

/** Entering these puts the order's items back in stock (contract §7): the button asks first. */
export const RESTOCKING: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['CANCELLED', 'REFUNDED']);
