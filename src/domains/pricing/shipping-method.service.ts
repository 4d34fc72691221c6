import { adminResource } from '../../context/admin-resource';
import type { ShippingMethod, ShippingMethodCreateInput, ShippingMethodUpdateInput } from './shipping-method.type';
import { assertTaxRuleExists } from './tax-rule.service';

/** Shipping methods: the simple admin resource recipe, plus a check that a given tax rule exists. */
const shippingMethods = adminResource<ShippingMethod, ShippingMethodCreateInput, ShippingMethodUpdateInput>({
  model: (db) => db.shippingMethod as never,
  label: 'shipping method',
  orderBy: [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  translated: true,
  table: 'shipping_methods',
  notNull: ['active', 'priceNet', 'priceGross', 'position', 'translations', 'customFields'],
  jsonFields: ['customFields'],
  check: (ctx, input) => assertTaxRuleExists(ctx, input.taxRuleId),
});

export const {
  list: listShippingMethods,
  listActive: listActiveShippingMethods,
  get: getShippingMethod,
  create: createShippingMethod,
  update: updateShippingMethod,
  /** Deletes the method; orders that used it keep their copy of the price and a null method id. */
  remove: deleteShippingMethod,
} = shippingMethods;
