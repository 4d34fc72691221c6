import * as op from '../../src/generated/graphql';
import { body, path, route } from '../../src/routing/route';

const admin = '/api/v1/admin/orders';

/** Shipments of an order and the carrier list (contract §10): the MCP `fulfilment` toolset. */
export const shipmentsRoutes = [
  route({
    method: 'GET',
    path: `${admin}/{id}/shipments`,
    operation: op.OrderShipmentsDocument,
    variables: { orderId: path('id') },
    result: 'orderShipments',
  }),
  route({
    method: 'POST',
    path: `${admin}/{id}/shipments`,
    operation: op.ShipmentCreateDocument,
    variables: { orderId: path('id'), input: body() },
    result: 'shipmentCreate',
    status: 201,
  }),
  route({
    method: 'PUT',
    path: `${admin}/{id}/shipments/{shipmentId}`,
    operation: op.ShipmentUpdateDocument,
    variables: { orderId: path('id'), id: path('shipmentId'), input: body() },
    result: 'shipmentUpdate',
  }),
  route({
    method: 'GET',
    path: '/api/v1/admin/carriers',
    operation: op.ShippingCarriersDocument,
    variables: {},
    result: 'shippingCarriers',
  }),
];
