import { createRoute, lazyRouteComponent } from '@tanstack/react-router';

import { oneOf, pageParam, stringParam } from '../lib/format';
import { dateParam, MOVEMENT_TYPES, type MovementsSearch, type StockSearch } from '../screens/inventory/search';
import { type DeliveriesSearch, DELIVERY_STATUSES } from '../screens/settings/automation-search';
import { appRoute, screen } from './root';

/**
 * Operations screens: inventory (warehouses, stock, movements), discounts, and settings (staff, API keys,
 * plugins, automation deliveries, and the shop's shipping methods, payment methods and tax rules, which the
 * settings sub-navigation reaches). Every list keeps its page (and search or filters) in the URL.
 */

const pageOnly = (search: Record<string, unknown>): { page: number } => ({ page: pageParam(search.page) });
const listSearch = (search: Record<string, unknown>): { q?: string; page: number } => ({
  q: stringParam(search.q),
  page: pageParam(search.page),
});

/** A list screen whose URL holds only its page. */
const pagedList = <TPath extends string>(path: TPath, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    validateSearch: pageOnly,
    component: lazyRouteComponent(load, name),
  });

// Inventory
const inventoryRoute = pagedList('inventory', () => import('../screens/inventory/warehouses'), 'InventoryScreen');
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

// Discounts
const discountsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'discounts',
  validateSearch: listSearch,
  component: lazyRouteComponent(() => import('../screens/discounts/list'), 'DiscountsScreen'),
});
const discountNewRoute = screen('discounts/new', () => import('../screens/discounts/detail'), 'NewDiscountScreen');
const discountRoute = screen('discounts/$discountId', () => import('../screens/discounts/detail'), 'DiscountScreen');

// Settings
const settingsRoute = screen('settings', () => import('../screens/settings/index'), 'SettingsScreen');
const staffRoute = pagedList('settings/staff', () => import('../screens/settings/staff'), 'StaffScreen');
const staffNewRoute = screen(
  'settings/staff/new',
  () => import('../screens/settings/staff-user'),
  'NewStaffUserScreen',
);
const staffUserRoute = screen(
  'settings/staff/$userId',
  () => import('../screens/settings/staff-user'),
  'StaffUserScreen',
);
const apiKeysRoute = pagedList('settings/api-keys', () => import('../screens/settings/api-keys'), 'ApiKeysScreen');
const pluginsRoute = screen('settings/plugins', () => import('../screens/settings/plugins'), 'PluginsScreen');
const automationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'settings/automation',
  validateSearch: (search: Record<string, unknown>): DeliveriesSearch => ({
    page: pageParam(search.page),
    status: oneOf(DELIVERY_STATUSES, search.status),
    event: stringParam(search.event),
  }),
  component: lazyRouteComponent(() => import('../screens/settings/automation'), 'AutomationScreen'),
});
const deliveryRoute = screen(
  'settings/automation/$deliveryId',
  () => import('../screens/settings/automation-delivery'),
  'AutomationDeliveryScreen',
);

const shippingRoute = pagedList(
  'settings/shipping',
  () => import('../screens/shipping/shipping-methods'),
  'ShippingMethodsScreen',
);
const shippingNewRoute = screen(
  'settings/shipping/new',
  () => import('../screens/shipping/shipping-methods'),
  'NewShippingMethodScreen',
);
const shippingMethodRoute = screen(
  'settings/shipping/$methodId',
  () => import('../screens/shipping/shipping-methods'),
  'ShippingMethodScreen',
);
const paymentMethodsRoute = pagedList(
  'settings/payment-methods',
  () => import('../screens/payment-methods/payment-methods'),
  'PaymentMethodsScreen',
);
const paymentMethodNewRoute = screen(
  'settings/payment-methods/new',
  () => import('../screens/payment-methods/payment-methods'),
  'NewPaymentMethodScreen',
);
const paymentMethodRoute = screen(
  'settings/payment-methods/$methodId',
  () => import('../screens/payment-methods/payment-methods'),
  'PaymentMethodScreen',
);
const taxRulesRoute = pagedList('settings/tax', () => import('../screens/tax/tax-rules'), 'TaxRulesScreen');
const taxRuleNewRoute = screen('settings/tax/new', () => import('../screens/tax/tax-rules'), 'NewTaxRuleScreen');
const taxRuleRoute = screen('settings/tax/$taxRuleId', () => import('../screens/tax/tax-rules'), 'TaxRuleScreen');

export const operationsRoutes = [
  inventoryRoute,
  movementsRoute,
  warehouseNewRoute,
  warehouseRoute,
  discountsRoute,
  discountNewRoute,
  discountRoute,
  settingsRoute,
  staffRoute,
  staffNewRoute,
  staffUserRoute,
  apiKeysRoute,
  pluginsRoute,
  automationRoute,
  deliveryRoute,
  shippingRoute,
  shippingNewRoute,
  shippingMethodRoute,
  paymentMethodsRoute,
  paymentMethodNewRoute,
  paymentMethodRoute,
  taxRulesRoute,
  taxRuleNewRoute,
  taxRuleRoute,
] as const;
