/**
 * Abandoned anonymous carts are deleted (issue 53): past their expiry (30 days after their last change), the
 * core's background pass deletes them with their lines, in batches; customers' carts and live anonymous carts stay.
 */
import { randomBytes } from 'node:crypto';

import { createCustomer, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const { t, shop } = useShop({ config: { 'carts.prune_interval_seconds': 1 } });

const C = '/api/v1/store/cart';
const DAY = 86_400_000;

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('expired anonymous carts', () => {
  it('are deleted with their lines; a fresh anonymous cart and a customer cart stay', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 10);
    const cartWithLine = async (headers: Record<string, string> = {}, client = t.asGuest()) => {
      const cart = (await client.post(C, undefined, headers)).body.data;
      const token = cart.session_token as string | null;
      const auth: Record<string, string> = token ? { 'x-cart-token': token } : {};
      expect((await client.post(`${C}/${cart.id}/items`, { product_id: product.id, quantity: 1 }, auth)).status).toBe(
        201,
      );
      return cart.id as string;
    };
    const abandoned = await cartWithLine();
    const fresh = await cartWithLine();
    const customer = t.asCustomer((await createCustomer(t)).id);
    const customers = await cartWithLine({}, customer);
    // Last changed 31 days ago: expired a day ago. The customer's cart is as old, and has no expiry.
    await t.db.cart.update({
      where: { id: abandoned },
      data: { expiresAt: new Date(Date.now() - DAY), createdAt: new Date(Date.now() - 31 * DAY) },
    });
    await t.db.cart.update({ where: { id: customers }, data: { createdAt: new Date(Date.now() - 400 * DAY) } });

    await until(async () => (await t.db.cart.count({ where: { id: abandoned } })) === 0);
    expect(await t.db.cartItem.count({ where: { cartId: abandoned } })).toBe(0);
    expect(await t.db.cart.count({ where: { id: { in: [fresh, customers] } } })).toBe(2);
    expect(await t.db.cartItem.count({ where: { cartId: { in: [fresh, customers] } } })).toBe(2);
  });

  it('goes through a backlog larger than one batch', async () => {
    const expired = new Date(Date.now() - DAY);
    const rows = Array.from({ length: 2_500 }, () => ({
      currency: 'EUR',
      sessionTokenHash: randomBytes(32).toString('hex'),
      expiresAt: expired,
    }));
    await t.db.cart.createMany({ data: rows });
    await until(async () => (await t.db.cart.count({ where: { expiresAt: { lt: new Date() } } })) === 0);
  });
});
