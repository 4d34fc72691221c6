import type { HookEvent } from '../../src/context/hooks';
import { ADDRESS, createCustomer, createShop, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';
import { startTestServer } from '../harness/server';

const { t, shop } = useShop();
const events: HookEvent[] = [];
beforeAll(async () => {
  for (const name of ['order.after_create', 'checkout.after', 'checkout.after_failed'] as const) {
    t.service.services.hooks.register(name, (e) => void events.push(e));
  }
});

const CHECKOUT = '/api/v1/store/checkout';
const body = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  items,
  shipping_address: ADDRESS,
  shipping_method_id: shop.shipping.id,
  payment_method_id: shop.payment.id,
  email: 'Guest@Example.com',
  ...extra,
});
const stockOf = async (productId: string) => (await t.db.product.findUniqueOrThrow({ where: { id: productId } })).stock;

describe('POST /api/v1/store/checkout', () => {
  it('refuses a payment reference another order holds (422 checkout_rejected), creating nothing', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const reference = `ref-${Date.now()}`;
    const line = [{ product_id: product.id, quantity: 1 }];
    const first = await t.asGuest().post(CHECKOUT, body(line, { payment_reference: reference }));
    expect(first.status).toBe(201);
    // The order, its items and its first status are one statement: the unique index refuses the whole of it.
    const second = await t.asGuest().post(CHECKOUT, body(line, { payment_reference: reference }));
    expect(second.status).toBe(422);
    expect(second.body.errors[0]).toMatchObject({ code: 'checkout_rejected', field: 'payment_reference' });
    expect(await t.db.order.count({ where: { paymentReference: reference } })).toBe(1);
    expect(await t.db.orderItem.count({ where: { productId: product.id } })).toBe(1);
    expect(await stockOf(product.id)).toBe(4);
  });

  it('places a guest order with server-side prices, tax and totals, deducting stock', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5, {
      priceGross: 1190,
      taxRuleId: shop.tax.id,
      name: 'Mug',
    });
    const res = await t
      .asGuest()
      .post(CHECKOUT, body([{ product_id: product.id, quantity: 2, unit_price_gross: 1 }], { notes: 'ring twice' }));
    expect(res.status).toBe(201);
    const order = res.body.data;
    expect(order).toMatchObject({
      order_number: expect.stringMatching(/^ORD-\d{8}-[A-Z0-9]{6}$/),
      customer_id: null,
      is_guest_order: true,
      email: 'guest@example.com',
      status: 'pending',
      currency: 'EUR',
      subtotal_gross: 2380,
      subtotal_net: 2000,
      shipping_gross: 490,
      shipping_net: 412,
      discount_total: 0,
      tax_total: 380 + 78,
      total: 2870,
      shipping_address: ADDRESS,
      billing_address: ADDRESS,
      notes: 'ring twice',
      items: [
        {
          product_id: product.id,
          variant_id: null,
          sku: product.sku,
          name: 'Mug',
          quantity: 2,
          unit_price_gross: 1190,
          unit_price_net: 1000,
          tax_rate: 1900,
          total_gross: 2380,
          total_net: 2000,
        },
      ].map((i) => expect.objectContaining(i)),
      status_history: [{ from_status: null, to_status: 'pending', comment: null, created_at: expect.any(String) }],
    });
    expect(order.guest_token).toBeUndefined();
    expect(await stockOf(product.id)).toBe(3);
    const sale = await t.db.stockMovement.findFirstOrThrow({ where: { orderId: order.id } });
    expect(sale).toMatchObject({
      type: 'sale',
      quantity: -2,
      reference: order.order_number,
      warehouseId: shop.warehouse.id,
    });

    const admin = await t.asAdmin().get(`/api/v1/admin/orders/${order.id}`);
    expect(admin.body.data.guest_token).toMatch(/^[0-9a-f]{64}$/);
    await t.service.services.background.drain();
    expect(events.filter((e) => e.entity.id === order.id).map((e) => e.name)).toEqual([
      'order.after_create',
      'checkout.after',
    ]);
  });

  it('binds a customer order to the customer and defaults the email', async () => {
    const customer = await createCustomer(t);
    const product = await stockedProduct(t, shop.warehouse.id, 2);
    const res = await t
      .asCustomer(customer.id)
      .post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }], { email: undefined }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ customer_id: customer.id, email: customer.email, is_guest_order: false });
    expect((await t.asAdmin().get(`/api/v1/admin/orders/${res.body.data.id}`)).body.data.guest_token).toBeNull();
  });

  it('prices variants, inheriting the product price when the variant has none', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 3, { priceGross: 2000, variants: [{}, {}] });
    await t.db.productVariant.update({ where: { id: product.variants[1].id }, data: { priceGross: 2500 } });
    const res = await t.asGuest().post(
      CHECKOUT,
      body([
        { variant_id: product.variants[0].id, quantity: 1 },
        { variant_id: product.variants[1].id, quantity: 1 },
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.items.map((i: { unit_price_gross: number }) => i.unit_price_gross)).toEqual([2000, 2500]);
    const noVariant = await t.asGuest().post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }]));
    expect(noVariant.status).toBe(400);
    expect(noVariant.body.errors).toEqual([
      { code: 'validation_error', field: 'items[0].variant_id', detail: 'required' },
    ]);
  });

  it('places an order with the same number of SQL statements whatever its number of lines', async () => {
    const counts: number[] = [];
    for (const n of [1, 6]) {
      const products = [];
      // Two warehouses' worth of entries per product: the deduction spans both when the first runs short.
      for (let i = 0; i < n; i++) products.push(await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 100 }));
      const res = await t.asGuest().post(CHECKOUT, body(products.map((p) => ({ product_id: p.id, quantity: 2 }))));
      expect(res.status).toBe(201);
      expect(res.body.data.items).toHaveLength(n);
      counts.push(t.sqlCount(res.requestId));
    }
    expect(counts[1]).toBe(counts[0]);
    // Catalog, methods, the order with its items and first status, stock locks, takes with movements and
    // totals, COMMIT.
    expect(counts[0]).toBeLessThanOrEqual(6);
  });

  it('answers with the order exactly as it reads back afterwards (the response is built from the rows written)', async () => {
    const a = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 1190, taxRuleId: shop.tax.id });
    const b = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 500 });
    const customer = await createCustomer(t);
    const placed = await t.asCustomer(customer.id).post(
      CHECKOUT,
      body([
        { product_id: b.id, quantity: 1 },
        { product_id: a.id, quantity: 3 },
      ]),
    );
    expect(placed.status).toBe(201);
    const read = await t.asCustomer(customer.id).get(`/api/v1/store/account/orders/${placed.body.data.id}`);
    expect(read.status).toBe(200);
    expect(placed.body.data).toEqual(read.body.data);
    expect(placed.body.data.items.map((i: { product_id: string }) => i.product_id)).toEqual([b.id, a.id]);
  });

  it('answers 422 insufficient_stock, leaves nothing behind and fires checkout.after_failed', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 1);
    const other = await stockedProduct(t, shop.warehouse.id, 5);
    const ordersBefore = await t.db.order.count();
    const res = await t.asGuest().post(
      CHECKOUT,
      body([
        { product_id: other.id, quantity: 5 },
        { product_id: product.id, quantity: 2 },
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ code: 'insufficient_stock', detail: 'one or more items are out of stock' }]);
    expect(await t.db.order.count()).toBe(ordersBefore);
    expect([await stockOf(product.id), await stockOf(other.id)]).toEqual([1, 5]);
    expect(await t.db.stockMovement.count({ where: { productId: other.id, type: 'sale' } })).toBe(0);
    await t.service.services.background.drain();
    expect(events.some((e) => e.name === 'checkout.after_failed' && e.metadata.reason === 'insufficient_stock')).toBe(
      true,
    );
  });

  it('answers the contract error codes', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 10, { currency: undefined } as never);
    const inactive = await stockedProduct(t, shop.warehouse.id, 10, { active: false });
    const usd = await stockedProduct(t, shop.warehouse.id, 10);
    await t.db.product.update({ where: { id: usd.id }, data: { currency: 'USD' } });
    const offShipping = (
      await t
        .asAdmin()
        .post('/api/v1/admin/shipping-methods', { active: false, translations: [{ locale: 'en', name: 'Off' }] })
    ).body.data;
    const card = (
      await t
        .asAdmin()
        .post('/api/v1/admin/payment-methods', { provider: 'payprov', translations: [{ locale: 'en', name: 'Card' }] })
    ).body.data;
    const item = [{ product_id: product.id, quantity: 1 }];
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      [
        'unknown product',
        body([{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }]),
        422,
        'invalid_product',
      ],
      ['inactive product', body([{ product_id: inactive.id, quantity: 1 }]), 422, 'invalid_product'],
      ['inactive shipping', body(item, { shipping_method_id: offShipping.id }), 422, 'invalid_shipping_method'],
      [
        'unknown payment',
        body(item, { payment_method_id: '00000000-0000-4000-8000-000000000000' }),
        422,
        'invalid_payment_method',
      ],
      ['provider without reference', body(item, { payment_method_id: card.id }), 422, 'payment_reference_required'],
      ['mixed currencies', body([...item, { product_id: usd.id, quantity: 1 }]), 422, 'currency_mismatch'],
      ['requested currency', body(item, { currency: 'USD' }), 422, 'currency_mismatch'],
      ['unknown code', body(item, { discount_code: 'nope' }), 422, 'code_invalid'],
    ];
    for (const [name, request, status, code] of cases) {
      const res = await t.asGuest().post(CHECKOUT, request);
      expect([name, res.status, res.body.errors?.[0]?.code]).toEqual([name, status, code]);
    }
  });

  it('validates the request: guests need an email, addresses need their fields, items need a quantity', async () => {
    const res = await t.asGuest().post(CHECKOUT, {
      items: [{ quantity: 0 }],
      shipping_address: { first_name: 'A' },
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: 'validation_error', field: 'items[0].quantity', detail: 'min' }]);
    const fields = await t.asGuest().post(CHECKOUT, {
      items: [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      shipping_address: { first_name: 'A' },
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
    });
    expect(fields.body.errors).toEqual([
      { code: 'validation_error', field: 'shipping_address.last_name', detail: 'required' },
      { code: 'validation_error', field: 'shipping_address.street', detail: 'required' },
      { code: 'validation_error', field: 'shipping_address.city', detail: 'required' },
      { code: 'validation_error', field: 'shipping_address.zip', detail: 'required' },
      { code: 'validation_error', field: 'shipping_address.country_code', detail: 'required' },
      { code: 'validation_error', field: 'email', detail: 'required' },
    ]);
    const empty = await t.asGuest().post(CHECKOUT, body([]));
    expect(empty.body.errors).toEqual([{ code: 'validation_error', field: 'items', detail: 'required' }]);
    // The spec's address: `country_code` (ISO 3166-1 alpha-2), upper case as saved addresses have it.
    for (const countryCode of ['de', 'DEU', 'Germany']) {
      const country = await t.asGuest().post(CHECKOUT, {
        items: [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        email: 'a@example.com',
        shipping_address: {
          first_name: 'A',
          last_name: 'B',
          street: 'S 1',
          city: 'C',
          zip: '1',
          country_code: countryCode,
        },
        shipping_method_id: shop.shipping.id,
        payment_method_id: shop.payment.id,
      });
      expect(country.status).toBe(400);
      expect(country.body.errors).toEqual([
        { code: 'validation_error', field: 'shipping_address.country_code', detail: 'pattern' },
      ]);
    }
  });

  it('applies a discount code and counts its use', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 1190, taxRuleId: shop.tax.id });
    const code = (
      await t.asAdmin().post('/api/v1/admin/discounts', { code: 'TEN', type: 'percentage', value: 1000, max_uses: 1 })
    ).body.data;
    const res = await t
      .asGuest()
      .post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }], { discount_code: 'ten' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      discount_code: 'ten',
      discount_total: 119,
      subtotal_gross: 1190,
      total: 1190 + 490 - 119,
      tax_total: 171 + 78,
    });
    expect((await t.db.discountCode.findUniqueOrThrow({ where: { id: code.id } })).usedCount).toBe(1);
    const again = await t
      .asGuest()
      .post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }], { discount_code: 'TEN' }));
    expect(again.status).toBe(422);
    expect(again.body.errors[0].code).toBe('max_uses_reached');
  });

  it('lets checkout.before cancel with 422 checkout_rejected and the hook message', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const hooks = t.service.services.hooks;
    let reject = true;
    hooks.register('checkout.before', (e) => {
      if (reject && (e.entity.items as Array<{ product_id: string }>)[0].product_id === product.id)
        throw new Error('payment not authorised');
    });
    const res = await t.asGuest().post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }]));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ code: 'checkout_rejected', detail: 'payment not authorised' }]);
    expect(await stockOf(product.id)).toBe(5);
    reject = false;
    expect((await t.asGuest().post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }]))).status).toBe(201);
  });

  it('replays a repeated Idempotency-Key and refuses it for a different body', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const request = body([{ product_id: product.id, quantity: 1 }]);
    const first = await t.asGuest().post(CHECKOUT, request, { 'idempotency-key': 'order-abc' });
    const second = await t.asGuest().post(CHECKOUT, request, { 'idempotency-key': 'order-abc' });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(await stockOf(product.id)).toBe(4);
    const conflict = await t
      .asGuest()
      .post(CHECKOUT, { ...request, notes: 'changed' }, { 'idempotency-key': 'order-abc' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.errors[0].code).toBe('idempotency_conflict');
    const tooLong = await t.asGuest().post(CHECKOUT, request, { 'idempotency-key': 'k'.repeat(256) });
    expect(tooLong.status).toBe(400);
  });

  it('scopes a guest Idempotency-Key to the buyer: two guests with one key get two orders', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const headers = { 'idempotency-key': 'checkout-1' };
    const ada = await t
      .asGuest()
      .post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }], { email: 'ada@example.com' }), headers);
    const bob = await t
      .asGuest()
      .post(CHECKOUT, body([{ product_id: product.id, quantity: 2 }], { email: 'bob@example.com' }), headers);
    expect([ada.status, bob.status]).toEqual([201, 201]);
    expect(bob.body.data.id).not.toBe(ada.body.data.id);
    expect(bob.body.data.email).toBe('bob@example.com');
  });
});

describe('concurrency (PostgreSQL)', () => {
  if (!process.env.SVC_TEST_DATABASE_URL) {
    it.skip('needs SVC_TEST_DATABASE_URL: the embedded database has a single connection', () => undefined);
    return;
  }

  it('20 parallel checkouts of a product with stock 7 give exactly 7 orders', async () => {
    const second = (
      await t.asAdmin().post('/api/v1/admin/warehouses', { name: 'Second', code: `SEC-${Date.now()}`, priority: 5 })
    ).body.data;
    const product = await stockedProduct(t, shop.warehouse.id, 4);
    await t
      .asAdmin()
      .put(`/api/v1/admin/warehouses/${second.id}/stock`, { items: [{ product_id: product.id, quantity: 3 }] });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.asGuest().post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }]))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(results.filter((r) => r.status === 422 && r.body.errors[0].code === 'insufficient_stock')).toHaveLength(13);
    expect(await stockOf(product.id)).toBe(0);
    expect(await t.db.stockEntry.count({ where: { productId: product.id, quantity: { lt: 0 } } })).toBe(0);
    expect(await t.db.orderItem.count({ where: { productId: product.id } })).toBe(7);
  });

  it('a discount with max_uses 3 is used exactly 3 times by 10 parallel checkouts', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 50);
    const code = (
      await t.asAdmin().post('/api/v1/admin/discounts', { code: 'THREE', type: 'fixed', value: 100, max_uses: 3 })
    ).body.data;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.asGuest().post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }], { discount_code: 'THREE' })),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 422 && r.body.errors[0].code === 'max_uses_reached')).toHaveLength(7);
    expect((await t.db.discountCode.findUniqueOrThrow({ where: { id: code.id } })).usedCount).toBe(3);
    expect(await stockOf(product.id)).toBe(47);
  });

  it('the same Idempotency-Key sent 5 times at once creates one order', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 10);
    const request = body([{ product_id: product.id, quantity: 1 }]);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.asGuest().post(CHECKOUT, request, { 'idempotency-key': 'parallel-1' })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(await t.db.orderItem.count({ where: { productId: product.id } })).toBe(1);
    expect(await stockOf(product.id)).toBe(9);
  });
});

describe('guest token cookie, CSRF and rate limits', () => {
  it('hands guests their order token as the svc_guest_token cookie, which then needs a CSRF token to post with', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const res = await t.asGuest().post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }]));
    const cookies = res.headers.getSetCookie();
    const guest = cookies.find((c) => c.startsWith('svc_guest_token='));
    const token = (await t.asAdmin().get(`/api/v1/admin/orders/${res.body.data.id}`)).body.data.guest_token;
    expect(guest).toBe(`svc_guest_token=${token}; Max-Age=2592000; Path=/api/v1/store; HttpOnly; SameSite=Lax`);
    expect(res.text).not.toContain(token);

    const customer = await createCustomer(t);
    const customerOrder = await t
      .asCustomer(customer.id)
      .post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }]));
    expect(customerOrder.headers.getSetCookie().some((c) => c.startsWith('svc_guest_token='))).toBe(false);

    const withCookie = { cookie: `svc_guest_token=${token}` };
    const forged = await t.asGuest().post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }]), withCookie);
    expect(forged.status).toBe(403);
    expect(forged.body.errors[0].code).toBe('csrf_token_invalid');
    const csrf = 'c'.repeat(64);
    const allowed = await t.asGuest().post(CHECKOUT, body([{ product_id: product.id, quantity: 1 }]), {
      cookie: `svc_guest_token=${token}; csrf_token=${csrf}`,
      'x-csrf-token': csrf,
    });
    expect(allowed.status).toBe(201);
  });

  it('limits checkouts and guest transaction look-ups per client IP', async () => {
    const limited = await startTestServer({
      'security.rate_limit.checkout.requests_per_minute': 2,
      'security.rate_limit.guest_order.requests_per_minute': 1,
    });
    try {
      const s = await createShop(limited);
      const product = await stockedProduct(limited, s.warehouse.id, 10);
      const request = {
        items: [{ product_id: product.id, quantity: 1 }],
        shipping_address: ADDRESS,
        shipping_method_id: s.shipping.id,
        payment_method_id: s.payment.id,
        email: 'r@example.com',
      };
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.asGuest().post(CHECKOUT, request)).status);
      expect(statuses).toEqual([201, 201, 429]);
      const refused = await limited.asGuest().post(CHECKOUT, request);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.body).toEqual({
        error: 'Too Many Requests',
        errors: [{ code: 'rate_limited', detail: 'too many requests' }],
      });
      const orderId = (await limited.db.order.findFirstOrThrow()).id;
      const path = `/api/v1/store/orders/${orderId}/transactions`;
      expect((await limited.asGuest().get(path)).status).toBe(404);
      expect((await limited.asGuest().get(path)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
