import { seedDemo } from '../../app/seed/demo';
import { ANONYMOUS } from '../../src/context/actor';
import { createContext } from '../../src/context/create-context';
import { useShop } from '../fixtures/use-shop';
import { CookieJar } from '../harness/cookie-jar';

/**
 * A guest who knows only GraphQL: every request below goes to /graphql, with the cookies the server set kept the
 * way a browser keeps them (by name and path), and nothing read from REST.
 */
const { t } = useShop({ shop: false });
beforeAll(async () => {
  const ctx = createContext(t.service.services, { id: 'seed', actor: ANONYMOUS, log: t.service.services.log });
  await seedDemo(ctx);
});

interface GqlResponse {
  status: number;
  headers: Headers;
  body: { data?: any; errors?: Array<{ message: string; extensions: Record<string, unknown> }> };
}

/** POSTs one operation to /graphql with the jar's cookies (and the CSRF echo a browser script would add). */
async function gql(
  jar: CookieJar,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  opts: { csrf?: boolean } = { csrf: true },
): Promise<GqlResponse> {
  const csrf = jar.value('csrf_token', '/graphql');
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: jar.header('/graphql'),
      ...(opts.csrf && csrf ? { 'x-csrf-token': csrf } : {}),
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  jar.store(res.headers.getSetCookie());
  return { status: res.status, headers: res.headers, body: (await res.json()) as GqlResponse['body'] };
}

const BROWSE = `query Browse($search: String) {
  storeProducts(search: $search, limit: 5) {
    items { id translations { locale name slug } variants { id sku priceGross stock } }
    meta { total }
  }
}`;
const METHODS = `query Methods {
  storeShippingMethods { id priceGross translations { name } }
  storePaymentMethods { id provider translations { name } }
}`;
const NEW_CART = 'mutation NewCart { cartCreate { id sessionToken } }';
const ADD = `mutation Add($cartId: UUID!, $variantId: UUID!) {
  cartItemAdd(cartId: $cartId, input: { variantId: $variantId, quantity: 2 }) { itemCount subtotalGross }
}`;
const CHECKOUT = `mutation Checkout($input: CheckoutInput!) {
  checkoutComplete(input: $input) { id orderNumber status total isGuestOrder }
}`;
const READ_ORDER = `query MyOrder($id: UUID!) {
  storeOrder(id: $id) { id orderNumber status total email isGuestOrder shippingAddress items { sku quantity } }
}`;

describe('a guest shops over GraphQL alone', () => {
  it('browses, fills a cart, checks out with a camelCase address and reads the order back with its cookie', async () => {
    const jar = new CookieJar();
    const browse = await gql(jar, BROWSE, { search: 'shirt' });
    expect(browse.status).toBe(200);
    const product = browse.body.data.storeProducts.items[0];
    expect(product.translations[0].slug).toBe('classic-t-shirt');
    const variant = product.variants.find((v: { stock: number }) => v.stock > 2);

    const methods = await gql(jar, METHODS);
    const shipping = methods.body.data.storeShippingMethods[0];
    const payment = methods.body.data.storePaymentMethods.find((m: { provider: string }) => m.provider === '');
    expect(shipping.translations[0].name).toBe('Standard');

    const cart = (await gql(jar, NEW_CART)).body.data.cartCreate;
    const cartHeaders = { 'x-cart-token': cart.sessionToken };
    const added = await gql(jar, ADD, { cartId: cart.id, variantId: variant.id }, cartHeaders);
    expect(added.body.data.cartItemAdd).toEqual({ itemCount: 2, subtotalGross: 2 * variant.priceGross });

    const placed = await gql(
      jar,
      CHECKOUT,
      {
        input: {
          cartId: cart.id,
          email: 'Guest@Example.com',
          shippingMethodId: shipping.id,
          paymentMethodId: payment.id,
          shippingAddress: {
            firstName: 'Ada',
            lastName: 'Lovelace',
            street: 'Main St 1',
            city: 'Berlin',
            zip: '10115',
            countryCode: 'DE',
          },
        },
      },
      { ...cartHeaders, 'idempotency-key': `gql-journey-${cart.id}` },
    );
    expect(placed.body.errors).toBeUndefined();
    const order = placed.body.data.checkoutComplete;
    expect(order).toMatchObject({ status: 'PENDING', isGuestOrder: true, total: 2 * variant.priceGross + 490 });
    // The guest token reaches the GraphQL endpoint as well as the spec's store path, never the response body.
    expect(jar.paths('svc_guest_token').sort()).toEqual(['/api/v1/store', '/graphql']);
    expect(JSON.stringify(placed.body)).not.toContain(jar.value('svc_guest_token', '/graphql'));

    const read = await gql(jar, READ_ORDER, { id: order.id });
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.storeOrder).toEqual({
      id: order.id,
      orderNumber: order.orderNumber,
      status: 'PENDING',
      total: order.total,
      email: 'guest@example.com',
      isGuestOrder: true,
      // Stored with the spec's keys, as REST shows it.
      shippingAddress: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        street: 'Main St 1',
        city: 'Berlin',
        zip: '10115',
        country_code: 'DE',
      },
      items: [{ sku: variant.sku, quantity: 2 }],
    });

    // Another guest (no cookie), or a wrong token, sees no such order.
    const stranger = await gql(new CookieJar(), READ_ORDER, { id: order.id });
    expect(stranger.body.errors?.[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    const wrong = await gql(new CookieJar(), READ_ORDER, { id: order.id }, { 'x-guest-token': 'f'.repeat(64) });
    expect(wrong.body.errors?.[0].extensions).toMatchObject({ code: 'not_found' });
    // The X-Guest-Token header works where cookies are not kept.
    const byHeader = await gql(
      new CookieJar(),
      READ_ORDER,
      { id: order.id },
      {
        'x-guest-token': jar.value('svc_guest_token', '/graphql')!,
      },
    );
    expect(byHeader.body.data.storeOrder.id).toBe(order.id);
  });

  it('reports every missing address field at once, with the snake_case paths of the validation vocabulary', async () => {
    const jar = new CookieJar();
    const methods = (await gql(jar, METHODS)).body.data;
    const res = await gql(jar, CHECKOUT, {
      input: {
        items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        email: 'g@example.com',
        shippingMethodId: methods.storeShippingMethods[0].id,
        paymentMethodId: methods.storePaymentMethods[0].id,
        shippingAddress: { firstName: 'Ada', country: 'DE' },
      },
    });
    expect(res.body.errors?.[0].extensions).toMatchObject({ code: 'validation_error', status: 400 });
    expect((res.body.errors?.[0].extensions.errors as Array<{ field: string }>).map((e) => e.field)).toEqual([
      'shipping_address.last_name',
      'shipping_address.street',
      'shipping_address.city',
      'shipping_address.zip',
    ]);
    // The old snake_case keys are not GraphQL fields.
    const snake = await gql(jar, CHECKOUT, {
      input: {
        items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        shippingMethodId: methods.storeShippingMethods[0].id,
        paymentMethodId: methods.storePaymentMethods[0].id,
        shippingAddress: { first_name: 'Ada' },
      },
    });
    expect(snake.status).toBe(400);
    expect(snake.body.errors?.[0].extensions.code).toBe('validation_error');
    expect(snake.body.errors?.[0].message).toMatch(/first_name/);
  });
});

describe('storeOrder for customers', () => {
  it("shows a customer its own order and nobody else's, without any guest token", async () => {
    const variant = await t.db.productVariant.findFirstOrThrow({ where: { stock: { gt: 5 } } });
    const methods = (await gql(new CookieJar(), METHODS)).body.data;
    const owner = t.asCustomer();
    const placed = await owner.gql(CHECKOUT, {
      input: {
        items: [{ variantId: variant.id, quantity: 1 }],
        shippingMethodId: methods.storeShippingMethods[0].id,
        paymentMethodId: methods.storePaymentMethods[0].id,
        shippingAddress: { firstName: 'Cleo', lastName: 'C', street: 'S 1', city: 'Berlin', zip: '1', country: 'DE' },
      },
    });
    const order = placed.data.checkoutComplete;
    expect(order.isGuestOrder).toBe(false);
    expect((await owner.gql(READ_ORDER, { id: order.id })).data.storeOrder.shippingAddress).toMatchObject({
      first_name: 'Cleo',
      country: 'DE',
    });
    const other = await t.asCustomer().gql(READ_ORDER, { id: order.id });
    expect(other.errors?.[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
  });
});

describe('errors raised before GraphQL runs answer in GraphQL shape on /graphql', () => {
  it('a cookie-authenticated POST without X-CSRF-Token is 403 csrf_token_invalid as a GraphQL error', async () => {
    const jar = new CookieJar();
    jar.store(['svc_guest_token=' + 'a'.repeat(64) + '; Path=/graphql', 'csrf_token=' + 'b'.repeat(64) + '; Path=/']);
    const res = await gql(jar, '{ health { status } }', {}, {}, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      errors: [
        {
          message: 'missing or invalid CSRF token',
          extensions: { code: 'csrf_token_invalid', status: 403, requestId: res.headers.get('x-request-id') },
        },
      ],
    });
    const wrong = await gql(jar, '{ health { status } }', {}, { 'x-csrf-token': 'c'.repeat(64) }, { csrf: false });
    expect(wrong.body.errors?.[0].extensions.code).toBe('csrf_token_invalid');
    // The echoed cookie passes; REST keeps its own envelope for the same failure.
    expect((await gql(jar, '{ health { status } }')).body.data.health.status).toBe('ok');
    const rest = await fetch(`${t.url}/api/v1/store/cart`, {
      method: 'POST',
      headers: { cookie: `svc_guest_token=${'a'.repeat(64)}` },
    });
    expect(await rest.json()).toEqual({
      errors: [{ code: 'csrf_token_invalid', detail: 'missing or invalid CSRF token' }],
    });
  });

  it('a body that is not JSON is 400 invalid_json, and a wrong content type 415, as GraphQL errors', async () => {
    const broken = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as GqlResponse['body']).errors?.[0]).toMatchObject({
      message: expect.any(String),
      extensions: { code: 'invalid_json', status: 400 },
    });
    const text = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{ health { status } }',
    });
    expect(text.status).toBe(415);
    expect(((await text.json()) as GqlResponse['body']).errors?.[0].extensions.code).toBe('unsupported_media_type');
  });
});

describe('Apollo Sandbox', () => {
  it('is served with telemetry off', async () => {
    const res = await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    expect(html).toMatch(/embeddable-sandbox/);
    expect(html).toMatch(/"runTelemetry":\s*false/);
    expect(html).not.toMatch(/"runTelemetry":\s*true/);
  });
});
