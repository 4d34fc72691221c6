import { type AccessTable, admin, customer, PUBLIC } from '../../auth/access';

export const customersAccess: AccessTable = {
  Query: {
    customers: admin('customers.read'),
    customer: admin('customers.read'),
    account: customer('store.account.read'),
  },
  Mutation: {
    customerCreate: admin('customers.create'),
    customerUpdate: admin('customers.update'),
    customerDelete: admin('customers.delete'),
    accountUpdate: customer('store.account.update'),
    /** Public; held back by the per-IP `register` rate limit. */
    customerRegister: PUBLIC,
  },
};
