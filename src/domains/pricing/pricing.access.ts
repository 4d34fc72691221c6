import { type AccessTable, admin, store } from '../../auth/access';

export const pricingAccess: AccessTable = {
  Query: {
    taxRules: admin('tax.read'),
    taxRule: admin('tax.read'),
    shippingMethods: admin('shipping.read'),
    shippingMethod: admin('shipping.read'),
    storeShippingMethods: store(),
    discountCodes: admin('discounts.read'),
    discountCode: admin('discounts.read'),
  },
  Mutation: {
    taxRuleCreate: admin('tax.create'),
    taxRuleUpdate: admin('tax.update'),
    taxRuleDelete: admin('tax.delete'),
    shippingMethodCreate: admin('shipping.create'),
    shippingMethodUpdate: admin('shipping.update'),
    shippingMethodDelete: admin('shipping.delete'),
    discountCodeCreate: admin('discounts.create'),
    discountCodeUpdate: admin('discounts.update'),
    discountCodeDelete: admin('discounts.delete'),
    discountValidate: store(),
  },
};
