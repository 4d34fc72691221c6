import { Field, InputType, Int } from 'type-graphql';
import { JsonScalar, UuidScalar } from '../../shared/scalars';
import { Rules } from '../../shared/validation/rules';
import { OrderStatus } from './order.type';
import { LIST_LIMITS } from '../../shared/validation/limits';

@InputType({ description: 'A product, or a variant (which implies its product), and a quantity.' })
export class CheckoutItemInput {
  @Field(() => UuidScalar, { nullable: true }) productId?: string;
  @Field(() => UuidScalar, { nullable: true }) variantId?: string;
  @Field(() => Int) @Rules({ min: 1 }) quantity!: number;
}

@InputType({
  description: 'Checkout from `items` or from `cart_id`. Prices, tax, shipping and totals are computed on the server.',
})
export class CheckoutInput {
  @Field({ nullable: true, description: 'ISO 4217; must match the products.' })
  @Rules({ pattern: '^[A-Z]{3}$' })
  currency?: string;
  @Field(() => [CheckoutItemInput], { nullable: true })
  @Rules({ maxItems: LIST_LIMITS.orderLines })
  items?: CheckoutItemInput[];
  @Field(() => UuidScalar, { nullable: true, description: 'Anonymous carts also need the `X-Cart-Token` header.' })
  cartId?: string;
  @Field(() => JsonScalar, {
    description:
      '`first_name, last_name, street, city, zip, country_code` (or `country`); `company`, `phone` optional.',
  })
  shippingAddress!: Record<string, unknown>;
  @Field(() => JsonScalar, { nullable: true, description: 'Defaults to the shipping address.' })
  billingAddress?: Record<string, unknown>;
  @Field(() => UuidScalar) shippingMethodId!: string;
  @Field(() => UuidScalar) paymentMethodId!: string;
  @Field({ nullable: true, description: 'Provider-side payment reference; required for methods with a provider.' })
  @Rules({ maxLength: 255 })
  paymentReference?: string;
  @Field({ nullable: true }) @Rules({ maxLength: 100 }) discountCode?: string;
  @Field({ nullable: true, description: "Required for guests; defaults to the customer's email." })
  @Rules({ email: true, maxLength: 320 })
  email?: string;
  @Field({ nullable: true }) @Rules({ maxLength: 2000 }) notes?: string;
}

@InputType()
export class OrderStatusInput {
  @Field(() => OrderStatus) status!: OrderStatus;
  @Field({ nullable: true }) @Rules({ maxLength: 2000 }) comment?: string;
}
