import { type AccessTable, admin } from '../../auth/access';

/** The timeline names staff (their email) and carries internal notes: staff who may read orders only. */
export const timelineAccess: AccessTable = {
  Query: { orderTimeline: admin('orders.read') },
  Mutation: { orderNoteCreate: admin('orders.update') },
  // Orders are also read by the store (storeOrder, accountOrder): their timeline is for staff only.
  fields: { Order: { timeline: admin('orders.read') } },
};
