import { ReturnStatus } from './return.type';

/** A move of a return (contract §10): who makes it and what it does to stock and money. */
export interface ReturnMove {
  /** null: the return being opened. */
  from: ReturnStatus | null;
  to: ReturnStatus;
  /** `staff`: `PUT /api/v1/admin/returns/{id}/status`; the others say who or what. */
  by: 'staff' | 'customer or staff' | 'refund' | 'system';
  who: string;
  stock: string;
  money: string;
}

/**
 * Every move a return makes, in the order a return lives them. The service runs on it (the staff moves that
 * `PUT …/status` accepts are the rows `by: 'staff'`), and `docs/reference/return-moves.md` is rendered from it.
 */
export const RETURN_MOVES: readonly ReturnMove[] = [
  {
    from: null,
    to: ReturnStatus.REQUESTED,
    by: 'customer or staff',
    who:
      "the order's customer, or a guest with its token (`POST /api/v1/store/orders/{id}/returns`); staff " +
      'with `orders.update` (`POST /api/v1/admin/orders/{id}/returns`, a phone call)',
    stock: 'none; only shipped units not already in a return that is not rejected (422 `over_return`)',
    money: 'none',
  },
  {
    from: ReturnStatus.REQUESTED,
    to: ReturnStatus.APPROVED,
    by: 'staff',
    who: 'staff with `orders.update`',
    stock: 'none',
    money: 'none',
  },
  {
    from: ReturnStatus.REQUESTED,
    to: ReturnStatus.REJECTED,
    by: 'staff',
    who: 'staff with `orders.update`',
    stock: 'none; its units may be asked for again',
    money: 'none',
  },
  {
    from: ReturnStatus.APPROVED,
    to: ReturnStatus.RECEIVED,
    by: 'staff',
    who: 'staff with `orders.update`, choosing per line `restock` and `warehouse_id`',
    stock:
      'the lines marked `restock` go back with a `return` movement (to the warehouse chosen, else the one they ' +
      'were sold from), at most the units the order still has out: a unit a cancellation or full refund gave ' +
      'back already is not restocked again; the other lines stay out of stock. A later cancellation or full ' +
      'refund of the order reverses only the units not in a received return',
    money: 'none (the customer gets the return-received email)',
  },
  {
    from: ReturnStatus.RECEIVED,
    to: ReturnStatus.REFUNDED,
    by: 'refund',
    who: 'staff, by a refund tied to it (`POST /api/v1/admin/orders/{id}/refunds` with `return_id`)',
    stock: 'none',
    money:
      'the refund: through the order’s payment provider (pending until it settles) or recorded at once; within ' +
      'what was paid (422 `refund_exceeds_paid`)',
  },
  {
    from: ReturnStatus.REFUNDED,
    to: ReturnStatus.RECEIVED,
    by: 'system',
    who: 'the system, when the provider fails the refund tied to it (its answer or its webhook)',
    stock: 'none',
    money: 'the failed refund gave nothing back: its amount may be refunded again, and the return refunded by it',
  },
];

/** The moves staff make with `PUT /api/v1/admin/returns/{id}/status` from `from`. */
export function staffMovesFrom(from: ReturnStatus): ReturnStatus[] {
  return RETURN_MOVES.filter((m) => m.by === 'staff' && m.from === from).map((m) => m.to);
}
