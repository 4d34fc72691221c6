import { placeholder } from './root';

/** Operations screens: inventory (warehouses, stock, movements), discounts, shipping, payment methods, tax, settings. */

export const operationsRoutes = [
  placeholder('/inventory'),
  placeholder('/discounts'),
  placeholder('/settings'),
] as const;
