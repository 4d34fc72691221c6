/**
 * One browser, several guest orders (issue 53): the `svc_guest_token` cookie keeps the token of every guest order
 * the browser placed (newest first), so a second order no longer makes the first unreadable; someone else's
 * cookie, or tokens made up, read none of them. CSRF still guards posts that carry the cookie.
 */
import { ADDRESS, GQL_ADDRESS, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';
import { CookieJar } from '../harness/cookie-jar';

const { t, shop } = useShop();

const CHECKOUT = '/api/v1/store/checkout';
const orderPath = (id: string) => `/api/v1/store/orders/${id}`;

/** A request as a browser with `jar` sends it (its cookies for the path, the CSRF echo its script adds). */
async function send(jar: CookieJar, method: string, path: string, body?: unknown) {
  const csrf = jar.value('csrf_token', path);
  const res = await fetch(t.url + path, {
    method,
    headers: {
      cookie: jar.header(path),
      ...(csrf ? { 'x-csrf-token': csrf } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  jar.store(res.headers.getSetCookie());
  return { status: res.status, body: (await res.json()) as any };
}

async function restOrder(jar: CookieJar, productId: string) {
  const res = await send(jar, 'POST', CHECKOUT, {
    items: [{ product_id: productId, quantity: 1 }],
    shipping_address: ADDRESS,
    shipping_method_id: shop.shipping.id,
    payment_method_id: shop.payment.id,
    email: 'browser@example.com',
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function graphqlOrder(jar: CookieJar, productId: string) {
  const res = await send(jar, 'POST', '/graphql', {
    query: 'mutation($input: CheckoutInput!) { checkoutComplete(input: $input) { id } }',
    variables: {
      input: {
        items: [{ productId, quantity: 1 }],
        shippingAddress: GQL_ADDRESS,
        shippingMethodId: shop.shipping.id,
        paymentMethodId: shop.payment.id,
        email: 'browser@example.com',
      },
    },
  });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.checkoutComplete.id as string;
}

const readRest = async (jar: CookieJar, id: string) => (await send(jar, 'GET', orderPath(id))).status;
async function readGraphql(jar: CookieJar, id: string) {
  const res = await send(jar, 'POST', '/graphql', {
    query: 'query($id: UUID!) { storeOrder(id: $id) { id } }',
    variables: { id },
  });
  return res.body.data?.storeOrder?.id === id ? 'read' : res.body.errors?.[0]?.extensions?.code;
}

describe('guest orders of one browser', () => {
  it('stay readable, every one, over REST and GraphQL after later orders (REST and GraphQL checkouts)', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 20);
    const browser = new CookieJar();
    const first = await restOrder(browser, product.id);
    const second = await restOrder(browser, product.id);
    const third = await graphqlOrder(browser, product.id);

    // One cookie per path, newest first, each token once.
    const tokens = browser.value('svc_guest_token', '/api/v1/store')!.split('.');
    expect(tokens).toHaveLength(3);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{64}$/);
    const stored = await t.db.order.findMany({ where: { id: { in: [first, second, third] } } });
    const tokenOf = (id: string) => stored.find((o) => o.id === id)!.guestToken;
    expect(tokens).toEqual([tokenOf(third), tokenOf(second), tokenOf(first)]);
    expect(browser.value('svc_guest_token', '/graphql')).toBe(tokens.join('.'));

    for (const id of [first, second, third]) {
      expect(await readRest(browser, id)).toBe(200);
      expect(await readGraphql(browser, id)).toBe('read');
      expect((await send(browser, 'GET', `${orderPath(id)}/transactions`)).status).toBe(200);
    }
  });

  it("reads none of them with another browser's cookie or made-up tokens; X-Guest-Token names one order", async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 20);
    const browser = new CookieJar();
    const first = await restOrder(browser, product.id);
    const second = await restOrder(browser, product.id);
    const stranger = new CookieJar();
    const theirs = await restOrder(stranger, product.id);

    for (const id of [first, second]) {
      expect(await readRest(stranger, id)).toBe(404);
      expect(await readGraphql(stranger, id)).toBe('not_found');
    }
    expect(await readRest(browser, theirs)).toBe(404);
    // A cookie of made-up tokens (and a list padded with junk) reads nothing.
    const forged = new CookieJar();
    forged.store([`svc_guest_token=${'a'.repeat(64)}.${'b'.repeat(64)}.zz; Path=/api/v1/store`]);
    expect(await readRest(forged, first)).toBe(404);

    // The header takes one order's token and reaches that order only.
    const [, firstToken] = browser.value('svc_guest_token', '/api/v1/store')!.split('.');
    const viaHeader = (id: string) => t.asGuest().get(orderPath(id), { 'x-guest-token': firstToken });
    expect((await viaHeader(first)).status).toBe(200);
    expect((await viaHeader(second)).status).toBe(404);
  });

  it('keeps CSRF: a post carrying the guest cookie needs the echoed token', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const browser = new CookieJar();
    await restOrder(browser, product.id);
    const res = await fetch(t.url + CHECKOUT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: browser.header(CHECKOUT) },
      body: JSON.stringify({ items: [{ product_id: product.id, quantity: 1 }] }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).errors[0].code).toBe('csrf_token_invalid');
  });
});
