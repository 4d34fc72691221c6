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
    /** Public (the person is signed out); held back by the `account_email` budgets (per IP, and per address). */
    customerPasswordResetRequest: PUBLIC,
    customerPasswordResetConfirm: PUBLIC,
    customerEmailVerify: PUBLIC,
    customerEmailVerificationResend: PUBLIC,
    accountPasswordChange: customer('store.account.update'),
  },
};
