import { assertCheckable } from '../../src/mcp/check-arguments';
import { startPayprovShop } from '../fixtures/payprov';
import { stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';
import { callJson, connectMcp } from '../harness/mcp-client';

const { t, shop } = useShop();

/** What an agent must never read in a tool error: a GraphQL variable, GraphQL's wording, or query text. */
const GRAPHQL_WORDS = /\$[A-Za-z_]|Variable|query|cartId|orderId|productId/;

/** The resource a path segment names, and the one argument name its id has in every tool. */
const ID_OF: Record<string, string> = {
  cart: 'cart_id',
  orders: 'order_id',
  products: 'product_id',
  items: 'item_id',
  variants: 'variant_id',
  warehouses: 'warehouse_id',
  customers: 'customer_id',
};

interface ListedTool {
  name: string;
  description?: string;
  inputSchema: { properties?: Record<string, unknown>; required?: string[]; additionalProperties?: unknown };
}

/** A tool error's `error`, after checking it is a `validation_error` that speaks only of the tool's arguments. */
function validationError(result: Awaited<ReturnType<typeof callJson>>) {
  expect(result.isError).toBe(true);
  expect(result.body.error.code).toBe('validation_error');
  expect(result.text).not.toMatch(GRAPHQL_WORDS);
  return result.body.error as { message: string; errors?: Array<{ field: string; detail: string }> };
}

describe('MCP tool arguments are named for what they are', () => {
  it('no tool takes a bare id, and each id has one name in every store and admin tool', async () => {
    const store = await connectMcp(t.url, 'store');
    const admin = await connectMcp(t.url, 'admin', await t.asAdmin().authHeader(), '?toolsets=all');
    const tools = [
      ...((await store.listTools()).tools as ListedTool[]),
      ...((await admin.listTools()).tools as ListedTool[]),
    ];
    expect(tools.length).toBeGreaterThan(100);
    const names = new Set<string>();
    for (const tool of tools) {
      const args = Object.keys(tool.inputSchema.properties ?? {});
      for (const arg of args) names.add(arg);
      expect([tool.name, args.filter((a) => a === 'id' || !/^[a-z][a-z0-9_]*$/.test(a))]).toEqual([tool.name, []]);
      // Closed: an argument the schema does not name is refused (below), so the schema says so.
      expect([tool.name, tool.inputSchema.additionalProperties]).toEqual([tool.name, false]);
      // Each id in the route's path is the argument named for its resource (`/store/cart/{id}` → cart_id).
      const path = /\(REST: [A-Z]+ (\S+)\)$/.exec(tool.description ?? '')?.[1];
      const segments = path?.split('/') ?? [];
      segments.forEach((segment, i) => {
        if (!segment.startsWith('{')) return;
        const resource = segments
          .slice(0, i)
          .reverse()
          .find((s) => !s.startsWith('{') && s !== 'id')!;
        if (ID_OF[resource]) expect([tool.name, args]).toEqual([tool.name, expect.arrayContaining([ID_OF[resource]])]);
      });
    }
    // One concept, one spelling: no `cartId`, `cart_ID` or `cartid` beside `cart_id` anywhere.
    for (const concept of ['cart', 'order', 'product', 'item', 'variant', 'warehouse', 'customer']) {
      const spellings = [...names].filter((n) => n.replace(/_/g, '').toLowerCase() === `${concept}id`);
      expect(spellings).toEqual(spellings.length ? [`${concept}_id`] : []);
    }
    for (const id of ['cart_id', 'order_id', 'product_id', 'item_id', 'variant_id']) expect(names).toContain(id);
    await store.close();
    await admin.close();
  });
});

describe('MCP tool arguments are checked against the tool’s schema before anything runs', () => {
  it('a missing required argument names the argument and what it takes', async () => {
    const client = await connectMcp(t.url, 'store');
    const error = validationError(await callJson(client, 'store_get_cart', {}));
    expect(error.message).toBe('cart_id is required: a UUID');
    expect(error.errors).toEqual([
      { code: 'validation_error', field: 'cart_id', detail: 'cart_id is required: a UUID' },
    ]);
    const order = validationError(await callJson(client, 'store_get_order', {}));
    expect(order.message).toBe('order_id is required: a UUID');
    await client.close();
  });

  it('an unknown argument (an old name) is refused with the names the tool takes', async () => {
    const client = await connectMcp(t.url, 'store');
    const cart = (await callJson(client, 'store_create_cart', {})).body;
    const error = validationError(
      await callJson(client, 'store_update_cart_item', {
        id: cart.id,
        item_id: cart.id,
        quantity: 1,
        cart_token: cart.session_token,
      }),
    );
    expect(error.errors?.map((e) => e.field).sort()).toEqual(['cart_id', 'id']);
    expect(error.message).toContain('cart_id is required: a UUID');
    expect(error.message).toContain('unknown argument "id"; this tool takes cart_id, item_id, ');
    expect(error.message).toMatch(/this tool takes cart_id, item_id, .*quantity.*cart_token/);
    await client.close();
  });

  it('an ill-typed argument: wrong type, bad UUID, out of bounds, not one of the values', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const client = await connectMcp(t.url, 'store');
    const cart = (await callJson(client, 'store_create_cart', {})).body;
    const cart_token = cart.session_token as string;

    const wrongType = validationError(
      await callJson(client, 'store_add_to_cart', {
        cart_id: cart.id,
        product_id: product.id,
        quantity: 'two',
        cart_token,
      }),
    );
    expect(wrongType.errors?.map((e) => e.field)).toEqual(['quantity']);
    expect(wrongType.message).toMatch(/^quantity must be an integer/);

    const badUuid = validationError(await callJson(client, 'store_get_order', { order_id: 'order-7' }));
    expect(badUuid.message).toBe('order_id must be a UUID');
    const badCart = validationError(await callJson(client, 'store_get_cart', { cart_id: 42, cart_token }));
    expect(badCart.message).toBe('cart_id must be a UUID');

    const outOfBounds = validationError(
      await callJson(client, 'store_add_to_cart', {
        cart_id: cart.id,
        product_id: product.id,
        quantity: 0,
        cart_token,
      }),
    );
    expect(outOfBounds.message).toMatch(/^quantity must be an integer ≥ 1/);
    const page = validationError(await callJson(client, 'store_list_products', { page: 0, order: 'sideways' }));
    expect(page.errors?.map((e) => e.detail).sort()).toEqual([
      'order must be one of asc, desc',
      expect.stringMatching(/^page must be an integer ≥ 1/),
    ]);

    // Nothing ran: the cart is as it was.
    const read = await callJson(client, 'store_get_cart', { cart_id: cart.id, cart_token });
    expect(read).toMatchObject({ isError: false, body: { id: cart.id, items: [] } });
    await client.close();
  });

  it('a destructive admin tool checks its arguments before its confirmation prompt', async () => {
    const admin = await connectMcp(t.url, 'admin', await t.asAdmin().authHeader());
    const missing = validationError(await callJson(admin, 'admin_delete_product', {}));
    expect(missing.message).toBe('product_id is required: a UUID');
    const old = validationError(await callJson(admin, 'admin_get_product', { id: shop.warehouse.id }));
    expect(old.message).toContain('unknown argument "id"; this tool takes product_id');
    const confirm = validationError(
      await callJson(admin, 'admin_set_warehouse_stock', {
        warehouse_id: shop.warehouse.id,
        items: [],
        confirm: 'yes',
      }),
    );
    expect(confirm.message).toBe('confirm must be true or false');
    await admin.close();
  });

  it('a valid call with the new names still runs', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5, { priceGross: 700 });
    const client = await connectMcp(t.url, 'store');
    expect((await callJson(client, 'store_get_product', { product_id: product.id })).body.id).toBe(product.id);
    const cart = (await callJson(client, 'store_create_cart', {})).body;
    const added = await callJson(client, 'store_add_to_cart', {
      cart_id: cart.id,
      product_id: product.id,
      quantity: 2,
      cart_token: cart.session_token,
    });
    expect(added.isError).toBe(false);
    expect(added.body.items).toMatchObject([{ quantity: 2 }]);
    await client.close();
  });
});

describe('a plugin’s store tool is held to the schema it advertises', () => {
  let payprov: Awaited<ReturnType<typeof startPayprovShop>>;
  beforeAll(async () => {
    payprov = await startPayprovShop();
  });
  afterAll(() => payprov?.close());

  it('answers the same validation_error before its handler calls anything', async () => {
    const store = await connectMcp(payprov.t.url, 'store');
    // Every advertised schema uses only what the checker enforces (a plugin's included).
    for (const tool of (await store.listTools()).tools)
      expect(() => assertCheckable(tool.inputSchema as Record<string, unknown>, tool.name)).not.toThrow();
    const plugin = validationError(await callJson(store, 'store_payprov_create_payment_intent', { id: 'x' }));
    expect(plugin.errors?.map((e) => e.detail)).toEqual([
      'order_id is required: a UUID',
      'payment_method_id is required: a UUID',
      'unknown argument "id"; this tool takes order_id, payment_method_id',
    ]);
    const status = validationError(
      await callJson(store, 'store_payprov_check_payment_status', { payment_intent_id: 'intent 7' }),
    );
    expect(status.message).toBe('payment_intent_id must be a string matching ^pi_[A-Za-z0-9_]+$');
    await store.close();
  });
});
