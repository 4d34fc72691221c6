import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../../src/routing/route';

const admin = '/api/v1/admin/orders';

export const ordersRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/store/checkout',
    tokens: ['cart_token'],
    headers: ['idempotency-key'],
    operation: op.CheckoutCompleteDocument,
    variables: { input: body() },
    result: 'checkoutComplete',
    status: 201,
  }),
  route({
    method: 'POST',
    path: '/api/v1/store/checkout/quote',
    tokens: ['cart_token'],
    operation: op.CheckoutQuoteDocument,
    variables: { input: body() },
    result: 'checkoutQuote',
  }),
  route({
    method: 'GET',
    path: '/api/v1/store/orders/{id}',
    tokens: ['guest_token'],
    operation: op.StoreOrderDocument,
    variables: { id: path('id') },
    result: 'storeOrder',
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
