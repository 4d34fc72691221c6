import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../route';

const admin = '/api/v1/admin';
const page = { page: query('page'), limit: query('limit') };

export const pricingRoutes = [
  route({
    method: 'GET',
    path: `${admin}/tax-rules`,
    operation: op.TaxRulesDocument,
    variables: page,
    result: 'taxRules',
    envelope: 'list',
  }),
  route({
    method: 'POST',
    path: `${admin}/tax-rules`,
    operation: op.TaxRuleCreateDocument,
    variables: { input: body() },
    result: 'taxRuleCreate',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${admin}/tax-rules/{id}`,
    operation: op.TaxRuleDocument,
    variables: { id: path('id') },
    result: 'taxRule',
  }),
  route({
    method: 'PUT',
    path: `${admin}/tax-rules/{id}`,
    operation: op.TaxRuleUpdateDocument,
    variables: { id: path('id'), input: body() },
    result: 'taxRuleUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${admin}/tax-rules/{id}`,
    operation: op.TaxRuleDeleteDocument,
    variables: { id: path('id') },
    result: 'taxRuleDelete',
    envelope: 'none',
  }),

  route({
    method: 'GET',
    path: `${admin}/shipping-methods`,
    operation: op.ShippingMethodsDocument,
    variables: { ...page, active: query('filter[active]') },
    result: 'shippingMethods',
    envelope: 'list',
  }),
  route({
    method: 'POST',
    path: `${admin}/shipping-methods`,
    operation: op.ShippingMethodCreateDocument,
    variables: { input: body() },
    result: 'shippingMethodCreate',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${admin}/shipping-methods/{id}`,
    operation: op.ShippingMethodDocument,
    variables: { id: path('id') },
    result: 'shippingMethod',
  }),
  route({
    method: 'PUT',
    path: `${admin}/shipping-methods/{id}`,
    operation: op.ShippingMethodUpdateDocument,
    variables: { id: path('id'), input: body() },
    result: 'shippingMethodUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${admin}/shipping-methods/{id}`,
    operation: op.ShippingMethodDeleteDocument,
    variables: { id: path('id') },
    result: 'shippingMethodDelete',
    envelope: 'none',
  }),
  route({
    method: 'GET',
    path: '/api/v1/store/shipping-methods',
    operation: op.StoreShippingMethodsDocument,
    result: 'storeShippingMethods',
  }),

  route({
    method: 'GET',
    path: `${admin}/discounts`,
    operation: op.DiscountCodesDocument,
    variables: { ...page, active: query('filter[active]'), search: query('search') },
    result: 'discountCodes',
    envelope: 'list',
  }),
  route({
    method: 'POST',
    path: `${admin}/discounts`,
    operation: op.DiscountCodeCreateDocument,
    variables: { input: body() },
    result: 'discountCodeCreate',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${admin}/discounts/{id}`,
    operation: op.DiscountCodeDocument,
    variables: { id: path('id') },
    result: 'discountCode',
  }),
  route({
    method: 'PUT',
    path: `${admin}/discounts/{id}`,
    operation: op.DiscountCodeUpdateDocument,
    variables: { id: path('id'), input: body() },
    result: 'discountCodeUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${admin}/discounts/{id}`,
    operation: op.DiscountCodeDeleteDocument,
    variables: { id: path('id') },
    result: 'discountCodeDelete',
    envelope: 'none',
  }),
  route({
    method: 'POST',
    path: '/api/v1/store/discounts/validate',
    operation: op.DiscountValidateDocument,
    variables: { input: body() },
    result: 'discountValidate',
  }),
];
