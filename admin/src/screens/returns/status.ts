import type { QueryKey } from '@tanstack/react-query';

import type { ReturnStatus } from '../../generated/graphql';
import { keys } from '../../resource/keys';

/** The statuses in the order a return lives them (contract §10), for the URL's filter and the labels. */
export const RETURN_STATUSES = ['REQUESTED', 'APPROVED', 'RECEIVED', 'REFUNDED', 'REJECTED'] as const;

/**
 * The status filter's choices: `WAITING` (requested or approved: waiting for staff, the Home screen's count, asked
 * of the API as `returns(waiting: true)`), then the statuses.
 */
export const RETURN_FILTERS = ['WAITING', ...RETURN_STATUSES] as const;
export type ReturnFilterValue = (typeof RETURN_FILTERS)[number];

export const RETURN_STATUS_LABEL: Record<ReturnStatus, string> = {
  REQUESTED: 'Requested',
  APPROVED: 'Approved',
  RECEIVED: 'Received',
  REFUNDED: 'Refunded',
  REJECTED: 'Rejected',
};

/**
 * Returns live under the orders' key: a return's move changes its order (timeline, restocked lines) and a refund
 * tied to a return moves the return, so invalidating the orders refreshes the returns and the other way round.
 */
export const returnKeys = {
  list: (variables: object): QueryKey => [...keys.orders.all, 'returns', 'list', variables],
  detail: (id: string): QueryKey => [...keys.orders.all, 'returns', 'detail', id],
};
