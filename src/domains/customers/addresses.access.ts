import { type AccessTable, customer } from '../../auth/access';

export const addressesAccess: AccessTable = {
  Query: { accountAddresses: customer('store.account.read') },
  Mutation: {
    accountAddressCreate: customer('store.account.update'),
    accountAddressUpdate: customer('store.account.update'),
    accountAddressDelete: customer('store.account.update'),
  },
};
