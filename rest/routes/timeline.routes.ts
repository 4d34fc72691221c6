import * as op from '../../src/generated/graphql';
import { body, path, route } from '../../src/routing/route';

const admin = '/api/v1/admin/orders';

/** The order's timeline and its staff notes (contract §10): the MCP `fulfilment` toolset. */
export const timelineRoutes = [
  route({
    method: 'GET',
    path: `${admin}/{id}/timeline`,
    operation: op.OrderTimelineDocument,
    variables: { orderId: path('id') },
    result: 'orderTimeline',
  }),
  route({
    method: 'POST',
    path: `${admin}/{id}/notes`,
    operation: op.OrderNoteCreateDocument,
    variables: { orderId: path('id'), input: body() },
    result: 'orderNoteCreate',
    status: 201,
  }),
];
