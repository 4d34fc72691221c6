import { type AccessTable, customer, store } from '../../auth/access';

const manage = store('store.cart.manage');

export const cartsAccess: AccessTable = {
  /** Customers only: an anonymous caller has no cart to find or merge into (401). */
  Query: { cart: manage, accountCart: customer('store.cart.manage') },
  Mutation: {
    cartCreate: manage,
    cartItemAdd: manage,
    cartItemUpdate: manage,
    cartItemRemove: manage,
    cartDelete: manage,
    cartMerge: customer('store.cart.manage'),
  },
};
