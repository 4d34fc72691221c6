import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../../src/routing/route';

/**
 * Returns (contract §10): staff's list, read, opening and moves (MCP `fulfilment`), and the store's request
 * (the store tool store_request_return).
 */
export const returnsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/admin/returns',
    operation: op.ReturnsDocument,
    variables: { page: query('page'), limit: query('limit'), status: query('status'), orderId: query('order_id') },
    result: 'returns',
    envelope: 'list',
  }),
  route({
    method: 'GET',
    path: '/api/v1/admin/returns/{id}',
    operation: op.OrderReturnDocument,
    variables: { id: path('id') },
    result: 'orderReturn',
  }),
  route({
    method: 'POST',
    path: '/api/v1/admin/orders/{id}/returns',
    operation: op.ReturnCreateDocument,
    variables: { orderId: path('id'), input: body() },
    result: 'returnCreate',
    status: 201,
  }),
  route({
    method: 'PUT',
    path: '/api/v1/admin/returns/{id}/status',
    operation: op.ReturnStatusUpdateDocument,
    variables: { id: path('id'), input: body() },
    result: 'returnStatusUpdate',
  }),
  // The store's request: the order's customer, or the guest with its token (as the store order read).
  route({
    method: 'POST',
    path: '/api/v1/store/orders/{id}/returns',
    tokens: ['guest_token'],
    operation: op.StoreReturnCreateDocument,
    variables: { orderId: path('id'), input: body() },
    result: 'storeReturnCreate',
    status: 201,
  }),
];
