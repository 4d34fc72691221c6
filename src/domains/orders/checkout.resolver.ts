import { Arg, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { RateLimit } from '../../context/limits';
import { Raises } from '../../shared/raises';
import { CheckoutInput, CheckoutQuoteInput } from './checkout.inputs';
import { checkout } from './checkout.service';
import { CHECKOUT_PRICING_ERRORS } from './checkout-draft';
import { quoteCheckout } from './checkout-quote';
import { CheckoutQuote } from './checkout-quote.type';
import { Order } from './order.type';

@Resolver()
export class CheckoutResolver {
  @Mutation(() => Order, {
    description:
      'Places an order from `items` or a cart, computing prices, tax, shipping, discount and totals on the server, in one transaction. ' +
      'Honors the `Idempotency-Key` header. Guests (no credentials) need `email`. Public.',
  })
  @RateLimit('checkout')
  @Raises(
    ...CHECKOUT_PRICING_ERRORS,
    'idempotency_conflict',
    'checkout_rejected',
    'insufficient_stock',
    'payment_reference_required',
    'hook_rejected',
  )
  checkoutComplete(@Context() ctx: Ctx, @Arg('input', () => CheckoutInput) input: CheckoutInput) {
    return checkout(ctx, input);
  }

  @Query(() => CheckoutQuote, {
    description:
      'What `checkoutComplete` would charge for this body now: lines with tax, subtotal, shipping, discount, tax ' +
      'total, total and currency, and which lines lack stock. The same pricing code as checkout, with its errors ' +
      '(422 `invalid_product`, `invalid_shipping_method`, `code_invalid`…); writes nothing and reserves no stock. ' +
      'Use its `total` for a pay-first payment, then call `checkoutComplete` with the same body. Public.',
  })
  @Raises(...CHECKOUT_PRICING_ERRORS)
  checkoutQuote(@Context() ctx: Ctx, @Arg('input', () => CheckoutQuoteInput) input: CheckoutQuoteInput) {
    return quoteCheckout(ctx, input);
  }
}
