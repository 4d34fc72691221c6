import { registerEnumType } from 'type-graphql';

/** A payment link's status: GraphQL names (`CLAIMED`) for the stored values (`claimed`, what REST answers). */
export enum PayprovLinkStatus {
  PENDING = 'pending',
  CLAIMED = 'claimed',
  COMPLETED = 'completed',
  EXPIRED = 'expired',
}
registerEnumType(PayprovLinkStatus, {
  name: 'PayprovLinkStatus',
  description: '`PENDING` (payable), `CLAIMED` (being completed), `COMPLETED` (the order is placed), or `EXPIRED`.',
});
