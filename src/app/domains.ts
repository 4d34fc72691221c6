import 'reflect-metadata';
import type { NonEmptyArray } from 'type-graphql';
import type { AccessTable } from '../auth/access';
import { ApiKeyResolver } from '../domains/api-keys/api-key.resolver';
import { apiKeysAccess } from '../domains/api-keys/api-keys.access';
import { AuthResolver } from '../domains/sessions/session.resolver';
import { authAccess } from '../domains/sessions/sessions.access';
import { CategoryResolver, TagResolver } from '../domains/catalog/category.resolver';
import { AttributeResolver, PropertyGroupResolver } from '../domains/catalog/property.resolver';
import { catalogAccess } from '../domains/catalog/catalog.access';
import { BulkProductInput } from '../domains/catalog/product.inputs';
import { ProductResolver } from '../domains/catalog/product.resolver';
import { mediaAccess } from '../domains/media/media.access';
import { MediaResolver } from '../domains/media/media.resolver';
import { inventoryAccess } from '../domains/inventory/inventory.access';
import { StockResolver } from '../domains/inventory/stock.resolver';
import { WarehouseResolver } from '../domains/inventory/warehouse.resolver';
import { AddressResolver } from '../domains/customers/address.resolver';
import { CustomerResolver } from '../domains/customers/customer.resolver';
import { customersAccess } from '../domains/customers/customers.access';
import { addressesAccess } from '../domains/customers/addresses.access';
import { CartResolver } from '../domains/carts/cart.resolver';
import { cartsAccess } from '../domains/carts/carts.access';
import { CheckoutResolver } from '../domains/orders/checkout.resolver';
import { OrderResolver } from '../domains/orders/order.resolver';
import { ordersAccess } from '../domains/orders/orders.access';
import { PaymentMethodResolver } from '../domains/payments/payment-method.resolver';
import { paymentsAccess } from '../domains/payments/payments.access';
import { DiscountResolver } from '../domains/pricing/discount.resolver';
import { pricingAccess } from '../domains/pricing/pricing.access';
import { ShippingMethodResolver } from '../domains/pricing/shipping-method.resolver';
import { TaxRuleResolver } from '../domains/pricing/tax-rule.resolver';
import { HealthResolver } from '../domains/system/health.resolver';
import { systemAccess } from '../domains/system/system.access';
import { AdminUserResolver } from '../domains/users/admin-user.resolver';
import { usersAccess } from '../domains/users/users.access';

/** Every resolver of the schema. A domain joins the API by adding its resolvers and access table here. */
export const RESOLVERS: NonEmptyArray<Function> = [
  HealthResolver,
  AuthResolver,
  AdminUserResolver,
  ApiKeyResolver,
  WarehouseResolver,
  StockResolver,
  ProductResolver,
  CategoryResolver,
  TagResolver,
  PropertyGroupResolver,
  AttributeResolver,
  MediaResolver,
  TaxRuleResolver,
  ShippingMethodResolver,
  DiscountResolver,
  PaymentMethodResolver,
  OrderResolver,
  CheckoutResolver,
  CartResolver,
  AddressResolver,
  CustomerResolver,
];

/** Every access table; shield rules are generated from them. */
export const ACCESS_TABLES: AccessTable[] = [
  systemAccess,
  authAccess,
  usersAccess,
  apiKeysAccess,
  inventoryAccess,
  catalogAccess,
  mediaAccess,
  pricingAccess,
  paymentsAccess,
  ordersAccess,
  cartsAccess,
  addressesAccess,
  customersAccess,
];

/** Types no field names but services read input against (bulk items arrive as JSON and are read one by one). */
export const ORPHANED_TYPES: Function[] = [BulkProductInput];
