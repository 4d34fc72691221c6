import { randomBytes } from 'node:crypto';

import { ADDRESS, guestCheckout, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';
import { callJson, connectMcp } from '../harness/mcp-client';

const { t, shop } = useShop();

const FIGURES = [
  'currency',
  'subtotal_gross',
  'subtotal_net',
  'shipping_gross',
  'discount_total',
  'tax_total',
  'total',
];
const figures = (o: Record<string, unknown>) => Object.fromEntries(FIGURES.map((k) => [k, o[k]]));

describe('an agent over MCP (HTTP) alone', () => {
  it('describes every store tool and argument for a model, with no header names and money in minor units', async () => {
    const client = await connectMcp(t.url, 'store');
    const { tools } = await client.listTools();
    const names = tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['store_quote_checkout', 'store_get_order']));
    // Nothing an HTTP connection could use: its Authorization header says who calls.
    expect(names).not.toEqual(expect.arrayContaining(['store_login']));
    expect(names).not.toContain('store_register');
    for (const tool of tools.filter((x) => x.name.startsWith('store_') && !x.name.startsWith('store_payprov'))) {
      expect(tool.description).not.toMatch(/X-Cart-Token|X-Guest-Token|Idempotency-Key/);
      for (const [arg, schema] of Object.entries(tool.inputSchema.properties ?? {}))
        expect([tool.name, arg, (schema as { description?: string }).description]).toEqual([
          tool.name,
          arg,
          expect.any(String),
        ]);
    }
    const byName = Object.fromEntries(tools.map((x) => [x.name, x]));
    expect(byName.store_quote_checkout.description).toMatch(/minor units/);
    expect(byName.store_list_products.inputSchema.properties?.limit).toMatchObject({
      description: expect.stringContaining('at most 100'),
    });
    await client.close();
  });

  it('searches, fills a cart, quotes, checks out and reads the guest order back; the quote is the order', async () => {
    const word = `lamp${randomBytes(3).toString('hex')}`;
    const product = await stockedProduct(t, shop.warehouse.id, 4, {
      name: `Desk ${word}`,
      priceGross: 3490,
      taxRuleId: shop.tax.id,
    });
    const code = `AGENT${randomBytes(3).toString('hex')}`;
    await t.asAdmin().post('/api/v1/admin/discounts', { code, type: 'fixed', value: 500 });
    const client = await connectMcp(t.url, 'store');

    const found = await callJson(client, 'store_list_products', { search: word, limit: 5 });
    expect(found.body.items.map((p: { id: string }) => p.id)).toEqual([product.id]);
    const cart = (await callJson(client, 'store_create_cart', {})).body;
    const cart_token = cart.session_token as string;
    const added = await callJson(client, 'store_add_to_cart', {
      cart_id: cart.id,
      product_id: product.id,
      quantity: 2,
      cart_token,
    });
    expect(added.isError).toBe(false);
    const methods = (await callJson(client, 'store_list_shipping_methods')).body;
    expect(methods.map((m: { id: string }) => m.id)).toContain(shop.shipping.id);

    const args = { cart_id: cart.id, cart_token, shipping_method_id: shop.shipping.id, discount_code: code };
    const quote = await callJson(client, 'store_quote_checkout', args);
    expect(quote.isError).toBe(false);
    expect(quote.body).toMatchObject({ currency: 'EUR', total: 2 * 3490 + 490 - 500, in_stock: true });

    const order = await callJson(client, 'store_checkout', {
      ...args,
      payment_method_id: shop.payment.id,
      email: 'agent-buyer@example.com',
      shipping_address: ADDRESS,
      idempotency_key: `agent-${cart.id}`,
    });
    expect(order.isError).toBe(false);
    expect(figures(order.body)).toEqual(figures(quote.body));
    expect(order.body.guest_token).toMatch(/^[0-9a-f]{64}$/);

    const read = await callJson(client, 'store_get_order', {
      order_id: order.body.id,
      guest_token: order.body.guest_token,
    });
    expect(read.isError).toBe(false);
    expect(read.body).toMatchObject({ id: order.body.id, total: quote.body.total, is_guest_order: true });
    expect(read.body.guest_token).toBeUndefined();
    const stranger = await callJson(client, 'store_get_order', { order_id: order.body.id });
    expect(stranger).toMatchObject({ isError: true, body: { error: { code: 'not_found' } } });
    await client.close();
  });

  it('acts as the customer whose credential the connection carries: quote, checkout, read the order', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 3, { priceGross: 1200 });
    const customer = t.asCustomer();
    const client = await connectMcp(t.url, 'store', await customer.authHeader());
    const cart = (await callJson(client, 'store_create_cart', {})).body;
    await callJson(client, 'store_add_to_cart', { cart_id: cart.id, product_id: product.id, quantity: 1 });
    const args = { cart_id: cart.id, shipping_method_id: shop.shipping.id };
    const quote = await callJson(client, 'store_quote_checkout', args);
    const order = await callJson(client, 'store_checkout', {
      ...args,
      payment_method_id: shop.payment.id,
      shipping_address: ADDRESS,
    });
    expect(order.isError).toBe(false);
    expect(order.body.guest_token).toBeUndefined();
    expect(figures(order.body)).toEqual(figures(quote.body));
    const read = await callJson(client, 'store_get_order', { order_id: order.body.id });
    expect(read.body).toMatchObject({ id: order.body.id, is_guest_order: false });
    const mine = await callJson(client, 'store_list_orders');
    expect(mine.body.items.map((o: { id: string }) => o.id)).toContain(order.body.id);
    await client.close();
  });

  it('names the toolset or server of a tool this connection does not offer', async () => {
    const admin = await connectMcp(t.url, 'admin', await t.asAdmin().authHeader(), '?toolsets=orders');
    await expect(admin.callTool({ name: 'admin_list_tax_rules', arguments: {} })).rejects.toThrow(
      /admin_list_tax_rules is in the pricing toolset.*toolsets=orders,pricing/,
    );
    await expect(admin.callTool({ name: 'store_checkout', arguments: {} })).rejects.toThrow(/store MCP server/);
    await expect(admin.callTool({ name: 'admin_nothing', arguments: {} })).rejects.toThrow(/not found: tools\/list/);
    await admin.close();
    const store = await connectMcp(t.url, 'store');
    await expect(store.callTool({ name: 'store_login', arguments: {} })).rejects.toThrow(/stdio only/);
    await expect(store.callTool({ name: 'admin_list_orders', arguments: {} })).rejects.toThrow(
      /admin MCP server.*toolsets=orders/,
    );
    await store.close();
  });

  it('says exactly what an unconfirmed order status change would do, and does nothing', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 2);
    const placed = await guestCheckout(t, shop, product.id, { email: 'preview@example.com' });
    const id = placed.body.data.id;
    const admin = await connectMcp(t.url, 'admin', await t.asAdmin().authHeader(), '?toolsets=orders');
    const asked = await callJson(admin, 'admin_update_order_status', {
      order_id: id,
      status: 'cancelled',
      comment: 'agent',
    });
    expect(asked).toMatchObject({
      isError: true,
      body: { confirmation_required: true, changes: { status: 'cancelled', comment: 'agent' } },
    });
    expect(asked.body.message).toContain(`set the status of order_id ${id} to "cancelled" with the comment "agent"`);
    expect((await t.db.order.findUniqueOrThrow({ where: { id } })).status).toBe('pending');
    await admin.close();
  });
});
