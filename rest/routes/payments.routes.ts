import * as op from '../../src/generated/graphql';
import { crud, query, route } from '../../src/routing/route';

const admin = '/api/v1/admin';

export const paymentsRoutes = [
  ...crud(
    `${admin}/payment-methods`,
    {
      list: op.PaymentMethodsDocument,
      create: op.PaymentMethodCreateDocument,
      read: op.PaymentMethodDocument,
      update: op.PaymentMethodUpdateDocument,
      delete: op.PaymentMethodDeleteDocument,
    },
    { filters: { active: query('filter[active]') } },
  ),
  route({
    method: 'GET',
    path: '/api/v1/store/payment-methods',
    operation: op.StorePaymentMethodsDocument,
    result: 'storePaymentMethods',
  }),
];
