import { ADDRESS, createCustomer, createShop, stockedProduct } from '../../test/fixtures/shop';
import { startTestServer, type TestServer } from '../../test/harness/server';

let t: TestServer;
let shop: Awaited<ReturnType<typeof createShop>>;
beforeAll(async () => {
  t = await startTestServer();
  shop = await createShop(t);
});
afterAll(() => t?.close());

const request = (productId: string, extra: Record<string, unknown> = {}) => ({
  items: [{ product_id: productId, quantity: 2 }],
  shipping_address: ADDRESS,
  shipping_method_id: shop.shipping.id,
  payment_method_id: shop.payment.id,
  email: 'plugin@example.com',
  ...extra,
});

describe('the plugin checkout function', () => {
  it('places a guest order through the store code path and returns it with guest_token', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 3);
    const seen: string[] = [];
    t.service.services.hooks.register('checkout.before', (e) => void seen.push(String(e.entity.email)));
    const { data } = await t.service.checkout({ request: request(product.id) });
    expect(data).toMatchObject({
      status: 'pending',
      customer_id: null,
      guest_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      email: 'plugin@example.com',
    });
    expect(data.items).toEqual([expect.objectContaining({ product_id: product.id, quantity: 2 })]);
    expect((await t.db.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(1);
    expect(seen).toContain('plugin@example.com');
  });

  it('binds a customer order to the given customer id', async () => {
    const customer = await createCustomer(t);
    const product = await stockedProduct(t, shop.warehouse.id, 3);
    const { data } = await t.service.checkout({
      customerId: customer.id,
      request: request(product.id, { email: undefined }),
    });
    expect(data).toMatchObject({ customer_id: customer.id, email: customer.email, guest_token: null });
  });

  it('fails with the same errors as the store endpoint', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 1);
    await expect(t.service.checkout({ request: request(product.id) })).rejects.toMatchObject({
      code: 'insufficient_stock',
      status: 422,
    });
    await expect(t.service.checkout({ request: { items: [] } })).rejects.toMatchObject({
      code: 'validation_error',
      entries: expect.arrayContaining([{ code: 'validation_error', field: 'shipping_method_id', detail: 'required' }]),
    });
  });
});
