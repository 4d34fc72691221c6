import type { RouteSpec } from '../route';
import { cartsRoutes } from './carts.routes';
import { customersRoutes } from './customers.routes';
import { inventoryRoutes } from './inventory.routes';
import { ordersRoutes } from './orders.routes';
import { paymentsRoutes } from './payments.routes';
import { pricingRoutes } from './pricing.routes';
import { systemRoutes } from './system.routes';

/** The whole REST surface. A domain joins by adding its route table here. */
export const ROUTES: RouteSpec[] = [...systemRoutes, ...inventoryRoutes, ...pricingRoutes, ...paymentsRoutes, ...ordersRoutes, ...cartsRoutes, ...customersRoutes];
