/** Pricing: tax rules, shipping methods, discount codes and the pricing of cart and order lines. */
import type { DomainModule } from '../module';
import { DiscountResolver } from './discount.resolver';
import { pricingAccess } from './pricing.access';
import { ShippingMethodResolver } from './shipping-method.resolver';
import { TaxRuleResolver } from './tax-rule.resolver';

export { discountAmount, type DiscountTerms, normalizeCode } from './discount-rules';
export { type PricedLine, priceLines, unitPrices } from './line-pricing';
export { createShippingMethod } from './shipping-method.service';
export { createTaxRule } from './tax-rule.service';
export { TaxRuleType } from './tax-rule.type';

export const domain: DomainModule = {
  name: 'pricing',
  resolvers: [TaxRuleResolver, ShippingMethodResolver, DiscountResolver],
  access: [pricingAccess],
};
