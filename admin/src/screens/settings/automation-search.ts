import type { AutomationDeliveryStatus } from '../../generated/graphql';

/** The URL state of the automation deliveries list (shared by the routes file and the screen). */

export const DELIVERY_STATUSES = [
  'PENDING',
  'DELIVERED',
  'DEAD',
] as const satisfies readonly AutomationDeliveryStatus[];

export interface DeliveriesSearch {
  page: number;
  status?: (typeof DELIVERY_STATUSES)[number];
  event?: string;
}
