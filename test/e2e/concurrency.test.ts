/**
 * Issue 15: checkouts racing order cancellations, refunds, admin stock sets and product updates on PostgreSQL;
 * issue 48 adds shipments and returns received (restocked or not) into the same race.
 * Afterwards: no 5xx, every stock entry equals the sum of its movements, no negative stock where the warehouse
 * does not allow it, and every order's sale movements match its items (reversed ones net to zero).
 */
import { randomBytes } from 'node:crypto';

import { ADDRESS, createShop, stockedProduct } from '../fixtures/shop';
import { expectStockConsistent } from '../fixtures/stock-invariants';
import { useShop } from '../fixtures/use-shop';

const onPostgres = !!process.env.SVC_TEST_DATABASE_URL;
const ROUNDS = Number(process.env.SVC_TEST_RACE_ROUNDS ?? 120);

const { t } = useShop({ shop: false });

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const shuffle = <T>(list: T[]) => [...list].sort(() => Math.random() - 0.5);

(onPostgres ? describe : describe.skip)(
  'checkouts racing cancellations, refunds, stock sets and product updates',
  () => {
    it('never answers 5xx and keeps the stock ledger and orders consistent', async () => {
      const shop = await createShop(t);
      const second = (
        await t.asAdmin().post('/api/v1/admin/warehouses', {
          name: 'Second',
          code: `SEC-${randomBytes(3).toString('hex')}`,
          priority: 2,
        })
      ).body.data;
      const products: Array<{ id: string }> = [];
      for (let i = 0; i < 6; i++)
        products.push(await stockedProduct(t, shop.warehouse.id, 8, { priceGross: 1000 + i }));
      await t.asAdmin().put(`/api/v1/admin/warehouses/${second.id}/stock`, {
        items: products.map((p) => ({ product_id: p.id, quantity: 8 })),
      });
      const orders: string[] = [];
      const statuses: number[] = [];
      const record = (status: number, what: string, text: string) => {
        statuses.push(status);
        if (status >= 500) throw new Error(`${what} answered ${status}: ${text}`);
      };

      const checkout = async () => {
        const lines = shuffle(products).slice(0, 1 + Math.floor(Math.random() * 3));
        const res = await t.asGuest().post('/api/v1/store/checkout', {
          items: lines.map((p) => ({ product_id: p.id, quantity: 1 + Math.floor(Math.random() * 2) })),
          shipping_address: ADDRESS,
          shipping_method_id: shop.shipping.id,
          payment_method_id: shop.payment.id,
          email: 'race@example.com',
        });
        record(res.status, 'checkout', res.text);
        if (res.status === 201) orders.push(res.body.data.id);
      };
      const cancel = async () => {
        if (!orders.length) return;
        const res = await t.asAdmin().put(`/api/v1/admin/orders/${pick(orders)}/status`, { status: 'cancelled' });
        record(res.status, 'cancel', res.text);
      };
      const refund = async () => {
        if (!orders.length) return;
        const id = pick(orders);
        const confirmed = await t.asAdmin().put(`/api/v1/admin/orders/${id}/status`, { status: 'confirmed' });
        record(confirmed.status, 'confirm', confirmed.text);
        const res = await t.asAdmin().put(`/api/v1/admin/orders/${id}/status`, { status: 'refunded' });
        record(res.status, 'refund', res.text);
      };
      const setStock = async () => {
        const res = await t.asAdmin().put(`/api/v1/admin/warehouses/${pick([shop.warehouse.id, second.id])}/stock`, {
          items: shuffle(products)
            .slice(0, 3)
            .map((p) => ({ product_id: p.id, quantity: Math.floor(Math.random() * 10) })),
        });
        record(res.status, 'stock set', res.text);
      };
      const updateProduct = async () => {
        const p = pick(products);
        const res = await t.asAdmin().put(`/api/v1/admin/products/${p.id}`, {
          price_gross: 900 + Math.floor(Math.random() * 200),
          ...(Math.random() < 0.5 ? { stock: Math.floor(Math.random() * 10) } : {}),
        });
        record(res.status, 'product update', res.text);
      };

      // Issue 48: an order shipped and a unit returned and received (restocked or kept out, into either warehouse),
      // racing cancellations and full refunds of the same orders: no unit goes back twice.
      let received = 0;
      const returnUnit = async () => {
        if (!orders.length) return;
        const id = pick(orders);
        const admin = t.asAdmin();
        const confirmed = await admin.put(`/api/v1/admin/orders/${id}/status`, { status: 'confirmed' });
        record(confirmed.status, 'confirm', confirmed.text);
        const shipped = await admin.post(`/api/v1/admin/orders/${id}/shipments`, {});
        record(shipped.status, 'ship', shipped.text);
        const order = await admin.get(`/api/v1/admin/orders/${id}`);
        record(order.status, 'order read', order.text);
        const line = (order.body.data.items as Array<{ id: string; quantity_shipped: number }>).find(
          (i) => i.quantity_shipped > 0,
        );
        if (!line) return;
        const opened = await admin.post(`/api/v1/admin/orders/${id}/returns`, {
          items: [{ order_item_id: line.id, quantity: 1 }],
        });
        record(opened.status, 'return', opened.text);
        if (opened.status !== 201) return;
        const move = async (body: Record<string, unknown>) => {
          const res = await admin.put(`/api/v1/admin/returns/${opened.body.data.id}/status`, body);
          record(res.status, `return ${String(body.status)}`, res.text);
          return res.status;
        };
        if ((await move({ status: 'approved' })) !== 200) return;
        const restock = Math.random() < 0.75;
        const warehouse = Math.random() < 0.5 ? { warehouse_id: second.id } : {};
        if ((await move({ status: 'received', items: [{ order_item_id: line.id, restock, ...warehouse }] })) === 200)
          received++;
      };

      const work = [checkout, checkout, checkout, cancel, refund, setStock, updateProduct, returnUnit, returnUnit];
      const queue = Array.from({ length: ROUNDS }, () => pick(work));
      await Promise.all(
        Array.from({ length: 12 }, async () => {
          for (let job = queue.pop(); job; job = queue.pop()) await job();
        }),
      );
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      console.log(`concurrency: ${orders.length} orders, ${received} returns received during the race`);

      await expectStockConsistent(
        t,
        products.map((p) => p.id),
        orders,
      );
    }, 120_000);

    it('two edits of one translation at once: both answer, neither 500s', async () => {
      const shop = await createShop(t);
      const product = await stockedProduct(t, shop.warehouse.id, 1, { priceGross: 100 });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          t.asAdmin().put(`/api/v1/admin/products/${product.id}`, {
            translations: [{ locale: 'de', name: `Name ${i}`, slug: `race-de-${product.id}` }],
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(await t.db.productTranslation.count({ where: { productId: product.id, locale: 'de' } })).toBe(1);
    });

    it('parallel adds of one product to one cart never exceed the stock: existing + requested <= available', async () => {
      const shop = await createShop(t);
      const product = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 100 });
      const cart = await t.asGuest().post('/api/v1/store/cart', {});
      const headers = { 'x-cart-token': cart.body.data.session_token as string };
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          t
            .asGuest()
            .post(`/api/v1/store/cart/${cart.body.data.id}/items`, { product_id: product.id, quantity: 1 }, headers),
        ),
      );
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      expect(results.filter((r) => r.status === 201 || r.status === 200)).toHaveLength(5);
      for (const r of results.filter((x) => x.status === 422)) expect(r.body.errors[0].code).toBe('insufficient_stock');
      const items = await t.db.cartItem.findMany({ where: { cartId: cart.body.data.id } });
      expect(items).toHaveLength(1);
      expect(items[0].quantity).toBe(5);
    });
  },
);
