import type { RouteSpec } from '../route';
import { categoryRoutes, productRoutes, propertyRoutes } from './catalog.routes';
import { mediaRoutes } from './media.routes';
import { inventoryRoutes } from './inventory.routes';
import { systemRoutes } from './system.routes';

/** The whole REST surface. A domain joins by adding its route table here. */
export const ROUTES: RouteSpec[] = [...systemRoutes, ...inventoryRoutes, ...productRoutes, ...categoryRoutes, ...propertyRoutes, ...mediaRoutes];
