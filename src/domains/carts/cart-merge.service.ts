import { requireCustomerId } from '../../context/actor';
import type { Ctx } from '../../context/ctx';
import { emitAfter, inTransaction } from '../../context/transaction';
import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../shared/errors';
import { availabilityOf, getAvailability } from '../inventory';
import { assertCartInRange, cartEntity, type CartRow, type CartView, cartView } from './cart.service';
import { findCurrentCart, findCurrentCartId, loadMergeSource, loadOwnedCart } from './cart-access';

/**
 * The signed-in customer's current cart (`accountCart`), or null: see {@link findCurrentCart}. A fixed number of
 * statements whatever the number of lines: the cart, its lines, their live prices.
 */
export async function accountCart(ctx: Ctx) {
  const cart = await findCurrentCart(ctx, requireCustomerId(ctx.actor));
  return cart ? cartView(ctx, cart) : null;
}

/**
 * Merges the anonymous cart `cartId` (reached with its `X-Cart-Token`) into the signed-in customer's current
 * cart, in one transaction: with no current cart, or one in another currency, the anonymous cart is adopted
 * (bound to the customer, token cleared, no expiry); otherwise its lines are added to the current cart (same
 * product and variant add up) and it is deleted. A line never asks for more than is available: it is cut to the
 * stock, and left out when none is left, so signing in never fails because something sold out meanwhile.
 */
export async function mergeCart(ctx: Ctx, cartId: string) {
  const customerId = requireCustomerId(ctx.actor);
  return inTransaction(ctx, async (tx) => {
    const target = await lockMergeCarts(tx, cartId, customerId);
    const source = await loadMergeSource(tx, cartId);
    // Prices are live and a cart holds one currency: the guest cart is the shopper's latest intent, so it wins,
    // and the older cart stays as it was (no longer current, nothing lost).
    if (!target || target.currency !== source.currency) return adopt(tx, source, customerId);
    return mergeInto(tx, source, target);
  });
}

/** How many times the current cart may change under us before the merge gives up (503, to be retried). */
const LOCK_ATTEMPTS = 3;

/**
 * Locks the anonymous cart and the customer's current cart in id order (so two merges, or a merge and a cart
 * change, queue instead of deadlocking), then re-reads the current cart under the lock. A merge that loses a
 * race for the same anonymous cart waits here and then finds it gone (404), so nothing is counted twice.
 */
async function lockMergeCarts(tx: Ctx, sourceId: string, customerId: string): Promise<CartRow | null> {
  let candidate = await findCurrentCartId(tx, customerId);
  for (let attempt = 1; attempt <= LOCK_ATTEMPTS; attempt++) {
    const ids = (candidate ? [sourceId, candidate] : [sourceId]).sort();
    await tx.db.$queryRaw(Prisma.sql`SELECT id FROM carts WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`);
    const current = await findCurrentCart(tx, customerId);
    if ((current?.id ?? null) === candidate) return current;
    candidate = current?.id ?? null;
  }
  throw new AppError('service_unavailable', 'the cart kept changing during the merge; try again', {
    headers: { 'Retry-After': '1' },
  });
}

/** What of `wanted` can be served: all of it where a negative-stock warehouse applies, else the stock. */
function servable(availability: Stock, line: StockKey, wanted: number): number {
  const a = availabilityOf(availability, line);
  return a.unlimited ? wanted : Math.max(0, Math.min(wanted, a.available));
}

type Stock = Awaited<ReturnType<typeof getAvailability>>;
type StockKey = { productId: string; variantId: string | null };
const sameLine = (a: StockKey, b: StockKey) => a.productId === b.productId && a.variantId === b.variantId;

/**
 * The anonymous cart becomes the customer's as it is, its lines cut to what is available (none left: the line
 * goes). No item hook fires: every line passed `cart.before_add_item` when it was added, and none is added now.
 */
async function adopt(tx: Ctx, source: CartRow, customerId: string) {
  const availability = await getAvailability(tx, source.items);
  const cut = source.items.map((item) => ({ id: item.id, quantity: servable(availability, item, item.quantity) }));
  const gone = cut.filter((c) => c.quantity === 0).map((c) => c.id);
  const fewer = cut.filter((c, i) => c.quantity > 0 && c.quantity < source.items[i].quantity);
  if (gone.length) await tx.db.$executeRaw(Prisma.sql`DELETE FROM cart_items WHERE id = ANY(${gone}::uuid[])`);
  if (fewer.length)
    await tx.db.$executeRaw(Prisma.sql`
      UPDATE cart_items SET quantity = v.quantity, updated_at = now()
      FROM (VALUES ${Prisma.join(fewer.map((c) => Prisma.sql`(${c.id}::uuid, ${c.quantity}::int)`))}) AS v(id, quantity)
      WHERE cart_items.id = v.id`);
  await tx.db.cart.update({
    where: { id: source.id },
    data: { customerId, sessionTokenHash: null, expiresAt: null },
  });
  return cartView(tx, await loadOwnedCart(tx, source.id));
}

/**
 * Adds the anonymous cart's lines to the customer's cart and deletes the anonymous cart. Each added line asks
 * `cart.before_add_item` (a rejection cancels the whole merge, nothing changed: the guest cart stays for the
 * storefront to keep) and is announced with `cart.after_add_item`, `metadata.merged_from_cart_id` naming the
 * guest cart. A line the customer already holds beyond the stock is left as it is, never lowered by a merge.
 */
async function mergeInto(tx: Ctx, source: CartRow, target: CartRow) {
  const incoming = await cartView(tx, source);
  const before = await cartView(tx, target);
  const availability = await getAvailability(tx, [...target.items, ...source.items]);
  let planned: CartView = before;
  const adds: Array<StockKey & { quantity: number; added: number }> = [];
  for (const line of incoming.items) {
    const have = planned.items.find((i) => sameLine(i, line))?.quantity ?? 0;
    const quantity = Math.max(have, servable(availability, line, have + line.quantity));
    if (quantity === have) continue;
    assertCartInRange(planned, line, quantity);
    planned = {
      ...planned,
      items: [
        ...planned.items.filter((i) => !sameLine(i, line)),
        { ...line, quantity, lineTotalGross: line.unitPriceGross * quantity },
      ],
    };
    adds.push({ productId: line.productId, variantId: line.variantId, quantity, added: quantity - have });
  }

  const metadata = { merged_from_cart_id: source.id };
  const changesOf = (a: (typeof adds)[number]) => ({
    product_id: a.productId,
    variant_id: a.variantId,
    quantity: a.added,
  });
  const entity = cartEntity(before);
  for (const add of adds)
    await tx.hooks.runBefore('cart.before_add_item', { entity, changes: changesOf(add), metadata });

  if (adds.length)
    // Absolute quantities, computed under the cart's lock: one statement whatever the number of lines.
    await tx.db.$executeRaw(Prisma.sql`
      INSERT INTO cart_items (id, cart_id, product_id, variant_id, quantity, created_at, updated_at)
      VALUES ${Prisma.join(
        adds.map(
          (a) =>
            Prisma.sql`(gen_random_uuid(), ${target.id}::uuid, ${a.productId}::uuid, ${a.variantId}::uuid, ${a.quantity}, now(), now())`,
        ),
      )}
      ON CONFLICT (cart_id, product_id, variant_id) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()`);
  await tx.db.cart.delete({ where: { id: source.id } });
  // The merge is the customer's latest change: the cart stays (or becomes) their current one.
  await tx.db.cart.update({ where: { id: target.id }, data: { expiresAt: null } });
  const view = await cartView(tx, await loadOwnedCart(tx, target.id));
  const after = cartEntity(view);
  for (const add of adds)
    await emitAfter(tx, 'cart.after_add_item', { entity: after, changes: changesOf(add), metadata });
  return view;
}
