import { Field, Int, ObjectType } from 'type-graphql';

import { UuidScalar } from '../../shared/scalars';

@ObjectType({ description: 'One line of a quote: priced as the order item it will become, with its stock.' })
export class CheckoutQuoteLine {
  @Field(() => UuidScalar) productId!: string;
  @Field(() => UuidScalar, { nullable: true }) variantId!: string | null;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field() name!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Int, { description: 'Minor units of the quote currency.' }) unitPriceNet!: number;
  @Field(() => Int, { description: 'Minor units of the quote currency.' }) unitPriceGross!: number;
  @Field(() => Int, { description: 'Basis points (1900 = 19 %).' }) taxRate!: number;
  @Field(() => Int) totalNet!: number;
  @Field(() => Int) totalGross!: number;
  @Field({
    description:
      'Whether the active warehouses hold enough for this line now (lines of one variant count together). ' +
      'Nothing is reserved: checkout checks again and answers 422 `insufficient_stock`.',
  })
  inStock!: boolean;
  @Field(() => Int, {
    nullable: true,
    description: 'Units available now; null where a warehouse allows negative stock (no limit).',
  })
  availableQuantity!: number | null;
}

@ObjectType({
  description:
    'What `checkoutComplete` would charge for the same body now, computed by the same code without writing ' +
    'anything or reserving stock. Money in minor units of `currency`; `total = subtotalGross + shippingGross − ' +
    'discountTotal`. A price, stock or discount change before checkout changes the order, not this quote.',
})
export class CheckoutQuote {
  @Field({ description: 'ISO 4217, upper case.' }) currency!: string;
  @Field(() => [CheckoutQuoteLine]) items!: CheckoutQuoteLine[];
  @Field(() => Int) subtotalGross!: number;
  @Field(() => Int) subtotalNet!: number;
  @Field(() => Int) shippingGross!: number;
  @Field(() => Int) shippingNet!: number;
  @Field(() => Int) discountTotal!: number;
  @Field(() => String, { nullable: true, description: 'The code as stored (lower case), when one applies.' })
  discountCode!: string | null;
  @Field(() => Int, { description: 'Tax in the lines (after the discount) and in shipping.' }) taxTotal!: number;
  @Field(() => Int, { description: 'The amount a pay-first payment must be created for.' }) total!: number;
  @Field({ description: 'False when any line lacks stock (see `items[].inStock`).' }) inStock!: boolean;
  @Field(() => UuidScalar) shippingMethodId!: string;
  @Field(() => UuidScalar, { nullable: true }) paymentMethodId!: string | null;
}
