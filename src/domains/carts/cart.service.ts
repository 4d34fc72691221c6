import { randomBytes } from 'node:crypto';

import { customerIdOf } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { emitAfter, inTransaction } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { assertAmountsInRange } from '../../shared/money-range';
import { snakeKeys } from '../../shared/updates';
import { assertAvailable } from '../inventory';
import { priceLines } from '../pricing';
import type { CartCreateInput, CartItemAddInput } from './cart.type';
import { hashCartToken, loadOwnedCart } from './cart-access';

const ANONYMOUS_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export type CartRow = Awaited<ReturnType<typeof loadOwnedCart>>;

/** A cart with its lines priced from the live catalog (contract §6 fields). */
export async function cartView(ctx: Ctx, cart: CartRow, sessionToken: string | null = null) {
  const priced = await priceLines(ctx, cart.items, { missing: 'not_found', field: 'items', allowInactive: true });
  const items = cart.items.map((item, i) => ({
    id: item.id,
    ...priced[i],
    lineTotalGross: priced[i].unitPriceGross * item.quantity,
  }));
  return {
    id: cart.id,
    customerId: cart.customerId,
    currency: cart.currency,
    items,
    subtotalGross: items.reduce((s, i) => s + i.lineTotalGross, 0),
    subtotalNet: items.reduce((s, i) => s + i.unitPriceNet * i.quantity, 0),
    itemCount: items.reduce((s, i) => s + i.quantity, 0),
    expiresAt: cart.expiresAt,
    sessionToken,
    createdAt: cart.createdAt,
    updatedAt: cart.updatedAt,
  };
}

export type CartView = Awaited<ReturnType<typeof cartView>>;

/**
 * Checks, before a line's quantity is written, that the cart it makes still fits the stored range: the line's
 * quantity and total, the subtotals and the item count (422 `amount_out_of_range` on `quantity`, nothing
 * saved). `line` is the product or variant whose quantity becomes `quantity`, priced as the view prices it.
 */
export function assertCartInRange(
  view: CartView,
  line: { productId: string; variantId: string | null; unitPriceGross: number; unitPriceNet: number },
  quantity: number,
): void {
  const others = view.items.filter((i) => i.productId !== line.productId || i.variantId !== line.variantId);
  const sum = (pick: (i: CartView['items'][number]) => number) => others.reduce((s, i) => s + pick(i), 0);
  assertAmountsInRange(
    {
      quantity,
      line_total_gross: line.unitPriceGross * quantity,
      subtotal_gross: sum((i) => i.lineTotalGross) + line.unitPriceGross * quantity,
      subtotal_net: sum((i) => i.unitPriceNet * i.quantity) + line.unitPriceNet * quantity,
      item_count: sum((i) => i.quantity) + quantity,
    },
    'quantity',
  );
}

/**
 * A cart as a hook event carries it: snake_case like every other event's entity (the REST shape, what the
 * automation webhooks send), without the session token (events leave the process).
 */
export function cartEntity(view: CartView): Record<string, unknown> {
  const { sessionToken: _token, ...shown } = view;
  return snakeKeys(shown) as Record<string, unknown>;
}

/** A signed-in customer's cart is bound to them; an anonymous one gets a session token, shown only now. */
export async function createCart(ctx: Ctx, input: CartCreateInput) {
  const customerId = customerIdOf(ctx.actor);
  if (customerId && !(await ctx.db.customer.findUnique({ where: { id: customerId }, select: { id: true } })))
    throw new AppError('unauthorized', 'unknown customer');
  const token = customerId ? null : randomBytes(32).toString('hex');
  const cart = await ctx.db.cart.create({
    data: {
      customerId,
      currency: input.currency ?? ctx.config['i18n.default_currency'],
      sessionTokenHash: token ? hashCartToken(token) : null,
      expiresAt: token ? new Date(Date.now() + ANONYMOUS_LIFETIME_MS) : null,
    },
    include: { items: true },
  });
  return cartView(ctx, cart, token);
}

export async function getCart(ctx: Ctx, id: string) {
  return cartView(ctx, await loadOwnedCart(ctx, id));
}

/** Every change keeps an anonymous cart alive for another 30 days. */
async function touch(ctx: Ctx, cart: CartRow): Promise<void> {
  await ctx.db.cart.update({
    where: { id: cart.id },
    data: { expiresAt: cart.customerId ? null : new Date(Date.now() + ANONYMOUS_LIFETIME_MS) },
  });
}

/**
 * Adds a line, merging with the same product/variant; what the cart then holds must be in stock (spec rule 5:
 * existing + requested ≤ available, unless a negative-stock warehouse applies). The merge is one upsert, so
 * two concurrent adds both count.
 */
export async function addItem(ctx: Ctx, cartId: string, input: CartItemAddInput) {
  return inTransaction(ctx, async (tx) => {
    await lockCart(tx, cartId);
    const cart = await loadOwnedCart(tx, cartId);
    const [line] = await priceLines(tx, [input], { missing: 'not_found' });
    if (line.currency !== cart.currency)
      throw new AppError('currency_mismatch', `the cart is in ${cart.currency}`, { field: 'product_id' });
    const existing = cart.items.find((i) => i.productId === line.productId && i.variantId === line.variantId);
    const changes = { product_id: line.productId, variant_id: line.variantId, quantity: input.quantity };
    const before = await cartView(tx, cart);
    const merged = (existing?.quantity ?? 0) + input.quantity;
    assertCartInRange(before, line, merged);
    await tx.hooks.runBefore('cart.before_add_item', { entity: cartEntity(before), changes, metadata: {} });
    await assertAvailable(tx, [{ productId: line.productId, variantId: line.variantId, quantity: merged }]);
    await tx.db.$executeRaw(Prisma.sql`
      INSERT INTO cart_items (id, cart_id, product_id, variant_id, quantity, created_at, updated_at)
      VALUES (gen_random_uuid(), ${cart.id}::uuid, ${line.productId}::uuid, ${line.variantId}::uuid, ${input.quantity}, now(), now())
      ON CONFLICT (cart_id, product_id, variant_id) DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity, updated_at = now()`);
    await touch(tx, cart);
    const view = await cartView(tx, await loadOwnedCart(tx, cartId));
    await emitAfter(tx, 'cart.after_add_item', { entity: cartEntity(view), changes, metadata: {} });
    return view;
  });
}

/**
 * Serializes changes to one cart: the row lock is taken before its lines are read, so two parallel adds of a
 * product see each other's quantity and "existing + requested <= available" holds (Stock behaviour, rule 5).
 */
async function lockCart(tx: Ctx, cartId: string): Promise<void> {
  await tx.db.$queryRaw(Prisma.sql`SELECT id FROM carts WHERE id = ${cartId}::uuid FOR UPDATE`);
}

/** Sets a line's absolute quantity, checked against what is available. */
export async function updateItem(ctx: Ctx, cartId: string, itemId: string, quantity: number) {
  return inTransaction(ctx, async (tx) => {
    await lockCart(tx, cartId);
    const cart = await loadOwnedCart(tx, cartId);
    const item = cart.items.find((i) => i.id === itemId);
    if (!item) throw AppError.notFound('cart item');
    const changes = { item_id: itemId, quantity: { from: item.quantity, to: quantity } };
    const before = await cartView(tx, cart);
    assertCartInRange(
      before,
      before.items.find((i) => i.id === itemId)!,
      quantity,
    );
    await tx.hooks.runBefore('cart.before_update_item', { entity: cartEntity(before), changes, metadata: {} });
    await assertAvailable(tx, [{ productId: item.productId, variantId: item.variantId, quantity }]);
    await tx.db.cartItem.update({ where: { id: itemId }, data: { quantity } });
    await touch(tx, cart);
    const view = await cartView(tx, await loadOwnedCart(tx, cartId));
    await emitAfter(tx, 'cart.after_update_item', { entity: cartEntity(view), changes, metadata: {} });
    return view;
  });
}

export async function removeItem(ctx: Ctx, cartId: string, itemId: string) {
  return inTransaction(ctx, async (tx) => {
    await lockCart(tx, cartId);
    const cart = await loadOwnedCart(tx, cartId);
    const item = cart.items.find((i) => i.id === itemId);
    if (!item) throw AppError.notFound('cart item');
    const changes = {
      item_id: itemId,
      product_id: item.productId,
      variant_id: item.variantId,
      quantity: item.quantity,
    };
    await tx.hooks.runBefore('cart.before_remove_item', {
      entity: cartEntity(await cartView(tx, cart)),
      changes,
      metadata: {},
    });
    await tx.db.cartItem.delete({ where: { id: itemId } });
    await touch(tx, cart);
    const view = await cartView(tx, await loadOwnedCart(tx, cartId));
    await emitAfter(tx, 'cart.after_remove_item', { entity: cartEntity(view), changes, metadata: {} });
    return view;
  });
}

export async function deleteCart(ctx: Ctx, cartId: string): Promise<boolean> {
  const cart = await loadOwnedCart(ctx, cartId);
  await ctx.db.cart.delete({ where: { id: cart.id } });
  return true;
}
