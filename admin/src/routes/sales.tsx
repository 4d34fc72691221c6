import { oneOf } from '../lib/format';
import { listRoute, listSearchWith, screenRoute } from '../resource/routes';
import { ORDER_STATUSES } from '../screens/orders/status';

/** Sales screens: orders (with their payments) and customers. */

const ordersRoute = listRoute(
  'orders',
  () => import('../screens/orders/list'),
  'OrdersScreen',
  listSearchWith((s) => ({ status: oneOf(ORDER_STATUSES, s.status) })),
);
const orderRoute = screenRoute('orders/$orderId', () => import('../screens/orders/detail'), 'OrderScreen');
const customersRoute = listRoute('customers', () => import('../screens/customers/list'), 'CustomersScreen');
const customerRoute = screenRoute(
  'customers/$customerId',
  () => import('../screens/customers/detail'),
  'CustomerScreen',
);

export const salesRoutes = [ordersRoute, orderRoute, customersRoute, customerRoute] as const;
