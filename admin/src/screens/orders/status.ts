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
 * Contract §7's transition table (the schema has no field listing an order's allowed moves), with the button
 * each move is offered under. The server refuses anything else with 422 `invalid_transition`.
 */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'shipped', 'cancelled', 'refunded'],
  processing: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

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
