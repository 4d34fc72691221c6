import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../route';

const base = '/api/v1/admin';

export const inventoryRoutes = [
  route({
    method: 'GET',
    path: `${base}/warehouses`,
    operation: op.WarehousesDocument,
    variables: { page: query('page'), limit: query('limit'), active: query('active') },
    result: 'warehouses',
    envelope: 'list',
  }),
  route({
    method: 'POST',
    path: `${base}/warehouses`,
    operation: op.WarehouseCreateDocument,
    errors: ['duplicate_code'],
    variables: { input: body() },
    result: 'warehouseCreate',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${base}/warehouses/{id}`,
    operation: op.WarehouseDocument,
    variables: { id: path('id') },
    result: 'warehouse',
  }),
  route({
    method: 'PUT',
    path: `${base}/warehouses/{id}`,
    operation: op.WarehouseUpdateDocument,
    errors: ['duplicate_code'],
    variables: { id: path('id'), input: body() },
    result: 'warehouseUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${base}/warehouses/{id}`,
    operation: op.WarehouseDeleteDocument,
    variables: { id: path('id') },
    result: 'warehouseDelete',
    envelope: 'none',
  }),
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
