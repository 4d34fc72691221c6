import type { HookEvent } from '../../src/context/hooks';
import { ADDRESS, GQL_ADDRESS, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const { t, shop } = useShop();
const events: HookEvent[] = [];
beforeAll(async () => {
  for (const name of ['checkout.before', 'order.before_create', 'order.after_create', 'checkout.after'] as const)
    t.service.services.hooks.register(name, (e) => void events.push(e));
});

const QUOTE = '/api/v1/store/checkout/quote';
const CHECKOUT = '/api/v1/store/checkout';

/** Everything a quote or an order could change: rows written, stock held, codes used. */
async function footprint() {
  const [orders, movements, keys, stock, uses, cartItems] = await Promise.all([
    t.db.order.count(),
    t.db.stockMovement.count(),
    t.db.$queryRawUnsafe<Array<{ n: bigint }>>('SELECT count(*) AS n FROM idempotency_keys'),
    t.db.stockEntry.aggregate({ _sum: { quantity: true } }),
    t.db.discountCode.aggregate({ _sum: { usedCount: true } }),
    t.db.cartItem.count(),
  ]);
  return {
    orders,
    movements,
    keys: Number(keys[0].n),
    stock: stock._sum.quantity,
    uses: uses._sum.usedCount,
    cartItems,
  };
}

/** A shop with three tax rates (19 %, 7 %, none), a variant product and a 10 % discount code. */
async function mixedLines() {
  const admin = t.asAdmin();
  const reduced = (await admin.post('/api/v1/admin/tax-rules', { name: 'Reduced', rate: 700 })).body.data;
  const shirt = await stockedProduct(t, shop.warehouse.id, 5, {
    priceGross: 2499,
    taxRuleId: shop.tax.id,
    variants: [{}, {}],
  });
  const book = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 1299, taxRuleId: reduced.id });
  const voucher = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 500 });
  const code = `QUOTE${Date.now()}`;
  expect(
    (await admin.post('/api/v1/admin/discounts', { code, type: 'percentage', value: 1000, max_uses: 5 })).status,
  ).toBe(201);
  const items = [
    { product_id: shirt.id, variant_id: shirt.variants[1].id, quantity: 2 },
    { product_id: book.id, quantity: 1 },
    { product_id: voucher.id, quantity: 3 },
  ];
  return { items, code, shirt, book, voucher };
}

const ORDER_FIGURES = [
  'currency',
  'subtotal_gross',
  'subtotal_net',
  'shipping_gross',
  'shipping_net',
  'discount_total',
  'discount_code',
  'tax_total',
  'total',
  'shipping_method_id',
  'payment_method_id',
] as const;
const LINE_FIGURES = [
  'product_id',
  'variant_id',
  'sku',
  'name',
  'quantity',
  'unit_price_net',
  'unit_price_gross',
  'tax_rate',
  'total_net',
  'total_gross',
] as const;
const pick = <K extends string>(o: Record<string, unknown>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]]));

describe('POST /api/v1/store/checkout/quote', () => {
  it('answers exactly what the order placed right after it charges (tax rules, discount, shipping), writing nothing', async () => {
    const { items, code } = await mixedLines();
    const body = {
      items,
      shipping_method_id: shop.shipping.id,
      discount_code: code,
    };
    const before = await footprint();
    events.length = 0;
    const quote = await t.asGuest().post(QUOTE, body);
    expect(quote.status).toBe(200);
    expect(await footprint()).toEqual(before);
    expect(events).toEqual([]);
    const q = quote.body.data;
    expect(q).toMatchObject({ currency: 'EUR', in_stock: true, payment_method_id: null });
    expect(q.discount_total).toBeGreaterThan(0);
    expect(q.shipping_gross).toBe(490);
    expect(new Set(q.items.map((i: { tax_rate: number }) => i.tax_rate))).toEqual(new Set([1900, 700, 0]));
    expect(q.total).toBe(q.subtotal_gross + q.shipping_gross - q.discount_total);

    const placed = await t.asGuest().post(CHECKOUT, {
      ...body,
      shipping_address: ADDRESS,
      payment_method_id: shop.payment.id,
      email: 'quote@example.com',
    });
    expect(placed.status).toBe(201);
    const order = placed.body.data;
    expect(pick(order, ORDER_FIGURES)).toEqual({ ...pick(q, ORDER_FIGURES), payment_method_id: shop.payment.id });
    expect(order.items.map((i: Record<string, unknown>) => pick(i, LINE_FIGURES))).toEqual(
      q.items.map((i: Record<string, unknown>) => pick(i, LINE_FIGURES)),
    );
  });

  it('prices a cart with its token the same as GraphQL checkoutQuote, and says which lines lack stock', async () => {
    const scarce = await stockedProduct(t, shop.warehouse.id, 3, { priceGross: 1190, taxRuleId: shop.tax.id });
    const plenty = await stockedProduct(t, shop.warehouse.id, 9, { priceGross: 700 });
    const cart = (await t.asGuest().post('/api/v1/store/cart', {})).body.data;
    const headers = { 'x-cart-token': cart.session_token };
    for (const [product, quantity] of [
      [scarce, 3],
      [plenty, 1],
    ] as const)
      expect(
        (await t.asGuest().post(`/api/v1/store/cart/${cart.id}/items`, { product_id: product.id, quantity }, headers))
          .status,
      ).toBe(201);
    // Someone else buys one of the three before this buyer checks out.
    await t.asAdmin().put(`/api/v1/admin/warehouses/${shop.warehouse.id}/stock`, {
      items: [{ product_id: scarce.id, quantity: 2 }],
    });

    const body = { cart_id: cart.id, shipping_method_id: shop.shipping.id, payment_method_id: shop.payment.id };
    expect((await t.asGuest().post(QUOTE, body)).status).toBe(404);
    const rest = await t.asGuest().post(QUOTE, body, headers);
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ in_stock: false, payment_method_id: shop.payment.id });
    expect(rest.body.data.items).toEqual([
      expect.objectContaining({ product_id: scarce.id, in_stock: false, available_quantity: 2 }),
      expect.objectContaining({ product_id: plenty.id, in_stock: true, available_quantity: 9 }),
    ]);

    const gql = await t.asGuest().request(
      'POST',
      '/graphql',
      {
        query: `query Q($input: CheckoutQuoteInput!) { checkoutQuote(input: $input) {
          currency total taxTotal subtotalGross shippingGross discountTotal inStock
          items { productId quantity totalGross inStock availableQuantity } } }`,
        variables: { input: { cartId: cart.id, shippingMethodId: shop.shipping.id, shippingAddress: GQL_ADDRESS } },
      },
      headers,
    );
    const viaGql = gql.body.data.checkoutQuote;
    expect(viaGql).toMatchObject({
      currency: rest.body.data.currency,
      total: rest.body.data.total,
      taxTotal: rest.body.data.tax_total,
      subtotalGross: rest.body.data.subtotal_gross,
      inStock: false,
    });
    expect(viaGql.items[0]).toMatchObject({ productId: scarce.id, inStock: false, availableQuantity: 2 });

    // The checkout then refuses what the quote flagged.
    const placed = await t
      .asGuest()
      .post(CHECKOUT, { ...body, shipping_address: ADDRESS, email: 'late@example.com' }, headers);
    expect(placed.status).toBe(422);
    expect(placed.body.errors[0].code).toBe('insufficient_stock');
  });

  it('answers the checkout’s own errors, and checks the buyer fields only when they are given', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 2);
    const items = [{ product_id: product.id, quantity: 1 }];
    const cases: Array<[Record<string, unknown>, number, string | undefined, string?]> = [
      [{ items }, 400, 'validation_error', 'shipping_method_id'],
      [{ items, shipping_method_id: shop.payment.id }, 422, 'invalid_shipping_method'],
      [
        { items, shipping_method_id: shop.shipping.id, payment_method_id: shop.shipping.id },
        422,
        'invalid_payment_method',
      ],
      [{ items, shipping_method_id: shop.shipping.id, discount_code: 'nope' }, 422, 'code_invalid'],
      [
        { items: [{ product_id: shop.tax.id, quantity: 1 }], shipping_method_id: shop.shipping.id },
        422,
        'invalid_product',
      ],
      [
        { items, shipping_method_id: shop.shipping.id, shipping_address: { city: 'Berlin' } },
        400,
        'validation_error',
        'shipping_address.first_name',
      ],
      // REST bodies ignore fields their operation does not take: the whole checkout body may be sent.
      [
        { items, shipping_method_id: shop.shipping.id, payment_reference: 'pi_1', email: 'a@example.com' },
        200,
        undefined,
      ],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await t.asGuest().post(QUOTE, body);
      expect([res.status, res.body.errors?.[0]?.code]).toEqual([status, code]);
      if (field) expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});
