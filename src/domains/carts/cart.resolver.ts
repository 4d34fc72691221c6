import { Arg, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import * as carts from './cart.service';
import { Cart, CartCreateInput, CartItemAddInput, CartItemUpdateInput } from './cart.type';
import * as merge from './cart-merge.service';

const OWNERSHIP =
  'Customers reach their own carts; anonymous carts need the `X-Cart-Token` header. Anything else is 404.';

@Resolver(() => Cart)
export class CartResolver {
  @Mutation(() => Cart, {
    description: 'Creates a cart (bound to the signed-in customer, else anonymous with a `session_token` shown once).',
  })
  cartCreate(@Context() ctx: Ctx, @Arg('input', () => CartCreateInput, { nullable: true }) input?: CartCreateInput) {
    return carts.createCart(ctx, input ?? {});
  }

  @Query(() => Cart, { description: OWNERSHIP })
  cart(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return carts.getCart(ctx, id);
  }

  @Mutation(() => Cart, {
    description: `Adds (or merges) a line; 422 \`insufficient_stock\` beyond what is available. ${OWNERSHIP}`,
  })
  @Raises('insufficient_stock', 'currency_mismatch', 'amount_out_of_range', 'hook_rejected')
  cartItemAdd(
    @Context() ctx: Ctx,
    @Arg('cartId', () => UuidScalar) cartId: string,
    @Arg('input', () => CartItemAddInput) input: CartItemAddInput,
  ) {
    return carts.addItem(ctx, cartId, input);
  }

  @Mutation(() => Cart, { description: `Sets a line's quantity. ${OWNERSHIP}` })
  @Raises('insufficient_stock', 'amount_out_of_range', 'hook_rejected')
  cartItemUpdate(
    @Context() ctx: Ctx,
    @Arg('cartId', () => UuidScalar) cartId: string,
    @Arg('itemId', () => UuidScalar) itemId: string,
    @Arg('input', () => CartItemUpdateInput) input: CartItemUpdateInput,
  ) {
    return carts.updateItem(ctx, cartId, itemId, input.quantity);
  }

  @Mutation(() => Cart, { description: `Removes a line. ${OWNERSHIP}` })
  @Raises('hook_rejected')
  cartItemRemove(
    @Context() ctx: Ctx,
    @Arg('cartId', () => UuidScalar) cartId: string,
    @Arg('itemId', () => UuidScalar) itemId: string,
  ) {
    return carts.removeItem(ctx, cartId, itemId);
  }

  @Mutation(() => Boolean, { description: `Deletes the cart. ${OWNERSHIP}` })
  cartDelete(@Context() ctx: Ctx, @Arg('cartId', () => UuidScalar) cartId: string) {
    return carts.deleteCart(ctx, cartId);
  }

  @Query(() => Cart, {
    nullable: true,
    description:
      "The signed-in customer's current cart: of their carts holding a line, the one changed last (a checked-out " +
      'cart is emptied, so never current); null when there is none. Reach it from any device.',
  })
  accountCart(@Context() ctx: Ctx) {
    return merge.accountCart(ctx);
  }

  @Mutation(() => Cart, {
    description:
      "Merges an anonymous cart (its `X-Cart-Token` needed, else 404) into the signed-in customer's current cart, " +
      'as on sign-in: same product and variant add up; the anonymous cart is deleted. Without a current cart, or ' +
      'with one in another currency, the anonymous cart itself becomes theirs. Quantities are cut to the stock ' +
      "and sold-out lines left out (never an error). Naming the customer's own cart (no token) is 400 " +
      '`validation_error` (`own_cart`).',
  })
  @Raises('amount_out_of_range', 'hook_rejected')
  cartMerge(@Context() ctx: Ctx, @Arg('cartId', () => UuidScalar) cartId: string) {
    return merge.mergeCart(ctx, cartId);
  }
}
