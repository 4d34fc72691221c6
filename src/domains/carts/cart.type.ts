import { Field, InputType, Int, ObjectType } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';
import { Clearable, Rules } from '../../shared/validation/rules';

@ObjectType({ description: 'A cart line at the live catalog price.' })
export class CartItem {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar) productId!: string;
  @Field(() => UuidScalar, { nullable: true }) variantId!: string | null;
  @Field() sku!: string;
  @Field() name!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Int) unitPriceGross!: number;
  @Field(() => Int) unitPriceNet!: number;
  @Field(() => Int) lineTotalGross!: number;
}

@ObjectType({
  description: "A cart: a customer's (their credentials reach it) or anonymous (its `X-Cart-Token` reaches it).",
})
export class Cart {
  @Field(() => UuidScalar) id!: string;
  @Field(() => UuidScalar, { nullable: true }) customerId!: string | null;
  @Field() currency!: string;
  @Field(() => [CartItem]) items!: CartItem[];
  @Field(() => Int) subtotalGross!: number;
  @Field(() => Int) subtotalNet!: number;
  @Field(() => Int, { description: 'Sum of quantities.' }) itemCount!: number;
  @Field(() => Date, { nullable: true, description: 'Anonymous carts expire 30 days after their last change.' })
  expiresAt!: Date | null;
  @Field(() => String, {
    nullable: true,
    description: 'Anonymous carts only, and only in the response that creates the cart: send it as `X-Cart-Token`.',
  })
  sessionToken!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@InputType()
export class CartCreateInput {
  @Field({ nullable: true, description: 'ISO 4217; default `i18n.default_currency`.' })
  @Rules({ pattern: '^[A-Z]{3}$' })
  currency?: string;
}

@InputType({
  description: 'A product, or a variant (which implies its product); a product with variants needs the variant.',
})
export class CartItemAddInput {
  @Clearable() @Field(() => UuidScalar, { nullable: true }) productId?: string;
  @Clearable() @Field(() => UuidScalar, { nullable: true }) variantId?: string;
  @Field(() => Int) @Rules({ min: 1 }) quantity!: number;
}

@InputType()
export class CartItemUpdateInput {
  @Field(() => Int, { description: 'The new absolute quantity.' }) @Rules({ min: 1 }) quantity!: number;
}
