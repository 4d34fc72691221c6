import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { oneOf, pageParam, stringParam } from '../lib/format';
import { MOVEMENT_TYPES, type MovementsSearch, type StockSearch, dateParam } from '../screens/inventory/search';
import { appRoute, placeholder, screen } from './root';

/** Operations screens: inventory (warehouses, stock, movements), discounts, shipping, payment methods, tax, settings. */

const pageOnly = (search: Record<string, unknown>): { page: number } => ({ page: pageParam(search.page) });
const listSearch = (search: Record<string, unknown>): { q?: string; page: number } => ({
  q: stringParam(search.q),
  page: pageParam(search.page),
});

const inventoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'inventory',
  validateSearch: pageOnly,
  component: lazyRouteComponent(() => import('../screens/inventory/warehouses'), 'InventoryScreen'),
});
const movementsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'inventory/movements',
  validateSearch: (search: Record<string, unknown>): MovementsSearch => ({
    page: pageParam(search.page),
    warehouse: stringParam(search.warehouse),
    sku: stringParam(search.sku),
    type: oneOf(MOVEMENT_TYPES, search.type),
    from: dateParam(search.from),
    to: dateParam(search.to),
  }),
  component: lazyRouteComponent(() => import('../screens/inventory/movements'), 'MovementsScreen'),
});
const warehouseNewRoute = screen(
  'inventory/warehouses/new',
  () => import('../screens/inventory/new-warehouse'),
  'NewWarehouseScreen',
);
const warehouseRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'inventory/warehouses/$warehouseId',
  validateSearch: (search: Record<string, unknown>): StockSearch => listSearch(search),
  component: lazyRouteComponent(() => import('../screens/inventory/warehouse'), 'WarehouseScreen'),
});

export const operationsRoutes = [
  inventoryRoute,
  movementsRoute,
  warehouseNewRoute,
  warehouseRoute,
  placeholder('/discounts'),
  placeholder('/settings'),
] as const;
