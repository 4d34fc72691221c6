import type { RouteSpec } from '../route';
import { apiKeysRoutes } from './api-keys.routes';
import { authRoutes } from './auth.routes';
import { cartsRoutes } from './carts.routes';
import { customersRoutes } from './customers.routes';
import { categoryRoutes, productRoutes, propertyRoutes } from './catalog.routes';
import { mediaRoutes } from './media.routes';
import { inventoryRoutes } from './inventory.routes';
import { ordersRoutes } from './orders.routes';
import { paymentsRoutes } from './payments.routes';
import { pluginsRoutes } from './plugins.routes';
import { pricingRoutes } from './pricing.routes';
import { systemRoutes } from './system.routes';
import { usersRoutes } from './users.routes';

/** The whole REST surface. A domain joins by adding its route table here. */
export const ROUTES: RouteSpec[] = [
  ...systemRoutes,
  ...authRoutes,
  ...inventoryRoutes,
  ...productRoutes,
  ...categoryRoutes,
  ...propertyRoutes,
  ...mediaRoutes,
  ...usersRoutes,
  ...apiKeysRoutes,
  ...pricingRoutes,
  ...paymentsRoutes,
  ...ordersRoutes,
  ...cartsRoutes,
  ...customersRoutes,
  ...pluginsRoutes,
];
