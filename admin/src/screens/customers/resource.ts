import {
  AdminCustomerDeleteDocument,
  AdminCustomerDocument,
  AdminCustomersDocument,
  AdminCustomerUpdateDocument,
} from '../../generated/graphql';
import { keys } from '../../resource/keys';
import { defineResource } from '../../resource/resource';

/** Customers: the list, one customer with their latest orders, activate/deactivate and delete. */
export const customers = defineResource({
  keys: keys.customers,
  list: AdminCustomersDocument,
  // Its answer has two roots (the customer and their orders): the detail screen reads it whole (`useCustomer`).
  detail: AdminCustomerDocument,
  update: AdminCustomerUpdateDocument,
  remove: AdminCustomerDeleteDocument,
  // A deleted customer's orders stay, without a customer.
  invalidates: [keys.orders.all],
});

export const customerName = (c: { firstName: string; lastName: string; email: string }) =>
  `${c.firstName} ${c.lastName}`.trim() || c.email;
