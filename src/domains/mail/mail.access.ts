import { type AccessTable, admin } from '../../auth/access';

/** Emails carry orders' contents and addresses: read with the orders, resent by whoever may update orders. */
export const mailAccess: AccessTable = {
  Query: { emails: admin('orders.read'), email: admin('orders.read'), emailPreviews: admin('orders.read') },
  Mutation: { emailResend: admin('orders.update') },
};
