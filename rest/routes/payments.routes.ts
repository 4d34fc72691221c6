import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../route';

const admin = '/api/v1/admin';

export const paymentsRoutes = [
  route({
    method: 'GET',
    path: `${admin}/payment-methods`,
    operation: op.PaymentMethodsDocument,
    variables: { page: query('page'), limit: query('limit'), active: query('filter[active]') },
    result: 'paymentMethods',
    envelope: 'list',
  }),
  route({
    method: 'POST',
    path: `${admin}/payment-methods`,
    operation: op.PaymentMethodCreateDocument,
    variables: { input: body() },
    result: 'paymentMethodCreate',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${admin}/payment-methods/{id}`,
    operation: op.PaymentMethodDocument,
    variables: { id: path('id') },
    result: 'paymentMethod',
  }),
  route({
    method: 'PUT',
    path: `${admin}/payment-methods/{id}`,
    operation: op.PaymentMethodUpdateDocument,
    variables: { id: path('id'), input: body() },
    result: 'paymentMethodUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${admin}/payment-methods/{id}`,
    operation: op.PaymentMethodDeleteDocument,
    variables: { id: path('id') },
    result: 'paymentMethodDelete',
    envelope: 'none',
  }),
  route({
    method: 'GET',
    path: '/api/v1/store/payment-methods',
    operation: op.StorePaymentMethodsDocument,
    result: 'storePaymentMethods',
  }),
];
