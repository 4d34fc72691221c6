import { Field, InputType, Int } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';
import { LIST_LIMITS } from '../../shared/validation/limits';
import { Clearable, COUNTRY_CODE, Rules } from '../../shared/validation/rules';
import { LOCALE_RULES } from '../mail';
import { OrderStatus } from './order.type';

@InputType({ description: 'A product, or a variant (which implies its product), and a quantity.' })
export class CheckoutItemInput {
  @Clearable() @Field(() => UuidScalar, { nullable: true }) productId?: string;
  @Clearable() @Field(() => UuidScalar, { nullable: true }) variantId?: string;
  @Field(() => Int) @Rules({ min: 1 }) quantity!: number;
}

/**
 * A checkout address in GraphQL's camelCase; the order stores it with the spec's snake_case keys (REST bodies
 * send `first_name`… and the REST reader maps them onto these fields). The fields are nullable in the schema so
 * that checkout reports every missing one at once (with the email and the rest of the request), not only the
 * first one GraphQL's coercion trips over.
 */
@InputType({
  description:
    'Required: `firstName, lastName, street, city, zip` and `countryCode` (or `country`); `company`, `phone` optional. ' +
    'Every missing field is reported at once (400 `validation_error`).',
})
export class CheckoutAddressInput {
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 255, requiredByUseCase: true }) firstName?: string;
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 255, requiredByUseCase: true }) lastName?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) company?: string;
  @Field({ nullable: true, description: 'Street and house number.' })
  @Rules({ minLength: 1, maxLength: 255, requiredByUseCase: true })
  street?: string;
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 255, requiredByUseCase: true }) city?: string;
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 255, requiredByUseCase: true }) zip?: string;
  @Field({ nullable: true, description: 'ISO 3166-1 alpha-2, upper case (`DE`).' })
  @Rules(COUNTRY_CODE)
  countryCode?: string;
  @Clearable()
  @Field({ nullable: true, description: 'A country name, accepted instead of `countryCode`.' })
  @Rules({ maxLength: 255 })
  country?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) phone?: string;
}

@InputType({
  description: 'Checkout from `items` or from `cartId`. Prices, tax, shipping and totals are computed on the server.',
})
export class CheckoutInput {
  @Field({ nullable: true, description: 'ISO 4217; must match the products.' })
  @Rules({ pattern: '^[A-Z]{3}$' })
  currency?: string;
  @Field(() => [CheckoutItemInput], { nullable: true })
  @Rules({ maxItems: LIST_LIMITS.orderLines })
  items?: CheckoutItemInput[];
  @Clearable()
  @Field(() => UuidScalar, { nullable: true, description: 'Anonymous carts also need the `X-Cart-Token` header.' })
  cartId?: string;
  @Field(() => CheckoutAddressInput) shippingAddress!: CheckoutAddressInput;
  @Clearable()
  @Field(() => CheckoutAddressInput, { nullable: true, description: 'Defaults to the shipping address.' })
  billingAddress?: CheckoutAddressInput | null;
  @Field(() => UuidScalar) shippingMethodId!: string;
  @Field(() => UuidScalar) paymentMethodId!: string;
  @Clearable()
  @Field({ nullable: true, description: 'Provider-side payment reference; required for methods with a provider.' })
  @Rules({ maxLength: 255 })
  paymentReference?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 100 }) discountCode?: string;
  @Field({ nullable: true, description: "Required for guests; defaults to the customer's email." })
  @Rules({ email: true, maxLength: 320 })
  email?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 2000 }) notes?: string;
  @Clearable()
  @Field({
    nullable: true,
    description:
      "The buyer's language for the order's emails (`de`, `de-AT`); when absent, the request's Accept-Language, " +
      "then the signed-in customer's stored locale, else none (the shop's default).",
  })
  @Rules(LOCALE_RULES)
  locale?: string;
}

@InputType({
  description:
    'The checkout body without the payment reference: what `checkoutQuote` prices. Only the lines (`items` or ' +
    '`cartId`), `shippingMethodId` and `discountCode` change the figures; addresses, `email` and ' +
    '`paymentMethodId` may be left out, and are checked as checkout checks them when given.',
})
export class CheckoutQuoteInput {
  @Field({ nullable: true, description: 'ISO 4217; must match the products.' })
  @Rules({ pattern: '^[A-Z]{3}$' })
  currency?: string;
  @Field(() => [CheckoutItemInput], { nullable: true })
  @Rules({ maxItems: LIST_LIMITS.orderLines })
  items?: CheckoutItemInput[];
  @Clearable()
  @Field(() => UuidScalar, { nullable: true, description: 'Anonymous carts also need the `X-Cart-Token` header.' })
  cartId?: string;
  @Clearable() @Field(() => CheckoutAddressInput, { nullable: true }) shippingAddress?: CheckoutAddressInput | null;
  @Clearable()
  @Field(() => CheckoutAddressInput, { nullable: true, description: 'Defaults to the shipping address.' })
  billingAddress?: CheckoutAddressInput | null;
  @Field(() => UuidScalar) shippingMethodId!: string;
  @Clearable() @Field(() => UuidScalar, { nullable: true }) paymentMethodId?: string | null;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 100 }) discountCode?: string;
  @Field({ nullable: true }) @Rules({ email: true, maxLength: 320 }) email?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 2000 }) notes?: string;
}

@InputType()
export class OrderStatusInput {
  @Field(() => OrderStatus) status!: OrderStatus;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 2000 }) comment?: string;
}
