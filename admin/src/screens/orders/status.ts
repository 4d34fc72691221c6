import type { OrderStatus } from '../../generated/graphql';

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const satisfies readonly OrderStatus[];

/**
 * The button each move is offered under. Which moves are offered comes from the server (`Order.nextStatuses`, the
 * status table of contract §7); it refuses anything else with 422 `invalid_transition`.
 */
export const ACTION_LABEL: Record<OrderStatus, string> = {
  pending: 'Reopen',
  confirmed: 'Confirm',
  processing: 'Start processing',
  shipped: 'Ship',
  delivered: 'Mark delivered',
  cancelled: 'Cancel',
  refunded: 'Refund',
};

/** Entering these puts the order's items back in stock (contract §7): the button asks first. */
export const RESTOCKING: ReadonlySet<OrderStatus> = new Set(['cancelled', 'refunded']);
