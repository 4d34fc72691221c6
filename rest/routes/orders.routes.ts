import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../route';

const admin = '/api/v1/admin/orders';

export const ordersRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/store/checkout',
    tokens: ['cart_token'],
    headers: ['idempotency-key'],
    operation: op.CheckoutCompleteDocument,
    errors: [
      'not_found',
      'idempotency_conflict',
      'checkout_rejected',
      'code_invalid',
      'currency_mismatch',
      'insufficient_stock',
      'invalid_payment_method',
      'invalid_product',
      'invalid_shipping_method',
      'max_uses_reached',
      'payment_reference_required',
      'hook_rejected',
    ],
    variables: { input: body() },
    result: 'checkoutComplete',
    status: 201,
  }),
  route({
    method: 'GET',
    path: '/api/v1/store/orders/{id}/transactions',
    tokens: ['guest_token'],
    operation: op.StoreOrderTransactionsDocument,
    variables: { orderId: path('id') },
    result: 'storeOrderTransactions',
  }),
  route({
    method: 'GET',
    path: admin,
    operation: op.OrdersDocument,
    variables: {
      page: query('page'),
      limit: query('limit'),
      status: query('status'),
      customerId: query('customer_id'),
      search: query('search'),
      sort: query('sort'),
      order: query('order'),
    },
    result: 'orders',
    envelope: 'list',
  }),
  route({
    method: 'GET',
    path: `${admin}/{id}`,
    operation: op.OrderDocument,
    variables: { id: path('id') },
    result: 'order',
  }),
  route({
    method: 'PUT',
    path: `${admin}/{id}/status`,
    operation: op.OrderStatusUpdateDocument,
    errors: ['invalid_transition', 'hook_rejected'],
    variables: { id: path('id'), input: body() },
    result: 'orderStatusUpdate',
  }),
  route({
    method: 'GET',
    path: `${admin}/{id}/transactions`,
    operation: op.OrderTransactionsDocument,
    variables: { orderId: path('id') },
    result: 'orderTransactions',
  }),
];
