import { ADDRESS, createCustomer, createShop, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const { t } = useShop({ shop: false });

const A = '/api/v1/store/account';

describe('account addresses', () => {
  it('lets a customer manage their own addresses only', async () => {
    const me = t.asCustomer((await createCustomer(t)).id);
    const other = t.asCustomer((await createCustomer(t)).id);
    const created = await me.post(`${A}/addresses`, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street: 'Main St 1',
      city: 'Berlin',
      zip: '10115',
      country_code: 'DE',
      phone: '+49 30 1',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: null,
      street: 'Main St 1',
      city: 'Berlin',
      zip: '10115',
      country_code: 'DE',
      phone: '+49 30 1',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.data.id;
    expect((await me.get(`${A}/addresses`)).body.data.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await other.get(`${A}/addresses`)).body.data).toEqual([]);
    const updated = await me.put(`${A}/addresses/${id}`, { company: 'Analytical Engines', phone: null });
    expect(updated.body.data).toMatchObject({ company: 'Analytical Engines', phone: null, street: 'Main St 1' });
    expect((await other.put(`${A}/addresses/${id}`, { city: 'X' })).status).toBe(404);
    expect((await other.delete(`${A}/addresses/${id}`)).status).toBe(404);
    expect((await me.delete(`${A}/addresses/${id}`)).status).toBe(204);
    expect((await me.get(`${A}/addresses`)).body.data).toEqual([]);
  });

  it('validates fields and needs a signed-in customer', async () => {
    const me = t.asCustomer((await createCustomer(t)).id);
    const bad = await me.post(`${A}/addresses`, { first_name: 'A', country_code: 'Germany' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { code: 'validation_error', field: 'last_name', detail: 'required' },
      { code: 'validation_error', field: 'street', detail: 'required' },
      { code: 'validation_error', field: 'city', detail: 'required' },
      { code: 'validation_error', field: 'zip', detail: 'required' },
      { code: 'validation_error', field: 'country_code', detail: 'pattern' },
    ]);
    expect((await t.asGuest().get(`${A}/addresses`)).status).toBe(401);
    expect((await t.asAdmin().get(`${A}/addresses`)).status).toBe(403);
  });
});

describe('account orders', () => {
  it("lists and reads the customer's own orders, newest first", async () => {
    const shop = await createShop(t);
    const product = await stockedProduct(t, shop.warehouse.id, 10);
    const customer = await createCustomer(t);
    const me = t.asCustomer(customer.id);
    const place = async (as = me) =>
      (
        await as.post('/api/v1/store/checkout', {
          items: [{ product_id: product.id, quantity: 1 }],
          shipping_address: ADDRESS,
          shipping_method_id: shop.shipping.id,
          payment_method_id: shop.payment.id,
          email: 'x@example.com',
        })
      ).body.data;
    const first = await place();
    const second = await place();
    const foreign = await place(t.asCustomer((await createCustomer(t)).id));
    const guest = await place(t.asGuest());

    const list = await me.get(`${A}/orders?limit=1`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: { id: string }) => o.id)).toEqual([second.id]);
    expect(list.body.meta).toEqual({ total: 2, page: 1, limit: 1, pages: 2 });
    expect(list.body.data[0].is_guest_order).toBe(false);
    expect(list.body.data[0].guest_token).toBeUndefined();
    const one = await me.get(`${A}/orders/${first.id}`);
    expect(one.body.data).toMatchObject({
      id: first.id,
      customer_id: customer.id,
      items: [expect.objectContaining({ product_id: product.id })],
    });
    expect((await me.get(`${A}/orders/${foreign.id}`)).status).toBe(404);
    expect((await me.get(`${A}/orders/${guest.id}`)).status).toBe(404);
    expect((await t.asGuest().get(`${A}/orders`)).status).toBe(401);
  });
});
