import * as op from '../../src/generated/graphql';
import { body, path, route } from '../../src/routing/route';

const admin = '/api/v1/admin/orders';

/** Refunds of an order (contract §10): the MCP `fulfilment` toolset; creating one needs `confirm: true` there. */
export const refundsRoutes = [
  route({
    method: 'GET',
    path: `${admin}/{id}/refunds`,
    operation: op.OrderRefundsDocument,
    variables: { orderId: path('id') },
    result: 'orderRefunds',
  }),
  route({
    method: 'POST',
    path: `${admin}/{id}/refunds`,
    headers: ['idempotency-key'],
    operation: op.RefundCreateDocument,
    variables: { orderId: path('id'), input: body() },
    result: 'refundCreate',
    status: 201,
  }),
];
