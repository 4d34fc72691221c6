import { seedDemo } from '../../app/seed/demo';
import { ANONYMOUS } from '../../src/context/actor';
import { createContext } from '../../src/context/create-context';
import { ADDRESS } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

describe('the demo shop', () => {
  it('loads once, and a seeded product can be put in a cart and checked out right away', async () => {
    const ctx = createContext(t.service.services, { id: 'seed-test', actor: ANONYMOUS, log: t.service.services.log });
    const summary = await seedDemo(ctx);
    expect(summary).toEqual({
      products: 4,
      variants: 9,
      warehouses: ['MAIN', 'OVERFLOW'],
      accounts: [
        { kind: 'admin', email: 'admin@example.com', password: expect.stringMatching(/^[\w-]{16}$/) },
        { kind: 'customer', email: 'customer@example.com', password: expect.stringMatching(/^[\w-]{16}$/) },
      ],
    });
    for (const account of summary!.accounts) {
      const login = await t.asGuest().post('/api/v1/auth/login', { email: account.email, password: account.password });
      expect([account.kind, login.status]).toEqual([account.kind, 200]);
    }
    expect(await seedDemo(ctx)).toBeNull();

    const tshirt = await t.db.product.findUniqueOrThrow({
      where: { sku: 'DEMO-TSHIRT' },
      include: { variants: { orderBy: { position: 'asc' } } },
    });
    expect(tshirt.stock).toBe(6 * (10 + 5));
    const shipping = (await t.asGuest().get('/api/v1/store/shipping-methods')).body.data;
    const payment = (await t.asGuest().get('/api/v1/store/payment-methods')).body.data;
    expect(shipping.map((m: { translations: Array<{ name: string }> }) => m.translations[0].name)).toEqual([
      'Standard',
      'Express',
    ]);

    const cart = (await t.asGuest().post('/api/v1/store/cart')).body.data;
    const headers = { 'x-cart-token': cart.session_token };
    const added = await t
      .asGuest()
      .post(`/api/v1/store/cart/${cart.id}/items`, { variant_id: tshirt.variants[0].id, quantity: 2 }, headers);
    expect(added.status).toBe(201);
    expect(added.body.data.subtotal_gross).toBe(4998);
    const order = await t.asGuest().post(
      '/api/v1/store/checkout',
      {
        cart_id: cart.id,
        shipping_address: ADDRESS,
        shipping_method_id: shipping[0].id,
        payment_method_id: payment[0].id,
        email: 'demo-buyer@example.com',
      },
      headers,
    );
    expect(order.status).toBe(201);
    expect(order.body.data).toMatchObject({
      subtotal_gross: 4998,
      shipping_gross: 490,
      total: 5488,
      status: 'pending',
    });
    const variantStock = await t.db.productVariant.findUniqueOrThrow({ where: { id: tshirt.variants[0].id } });
    expect(variantStock.stock).toBe(13);
  });
});
