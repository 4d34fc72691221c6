import { createRoute, lazyRouteComponent } from '@tanstack/react-router';

import { oneOf, pageParam, stringParam } from '../lib/format';
import { ORDER_STATUSES } from '../screens/orders/status';
import { appRoute, screen } from './root';

/** Sales screens: orders (with their payments) and customers. */

export interface OrdersSearch {
  q?: string;
  page: number;
  status?: (typeof ORDER_STATUSES)[number];
}
const ordersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'orders',
  validateSearch: (search: Record<string, unknown>): OrdersSearch => ({
    q: stringParam(search.q),
    page: pageParam(search.page),
    status: oneOf(ORDER_STATUSES, search.status),
  }),
  component: lazyRouteComponent(() => import('../screens/orders/list'), 'OrdersScreen'),
});
const orderRoute = screen('orders/$orderId', () => import('../screens/orders/detail'), 'OrderScreen');

const customersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'customers',
  validateSearch: (search: Record<string, unknown>): { q?: string; page: number } => ({
    q: stringParam(search.q),
    page: pageParam(search.page),
  }),
  component: lazyRouteComponent(() => import('../screens/customers/list'), 'CustomersScreen'),
});
const customerRoute = screen('customers/$customerId', () => import('../screens/customers/detail'), 'CustomerScreen');

export const salesRoutes = [ordersRoute, orderRoute, customersRoute, customerRoute] as const;
