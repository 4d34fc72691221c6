import { randomUUID } from 'node:crypto';

import { createProduct } from '../fixtures/catalog';
import { ADDRESS, GQL_ADDRESS } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const { t, shop } = useShop();

const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

describe('every array in a request is bounded (docs/security.md)', () => {
  it('checkout lines: 400 naming the limit, over REST and GraphQL', async () => {
    const items = ids(101).map((id) => ({ product_id: id, quantity: 1 }));
    const res = await t.asGuest().post('/api/v1/store/checkout', {
      items,
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: shop.payment.id,
      email: 'x@example.com',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({
      code: 'validation_error',
      field: 'items',
      detail: 'max_items (at most 100)',
    });
    const gql = await t.asGuest().gql('mutation($input: CheckoutInput!) { checkoutComplete(input: $input) { id } }', {
      input: {
        items: ids(101).map((id) => ({ productId: id, quantity: 1 })),
        shippingAddress: GQL_ADDRESS,
        shippingMethodId: shop.shipping.id,
        paymentMethodId: shop.payment.id,
        email: 'x@example.com',
      },
    });
    expect(gql.errors?.[0].extensions.code).toBe('validation_error');
  });

  it('stock items, product links and translations', async () => {
    const stock = await t.asAdmin().put(`/api/v1/admin/warehouses/${shop.warehouse.id}/stock`, {
      items: ids(1001).map((id) => ({ product_id: id, quantity: 1 })),
    });
    expect(stock.status).toBe(400);
    expect(stock.body.errors[0]).toMatchObject({ field: 'items', detail: 'max_items (at most 1000)' });
    const product = await t.asAdmin().post('/api/v1/admin/products', {
      sku: `AL-${randomUUID().slice(0, 8)}`,
      currency: 'EUR',
      category_ids: ids(101),
      translations: Array.from({ length: 51 }, (_, i) => ({ locale: `l${i}`, name: 'x', slug: `x-${i}` })),
    });
    expect(product.status).toBe(400);
    expect(product.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['category_ids', 'translations']);
  });

  it('variant option groups: at most 500 combinations, refused before they are built', async () => {
    const product = await createProduct(t.db, {});
    const res = await t.asAdmin().post(`/api/v1/admin/products/${product.id}/variants`, {
      option_groups: [ids(30), ids(30)],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      field: 'option_groups',
      detail: 'max_items (at most 500 combinations)',
    });
  });
});
