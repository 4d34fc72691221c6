import { Arg, Ctx as Context, Mutation, Resolver } from 'type-graphql';
import type { Ctx } from '../../context/ctx';
import { RateLimit } from '../../context/limits';
import { CheckoutInput } from './checkout.inputs';
import { checkout } from './checkout.service';
import { Order } from './order.type';

@Resolver()
export class CheckoutResolver {
  @Mutation(() => Order, {
    description:
      'Places an order from `items` or a cart, computing prices, tax, shipping, discount and totals on the server, in one transaction. ' +
      'Honors the `Idempotency-Key` header. Guests (no credentials) need `email`. Public.',
  })
  @RateLimit('checkout')
  checkoutComplete(@Context() ctx: Ctx, @Arg('input', () => CheckoutInput) input: CheckoutInput) {
    return checkout(ctx, input);
  }
}
