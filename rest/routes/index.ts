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

/** A tag of the OpenAPI document: the routes of one domain. */
export interface RouteGroup {
  tag: string;
  description: string;
  routes: RouteSpec[];
}

/** The whole REST surface by domain. A domain joins by adding its route table here. */
export const ROUTE_GROUPS: RouteGroup[] = [
  { tag: 'system', description: 'Liveness and readiness.', routes: systemRoutes },
  { tag: 'auth', description: 'Staff and customer login, token refresh, logout, registration.', routes: authRoutes },
  { tag: 'inventory', description: 'Warehouses, stock levels and stock movements.', routes: inventoryRoutes },
  {
    tag: 'products',
    description: 'Products, variants, bulk create, CSV import, store browsing.',
    routes: productRoutes,
  },
  { tag: 'categories', description: 'The category tree and tags.', routes: categoryRoutes },
  { tag: 'properties', description: 'Property groups (variant axes) and attributes.', routes: propertyRoutes },
  { tag: 'media', description: 'Uploaded images and files.', routes: mediaRoutes },
  { tag: 'users', description: 'Admin users.', routes: usersRoutes },
  { tag: 'api-keys', description: 'API keys of staff and customers.', routes: apiKeysRoutes },
  { tag: 'pricing', description: 'Tax rules, shipping methods, discount codes.', routes: pricingRoutes },
  { tag: 'payments', description: 'Payment methods and payment transactions.', routes: paymentsRoutes },
  { tag: 'orders', description: 'Checkout and orders.', routes: ordersRoutes },
  {
    tag: 'carts',
    description: 'Store carts (signed-in customers, or anonymous with `X-Cart-Token`).',
    routes: cartsRoutes,
  },
  { tag: 'customers', description: "Customers (admin) and the customer's own account.", routes: customersRoutes },
  { tag: 'plugins', description: 'Configured plugins and their storefront UI extensions.', routes: pluginsRoutes },
];

/** The whole REST surface. */
export const ROUTES: RouteSpec[] = ROUTE_GROUPS.flatMap((g) => g.routes);
