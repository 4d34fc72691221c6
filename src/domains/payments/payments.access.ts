import { type AccessTable, admin, store } from '../../auth/access';

export const paymentsAccess: AccessTable = {
  Query: {
    paymentMethods: admin('payment.read'),
    paymentMethod: admin('payment.read'),
    storePaymentMethods: store(),
  },
  Mutation: {
    paymentMethodCreate: admin('payment.create'),
    paymentMethodUpdate: admin('payment.update'),
    paymentMethodDelete: admin('payment.delete'),
  },
};
