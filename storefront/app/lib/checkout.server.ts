import { createHash } from 'node:crypto';

import { redirect } from 'react-router';

import { StorefrontCheckoutCompleteDocument } from '../generated/graphql';
import { gqlWithHeaders } from './api.server';
import { addressOf, type CheckoutForm, guestTokenOf } from './checkout';
import { localePath } from './locale';
import { callerOf, type PageContext } from './page.server';
import { sessionCookie } from './session.server';

/**
 * The checkout's `Idempotency-Key`: the same cart and form sent twice (a double click, a retry after a lost answer)
 * places one order; a changed form is a new attempt (the service refuses a reused key with another body).
 */
export const attemptKey = (cart: { id: string; items: { id: string; quantity: number }[] }, form: CheckoutForm) =>
  createHash('sha256')
    .update(JSON.stringify([cart.id, cart.items.map((i) => [i.id, i.quantity]), form]))
    .digest('hex');

/**
 * Places the order from the session's cart (a card payment's intent as its reference) and goes to the confirmation:
 * the cart leaves the session and the order (a guest's with the token the service set) takes its place.
 */
export async function placeOrder(
  ctx: PageContext,
  form: CheckoutForm,
  idempotencyKey: string,
  paymentReference?: string,
) {
  const address = addressOf(form);
  const { data: placed, headers } = await gqlWithHeaders(
    StorefrontCheckoutCompleteDocument,
    {
      input: {
        cartId: ctx.session.cartId,
        email: form.email,
        shippingAddress: address,
        billingAddress: address,
        shippingMethodId: form.shippingMethodId,
        paymentMethodId: form.paymentMethodId,
        paymentReference,
      },
    },
    { ...callerOf(ctx), idempotencyKey },
  );
  const order = placed.checkoutComplete;
  const session = {
    ...ctx.session,
    cartId: undefined,
    cartToken: undefined,
    cartCount: undefined,
    pendingPayment: undefined,
    lastOrder: { id: order.id, guestToken: guestTokenOf(headers) },
  };
  return redirect(localePath(ctx.locale, '/checkout/thank-you'), { headers: { 'set-cookie': sessionCookie(session) } });
}
