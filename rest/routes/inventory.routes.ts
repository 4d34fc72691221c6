import * as op from '../../src/generated/graphql';
import { body, crud, path, query, route } from '../../src/routing/route';

const base = '/api/v1/admin';

export const inventoryRoutes = [
  ...crud(
    `${base}/warehouses`,
    {
      list: op.WarehousesDocument,
      create: op.WarehouseCreateDocument,
      read: op.WarehouseDocument,
      update: op.WarehouseUpdateDocument,
      delete: op.WarehouseDeleteDocument,
    },
    { filters: { active: query('active') } },
  ),
  route({
    method: 'GET',
    path: `${base}/warehouses/{id}/stock`,
    operation: op.WarehouseStockDocument,
    variables: { warehouseId: path('id') },
    result: 'warehouseStock',
  }),
  route({
    method: 'PUT',
    path: `${base}/warehouses/{id}/stock`,
    operation: op.WarehouseStockSetDocument,
    variables: { warehouseId: path('id'), input: body() },
    result: 'warehouseStockSet',
  }),
  route({
    method: 'GET',
    path: `${base}/warehouses/{id}/movements`,
    operation: op.WarehouseMovementsDocument,
    variables: { warehouseId: path('id'), page: query('page'), limit: query('limit') },
    result: 'warehouseMovements',
    envelope: 'list',
  }),
  route({
    method: 'GET',
    path: `${base}/products/{productID}/stock`,
    operation: op.ProductStockDocument,
    variables: { productId: path('productID') },
    result: 'productStock',
  }),
  route({
    method: 'GET',
    path: `${base}/products/{id}/movements`,
    operation: op.ProductMovementsDocument,
    variables: { productId: path('id'), page: query('page'), limit: query('limit') },
    result: 'productMovements',
    envelope: 'list',
  }),
];
