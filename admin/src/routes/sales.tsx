import { oneOf } from '../lib/format';
import { listRoute, listSearchWith, screenRoute } from '../resource/routes';
import { ORDER_FILTERS } from '../screens/orders/status';
import { RETURN_FILTERS } from '../screens/returns/status';

/** Sales screens: orders (with their payments) and customers. */

const ordersRoute = listRoute(
  'orders',
  () => import('../screens/orders/list'),
  'OrdersScreen',
  listSearchWith((s) => ({ status: oneOf(ORDER_FILTERS, s.status) })),
);
const orderRoute = screenRoute('orders/$orderId', () => import('../screens/orders/detail'), 'OrderScreen');
const customersRoute = listRoute('customers', () => import('../screens/customers/list'), 'CustomersScreen');
const customerRoute = screenRoute(
  'customers/$customerId',
  () => import('../screens/customers/detail'),
  'CustomerScreen',
);

// Returns (issue 48): a list under Orders, filtered by status, and a return's detail with its moves.
const returnsRoute = listRoute(
  'returns',
  () => import('../screens/returns/list'),
  'ReturnsScreen',
  listSearchWith((s) => ({ status: oneOf(RETURN_FILTERS, s.status) })),
);
const returnRoute = screenRoute('returns/$returnId', () => import('../screens/returns/detail'), 'ReturnScreen');

export const salesRoutes = [ordersRoute, orderRoute, customersRoute, customerRoute, returnsRoute, returnRoute] as const;
