import { type AccessTable, store } from '../../auth/access';

const manage = store('store.cart.manage');

export const cartsAccess: AccessTable = {
  Query: { cart: manage },
  Mutation: {
    cartCreate: manage,
    cartItemAdd: manage,
    cartItemUpdate: manage,
    cartItemRemove: manage,
    cartDelete: manage,
  },
};
