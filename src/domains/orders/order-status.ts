import { AppError } from '../../shared/errors';
import type { OrderStatus } from './order.type';

/** Contract §7: the only moves between statuses. Anything else, the same status included, is refused. */
const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'] as OrderStatus[],
  confirmed: ['processing', 'shipped', 'cancelled', 'refunded'] as OrderStatus[],
  processing: ['shipped', 'cancelled', 'refunded'] as OrderStatus[],
  shipped: ['delivered', 'refunded'] as OrderStatus[],
  delivered: ['refunded'] as OrderStatus[],
  cancelled: [],
  refunded: [],
};

/** Statuses whose entry returns the order's stock to its warehouses. */
export const RESTOCKING: ReadonlySet<string> = new Set(['cancelled', 'refunded']);

/** Where an order in `from` may go next, in the table's order. */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return MOVES[from];
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!MOVES[from].includes(to))
    throw new AppError('invalid_transition', `cannot move an order from ${from} to ${to}`, { field: 'status' });
}
