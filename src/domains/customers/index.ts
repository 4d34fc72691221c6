/** Customers: accounts (admin CRUD, registration, the customer's own account) and addresses. */
import type { DomainModule } from '../module';
import { AccountAuthResolver } from './account-auth.resolver';
import { AddressResolver } from './address.resolver';
import { addressesAccess } from './addresses.access';
import { CustomerResolver } from './customer.resolver';
import { customersAccess } from './customers.access';
import { createCustomerLoaders } from './customers.loaders';

export { AccountEmailInput, AccountMessage, PasswordResetConfirmInput } from './account-auth.inputs';
export { startAccountRequestRelay } from './account-requests';
export { createCustomer } from './customer.service';
export {
  confirmPasswordReset,
  defineResetAccounts,
  REQUEST_ACCEPTED,
  requestPasswordReset,
  type ResetAccounts,
} from './password-reset';
export { requestLocale } from './request-locale';

export const domain: DomainModule = {
  name: 'customers',
  resolvers: [CustomerResolver, AddressResolver, AccountAuthResolver],
  access: [customersAccess, addressesAccess],
  loaders: createCustomerLoaders,
};
