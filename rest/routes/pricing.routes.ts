import * as op from '../../src/generated/graphql';
import { body, crud, query, route } from '../../src/routing/route';

const admin = '/api/v1/admin';

export const pricingRoutes = [
  ...crud(`${admin}/tax-rules`, {
    list: op.TaxRulesDocument,
    create: op.TaxRuleCreateDocument,
    read: op.TaxRuleDocument,
    update: op.TaxRuleUpdateDocument,
    delete: op.TaxRuleDeleteDocument,
  }),

  ...crud(
    `${admin}/shipping-methods`,
    {
      list: op.ShippingMethodsDocument,
      create: op.ShippingMethodCreateDocument,
      read: op.ShippingMethodDocument,
      update: op.ShippingMethodUpdateDocument,
      delete: op.ShippingMethodDeleteDocument,
    },
    { filters: { active: query('filter[active]') } },
  ),
  route({
    method: 'GET',
    path: '/api/v1/store/shipping-methods',
    operation: op.StoreShippingMethodsDocument,
    result: 'storeShippingMethods',
  }),

  ...crud(
    `${admin}/discounts`,
    {
      list: op.DiscountCodesDocument,
      create: op.DiscountCodeCreateDocument,
      read: op.DiscountCodeDocument,
      update: op.DiscountCodeUpdateDocument,
      delete: op.DiscountCodeDeleteDocument,
    },
    {
      filters: { active: query('filter[active]'), search: query('search') },
    },
  ),
  route({
    method: 'POST',
    path: '/api/v1/store/discounts/validate',
    operation: op.DiscountValidateDocument,
    variables: { input: body() },
    result: 'discountValidate',
  }),
];
