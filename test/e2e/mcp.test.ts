import { createProduct } from '../fixtures/catalog';
import { ADDRESS, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';
import { callJson, connectMcp } from '../harness/mcp-client';

const { t, shop } = useShop({ config: { 'mcp.max_result_bytes': 8_000 } });

const RPC = { accept: 'application/json, text/event-stream' };
const STORE_TOOLS = [
  'store_list_products',
  'store_get_product',
  'store_list_categories',
  'store_create_cart',
  'store_get_cart',
  'store_add_to_cart',
  'store_update_cart_item',
  'store_remove_from_cart',
  'store_merge_cart',
  'store_list_shipping_methods',
  'store_list_payment_methods',
  'store_quote_checkout',
  'store_checkout',
  'store_get_order',
  'store_get_account',
  'store_list_orders',
  'store_request_password_reset',
  'store_request_return',
];

describe('MCP store server (HTTP)', () => {
  it('lists the contract tools, each with a title, a description and the four annotations', async () => {
    const client = await connectMcp(t.url, 'store');
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual([...STORE_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description).toContain('REST:');
      expect(tool.inputSchema.type).toBe('object');
      expect(Object.keys(tool.annotations ?? {}).sort()).toEqual([
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
        'readOnlyHint',
      ]);
    }
    const byName = Object.fromEntries(tools.map((x) => [x.name, x]));
    expect(byName.store_list_products.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(byName.store_checkout.annotations?.readOnlyHint).toBe(false);
    expect(byName.store_remove_from_cart.annotations?.destructiveHint).toBe(true);
    expect(Object.keys(byName.store_add_to_cart.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['cart_id', 'product_id', 'variant_id', 'quantity', 'cart_token']),
    );
    await client.close();
  });

  it('lets an anonymous agent browse, fill a cart and check out', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 1000, taxRuleId: shop.tax.id });
    const client = await connectMcp(t.url, 'store');
    const list = await callJson(client, 'store_list_products', { limit: 1 });
    expect(list.body).toMatchObject({ items: expect.any(Array), total: expect.any(Number), page: 1 });
    const got = await callJson(client, 'store_get_product', { product_id: product.id });
    expect(got.body.id).toBe(product.id);

    const cart = await callJson(client, 'store_create_cart', { currency: 'EUR' });
    const cartToken = cart.body.session_token as string;
    const added = await callJson(client, 'store_add_to_cart', {
      cart_id: cart.body.id,
      product_id: product.id,
      quantity: 2,
      cart_token: cartToken,
    });
    expect(added.isError).toBe(false);
    const itemId = added.body.items[0].id;
    const updated = await callJson(client, 'store_update_cart_item', {
      cart_id: cart.body.id,
      item_id: itemId,
      quantity: 1,
      cart_token: cartToken,
    });
    expect(updated.body.items[0].quantity).toBe(1);
    // Without its token the cart is not found (the same 404 as REST).
    const stranger = await callJson(client, 'store_get_cart', { cart_id: cart.body.id });
    expect(stranger).toMatchObject({ isError: true, body: { error: { code: 'not_found' } } });

    const shipping = await callJson(client, 'store_list_shipping_methods');
    const payment = await callJson(client, 'store_list_payment_methods');
    expect(shipping.body.length).toBeGreaterThan(0);
    const order = await callJson(client, 'store_checkout', {
      cart_id: cart.body.id,
      cart_token: cartToken,
      email: 'agent@example.com',
      shipping_address: ADDRESS,
      shipping_method_id: shop.shipping.id,
      payment_method_id: payment.body.find((m: { id: string }) => m.id === shop.payment.id).id,
    });
    expect(order.isError).toBe(false);
    expect(order.body).toMatchObject({ status: 'pending', total: 1490, is_guest_order: true });
    await client.close();
  });

  it('asks for confirm before removing a cart item, and changes nothing without it', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 500 });
    const client = await connectMcp(t.url, 'store');
    const cart = await callJson(client, 'store_create_cart', {});
    const cart_token = cart.body.session_token;
    const added = await callJson(client, 'store_add_to_cart', {
      cart_id: cart.body.id,
      product_id: product.id,
      quantity: 1,
      cart_token,
    });
    const args = { cart_id: cart.body.id, item_id: added.body.items[0].id, cart_token };
    const asked = await callJson(client, 'store_remove_from_cart', args);
    // A refusal, not a success: the agent's client sees `isError` and the explanation.
    expect(asked).toMatchObject({
      isError: true,
      body: { confirmation_required: true, tool: 'store_remove_from_cart' },
    });
    expect(asked.body.message).toMatch(/^Nothing was changed\..*confirm: true/);
    expect((await callJson(client, 'store_get_cart', { cart_id: cart.body.id, cart_token })).body.items).toHaveLength(
      1,
    );
    const done = await callJson(client, 'store_remove_from_cart', { ...args, confirm: true });
    expect(done.body.items).toEqual([]);
    await client.close();
  });

  it('acts as the customer whose token it carries, and names the error otherwise', async () => {
    const anonymous = await connectMcp(t.url, 'store');
    const denied = await callJson(anonymous, 'store_get_account');
    expect(denied).toMatchObject({ isError: true, body: { error: { code: 'unauthorized' } } });
    expect(denied.text).not.toMatch(/at \w+ \(/);
    await anonymous.close();
    // Over stateless HTTP the connection's credential decides: the customer signs in over REST (store_login and
    // store_register are stdio tools) and connects with the token.
    const registered = await t.asGuest().post('/api/v1/store/auth/register', {
      email: 'mcp-agent@example.com',
      password: 'a-long-password-1',
      first_name: 'Mia',
      last_name: 'Agent',
    });
    expect(registered.status).toBe(201);
    const login = await t.asGuest().post('/api/v1/store/auth/login', {
      email: 'mcp-agent@example.com',
      password: 'a-long-password-1',
    });
    const customer = await connectMcp(t.url, 'store', `Bearer ${login.body.data.access_token}`);
    const account = await callJson(customer, 'store_get_account');
    expect(account.body.email).toBe('mcp-agent@example.com');
    expect((await callJson(customer, 'store_list_orders')).body).toEqual({
      items: [],
      total: 0,
      page: 1,
      has_more: false,
    });
    await customer.close();
  });

  it('reports every invalid argument as a validation_error tool result', async () => {
    const client = await connectMcp(t.url, 'store');
    const bad = await callJson(client, 'store_list_products', { limit: 'many', category_id: 'x' });
    expect(bad.isError).toBe(true);
    expect(bad.body.error.code).toBe('validation_error');
    expect(bad.body.error.errors.map((e: { field: string }) => e.field).sort()).toEqual(['category_id', 'limit']);
    await client.close();
  });
});

describe('MCP admin server (HTTP)', () => {
  it('answers 401 to anonymous callers and 403 to customers, in the spec envelope', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const anon = await t.asGuest().post('/mcp/admin', body, RPC);
    expect(anon.status).toBe(401);
    expect(anon.body.errors[0].code).toBe('unauthorized');
    expect((await t.asCustomer().post('/mcp/admin', body, RPC)).status).toBe(403);
    expect((await t.asApiKey(['orders.read'], { owner: 'customer' }).post('/mcp/admin', body, RPC)).status).toBe(403);
  });

  it('lists about 40 tools by default, grouped in toolsets chosen by ?toolsets=', async () => {
    const auth = await t.asAdmin().authHeader();
    const client = await connectMcp(t.url, 'admin', auth);
    const { tools } = await client.listTools();
    expect(tools.length).toBeLessThanOrEqual(40);
    const names = tools.map((x) => x.name);
    expect(names).toEqual(
      expect.arrayContaining(['admin_list_toolsets', 'admin_list_products', 'admin_update_order_status']),
    );
    expect(names).not.toContain('admin_list_tax_rules');
    const sets = await callJson(client, 'admin_list_toolsets');
    expect(sets.body.toolsets.map((s: { name: string }) => s.name)).toEqual([
      'catalog',
      'attributes',
      'inventory',
      'orders',
      'fulfilment',
      'customers',
      'pricing',
      'system',
    ]);
    expect(sets.body.toolsets.find((s: { name: string }) => s.name === 'pricing')).toMatchObject({ enabled: false });
    await client.close();

    const pricing = await connectMcp(t.url, 'admin', auth, '?toolsets=pricing');
    const pricingNames = (await pricing.listTools()).tools.map((x) => x.name);
    expect(pricingNames).toContain('admin_list_tax_rules');
    expect(pricingNames).not.toContain('admin_list_products');
    await pricing.close();
    const all = await connectMcp(t.url, 'admin', auth, '?toolsets=all');
    expect((await all.listTools()).tools.length).toBeGreaterThan(80);
    await all.close();
    const bad = await t
      .asAdmin()
      .post('/mcp/admin?toolsets=bogus', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, RPC);
    expect(bad.status).toBe(400);
  });

  it('checks every call with the operation’s permission: products.read lists but cannot delete', async () => {
    const product = await createProduct(t.db, {});
    const client = await connectMcp(t.url, 'admin', await t.asApiKey(['products.read']).authHeader());
    const list = await callJson(client, 'admin_list_products', { limit: 1 });
    expect(list.isError).toBe(false);
    const denied = await callJson(client, 'admin_delete_product', { product_id: product.id, confirm: true });
    expect(denied).toMatchObject({ isError: true, body: { error: { code: 'forbidden' } } });
    expect(await t.db.product.findUnique({ where: { id: product.id } })).not.toBeNull();
    await client.close();
  });

  it('runs destructive tools only with confirm: true', async () => {
    const product = await createProduct(t.db, {});
    const client = await connectMcp(t.url, 'admin', await t.asAdmin().authHeader());
    const asked = await callJson(client, 'admin_delete_product', { product_id: product.id });
    expect(asked.isError).toBe(true);
    expect(asked.body).toMatchObject({
      confirmation_required: true,
      would: `DELETE /api/v1/admin/products/{id} for product_id ${product.id}`,
    });
    expect(await t.db.product.findUnique({ where: { id: product.id } })).not.toBeNull();
    expect((await callJson(client, 'admin_delete_product', { product_id: product.id, confirm: true })).body).toEqual({
      ok: true,
    });
    expect(await t.db.product.findUnique({ where: { id: product.id } })).toBeNull();
    const stock = await callJson(client, 'admin_set_warehouse_stock', { warehouse_id: shop.warehouse.id, items: [] });
    expect(stock).toMatchObject({ isError: true, body: { confirmation_required: true } });
    await client.close();
  });

  it('creates with validation errors named by field, and caps large results with a way to page', async () => {
    const client = await connectMcp(t.url, 'admin', await t.asAdmin().authHeader());
    const invalid = await callJson(client, 'admin_create_product', { sku: 'X' });
    expect(invalid.isError).toBe(true);
    expect(invalid.body.error.code).toBe('validation_error');
    expect(invalid.body.error.errors.map((e: { field: string }) => e.field)).toContain('translations');

    for (let i = 0; i < 25; i++) await createProduct(t.db, {});
    const big = await callJson(client, 'admin_list_products', { limit: 100 });
    expect(big).toMatchObject({ isError: true, body: { error: { code: 'result_too_large' } } });
    expect(big.body.error.message).toMatch(/limit, page/);
    const page = await callJson(client, 'admin_list_products', { limit: 2, page: 2 });
    expect(page.body).toMatchObject({ page: 2, has_more: true });
    expect(page.body.items).toHaveLength(2);
    await client.close();
  });

  it('guards against DNS rebinding: a foreign Host or Origin is refused', async () => {
    const auth = (await t.asAdmin().authHeader())!;
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { authorization: auth, 'content-type': 'application/json', ...RPC };
    const origin = await fetch(`${t.url}/mcp/admin`, {
      method: 'POST',
      body,
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(origin.status).toBe(403);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${t.url}/mcp/store`,
        { method: 'POST', headers: { ...headers, host: 'evil.example' } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(403);
  });
});
