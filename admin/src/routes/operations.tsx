import { oneOf, stringParam } from '../lib/format';
import { listRoute, listSearchWith, resourceRoutes, screenRoute } from '../resource/routes';
import { dateParam, MOVEMENT_TYPES } from '../screens/inventory/search';
import { DELIVERY_STATUSES } from '../screens/settings/automation-search';
import { EMAIL_STATUSES } from '../screens/settings/emails-search';

/**
 * Operations screens: inventory (warehouses, stock, movements), discounts, and settings (staff, API keys,
 * plugins, automation deliveries, and the shop's shipping methods, payment methods and tax rules, which the
 * settings sub-navigation reaches). Every list keeps its page (and search or filters) in the URL.
 */

// Inventory: the warehouses' screens live in one module; a warehouse's detail lists (and searches) its stock.
const warehouses = () => import('../screens/inventory/warehouses');
const inventoryRoute = listRoute('inventory', warehouses, 'InventoryScreen');
const warehouseNewRoute = screenRoute('inventory/warehouses/new', warehouses, 'NewWarehouseScreen');
const warehouseRoute = listRoute('inventory/warehouses/$warehouseId', warehouses, 'WarehouseScreen');
const movementsRoute = listRoute(
  'inventory/movements',
  () => import('../screens/inventory/movements'),
  'MovementsScreen',
  listSearchWith((s) => ({
    warehouse: stringParam(s.warehouse),
    sku: stringParam(s.sku),
    type: oneOf(MOVEMENT_TYPES, s.type),
    from: dateParam(s.from),
    to: dateParam(s.to),
  })),
);

// Discounts
const discountRoutes = resourceRoutes('discounts', 'discountId', () => import('../screens/discounts/discounts'), {
  list: 'DiscountsScreen',
  create: 'NewDiscountScreen',
  detail: 'DiscountScreen',
});

// Settings
const settingsRoute = screenRoute('settings', () => import('../screens/settings/index'), 'SettingsScreen');
const staff = () => import('../screens/settings/staff-user');
const staffRoute = listRoute('settings/staff', () => import('../screens/settings/staff'), 'StaffScreen');
const staffNewRoute = screenRoute('settings/staff/new', staff, 'NewStaffUserScreen');
const staffUserRoute = screenRoute('settings/staff/$userId', staff, 'StaffUserScreen');
const apiKeysRoute = listRoute('settings/api-keys', () => import('../screens/settings/api-keys'), 'ApiKeysScreen');
const pluginsRoute = screenRoute('settings/plugins', () => import('../screens/settings/plugins'), 'PluginsScreen');
const automationRoute = listRoute(
  'settings/automation',
  () => import('../screens/settings/automation'),
  'AutomationScreen',
  listSearchWith((s) => ({ status: oneOf(DELIVERY_STATUSES, s.status), event: stringParam(s.event) })),
);
const deliveryRoute = screenRoute(
  'settings/automation/$deliveryId',
  () => import('../screens/settings/automation-delivery'),
  'AutomationDeliveryScreen',
);
// Settings › Emails: the transactional email outbox (issue 49), filtered by status; one email with its parts.
const emailsRoute = listRoute(
  'settings/emails',
  () => import('../screens/settings/emails'),
  'EmailsScreen',
  listSearchWith((s) => ({ status: oneOf(EMAIL_STATUSES, s.status) })),
);
const emailRoute = screenRoute(
  'settings/emails/$emailId',
  () => import('../screens/settings/emails-detail'),
  'EmailScreen',
);
const shippingRoutes = resourceRoutes(
  'settings/shipping',
  'methodId',
  () => import('../screens/shipping/shipping-methods'),
  { list: 'ShippingMethodsScreen', create: 'NewShippingMethodScreen', detail: 'ShippingMethodScreen' },
);
const paymentMethodRoutes = resourceRoutes(
  'settings/payment-methods',
  'methodId',
  () => import('../screens/payment-methods/payment-methods'),
  { list: 'PaymentMethodsScreen', create: 'NewPaymentMethodScreen', detail: 'PaymentMethodScreen' },
);
const taxRuleRoutes = resourceRoutes('settings/tax', 'taxRuleId', () => import('../screens/tax/tax-rules'), {
  list: 'TaxRulesScreen',
  create: 'NewTaxRuleScreen',
  detail: 'TaxRuleScreen',
});

export const operationsRoutes = [
  inventoryRoute,
  movementsRoute,
  warehouseNewRoute,
  warehouseRoute,
  ...discountRoutes,
  settingsRoute,
  staffRoute,
  staffNewRoute,
  staffUserRoute,
  apiKeysRoute,
  pluginsRoute,
  automationRoute,
  deliveryRoute,
  emailsRoute,
  emailRoute,
  ...shippingRoutes,
  ...paymentMethodRoutes,
  ...taxRuleRoutes,
] as const;
