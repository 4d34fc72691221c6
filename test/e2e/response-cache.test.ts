import { createHash } from 'node:crypto';

import { guestCheckout, stockedProduct } from '../fixtures/shop';
import { useShop } from '../fixtures/use-shop';

const { t, shop } = useShop();

/** A browser that already holds its CSRF cookie (so no Set-Cookie makes the answer private). */
const CSRF = { cookie: `csrf_token=${'a'.repeat(64)}` };
const slugOf = async (productId: string) =>
  (await t.db.productTranslation.findFirstOrThrow({ where: { productId } })).slug;
const guestGet = (path: string, headers: Record<string, string> = {}) => t.asGuest().get(path, { ...CSRF, ...headers });

/** Reads a store page twice: the second read must come from the cache (so a later fresh read proves invalidation). */
async function warm(path: string) {
  const first = await guestGet(path);
  expect(first.status).toBe(200);
  const second = await guestGet(path);
  expect(second.headers.get('x-cache')).toBe('hit');
  expect(second.text).toBe(first.text);
  return second;
}

describe('response cache: REST store reads', () => {
  it('serves a repeated anonymous read from the cache with a strong ETag, and 304 for the held version', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 3, { name: 'Cached mug' });
    const path = `/api/v1/store/products/${await slugOf(product.id)}`;
    const first = await guestGet(path);
    expect(first.headers.get('x-cache')).toBe('miss');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(first.headers.get('vary')).toMatch(/Accept-Language/i);
    const hit = await guestGet(path);
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(hit.headers.get('etag')).toBe(etag);
    expect(hit.body).toEqual(first.body);
    expect(t.sqlCount(hit.requestId)).toBe(0);

    const notModified = await guestGet(path, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    expect((await guestGet(path, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('keys on the sorted query string and on Accept-Language', async () => {
    await stockedProduct(t, shop.warehouse.id, 1);
    await warm('/api/v1/store/products?limit=5&page=1');
    expect((await guestGet('/api/v1/store/products?page=1&limit=5')).headers.get('x-cache')).toBe('hit');
    expect(
      (await guestGet('/api/v1/store/products?page=1&limit=5', { 'accept-language': 'de' })).headers.get('x-cache'),
    ).toBe('miss');
  });

  it('keeps the CSRF cookie of a first visit and then marks the answer private', async () => {
    const res = await t.asGuest().get('/api/v1/store/categories');
    expect(res.headers.get('set-cookie')).toMatch(/csrf_token=/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('never caches for a caller with credentials, and marks other API answers no-store', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 1);
    const path = `/api/v1/store/products/${await slugOf(product.id)}`;
    const customer = t.asCustomer();
    await customer.get(path);
    const res = await customer.get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBeNull();
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await t.asAdmin().get('/api/v1/admin/warehouses')).headers.get('cache-control')).toBe('no-store');
  });

  it('does not cache errors', async () => {
    expect((await guestGet('/api/v1/store/products/no-such-slug')).status).toBe(404);
    const again = await guestGet('/api/v1/store/products/no-such-slug');
    expect(again.status).toBe(404);
    expect(again.headers.get('x-cache')).toBe('miss');
    expect(again.headers.get('cache-control')).toBe('no-store');
  });
});

describe('response cache: never stale after a committed write', () => {
  it('a product update is visible on the next read', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 2);
    const path = `/api/v1/store/products/id/${product.id}`;
    await warm(path);
    expect((await t.asAdmin().put(`/api/v1/admin/products/${product.id}`, { active: false })).status).toBe(200);
    expect((await guestGet(path)).status).toBe(404);
  });

  it('a price change is visible on the next read (and the ETag changes)', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 2, { priceGross: 1000 });
    const path = `/api/v1/store/products/id/${product.id}`;
    const before = await warm(path);
    await t.asAdmin().put(`/api/v1/admin/products/${product.id}`, { price_gross: 1234 });
    const after = await guestGet(path, { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.body.data.price_gross).toBe(1234);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('setting stock is visible on the next read of the list', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 2, { name: `Stocky ${Date.now()}` });
    const path = `/api/v1/store/products?search=Stocky&limit=50`;
    const before = await warm(path);
    expect(before.body.data.items.find((p: { id: string }) => p.id === product.id).stock).toBe(2);
    const res = await t
      .asAdmin()
      .put(`/api/v1/admin/warehouses/${shop.warehouse.id}/stock`, { items: [{ product_id: product.id, quantity: 9 }] });
    expect(res.status).toBe(200);
    const after = await guestGet(path);
    expect(after.body.data.items.find((p: { id: string }) => p.id === product.id).stock).toBe(9);
  });

  it('a checkout that reduces stock is visible on the next read', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 5);
    const path = `/api/v1/store/products/id/${product.id}`;
    await warm(path);
    const order = await guestCheckout(t, shop, product.id, { quantity: 2, email: 'cache@example.com' });
    expect(order.status).toBe(201);
    expect((await guestGet(path)).body.data.stock).toBe(3);
  });

  it('a write straight through the database client (raw SQL) retires the cache too', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 1, { priceGross: 500 });
    const path = `/api/v1/store/products/id/${product.id}`;
    await warm(path);
    await t.db.$executeRawUnsafe(`UPDATE products SET price_gross = 777 WHERE id = '${product.id}'`);
    expect((await guestGet(path)).body.data.price_gross).toBe(777);
  });

  it('writes that cannot change a store read (a cart) leave the cache alone', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 1);
    const path = `/api/v1/store/products/id/${product.id}`;
    await warm(path);
    expect((await t.asGuest().post('/api/v1/store/cart')).status).toBe(201);
    expect((await guestGet(path)).headers.get('x-cache')).toBe('hit');
  });
});

describe('response cache: GraphQL', () => {
  const QUERY = 'query StoreProductById($id: UUID!) { storeProductById(id: $id) { id price_gross: priceGross stock } }';
  const hash = createHash('sha256').update(QUERY).digest('hex');
  const PREFLIGHT = { 'apollo-require-preflight': 'true' };
  const getUrl = (variables: unknown, withQuery: boolean) =>
    `/graphql?${new URLSearchParams({
      ...(withQuery ? { query: QUERY } : {}),
      variables: JSON.stringify(variables),
      extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
    })}`;

  it('caches POSTed store queries, retires them on a write, and never keeps errors', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 4, { priceGross: 900 });
    const post = () => t.asGuest().post('/graphql', { query: QUERY, variables: { id: product.id } }, CSRF);
    expect((await post()).headers.get('x-cache')).toBe('miss');
    const hit = await post();
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(hit.body.data.storeProductById.price_gross).toBe(900);
    await t.asAdmin().put(`/api/v1/admin/products/${product.id}`, { price_gross: 950 });
    expect((await post()).body.data.storeProductById.price_gross).toBe(950);

    const missing = () =>
      t.asGuest().post('/graphql', { query: QUERY, variables: { id: '00000000-0000-4000-8000-000000000000' } }, CSRF);
    expect((await missing()).body.errors).toBeDefined();
    expect((await missing()).headers.get('x-cache')).toBe('miss');
  });

  it('gives a POSTed query no ETag and never a 304: validators and 304 are for GET and HEAD (RFC 9110 §13.1.2)', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 2);
    const post = (headers: Record<string, string> = {}) =>
      t.asGuest().post('/graphql', { query: QUERY, variables: { id: product.id } }, { ...CSRF, ...headers });
    const miss = await post();
    expect(miss.headers.get('x-cache')).toBe('miss');
    expect(miss.headers.get('etag')).toBeNull();
    // `*` matches any version: a GET would get 304 here.
    const hit = await post({ 'if-none-match': '*' });
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(hit.headers.get('etag')).toBeNull();
    expect(hit.body.data.storeProductById.id).toBe(product.id);
  });

  it('answers GET with automatic persisted queries from the cache, with ETag and 304', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 4);
    const variables = { id: product.id };
    // Unknown hash: Apollo asks for the text; then the text registers it; then the hash alone is a cacheable GET.
    const unknown = await t.asGuest().get(getUrl(variables, false), { ...CSRF, ...PREFLIGHT });
    expect(unknown.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await t.asGuest().get(getUrl(variables, true), { ...CSRF, ...PREFLIGHT });
    expect(registered.status).toBe(200);
    expect(registered.body.data.storeProductById.id).toBe(product.id);
    const byHash = await t.asGuest().get(getUrl(variables, false), { ...CSRF, ...PREFLIGHT });
    expect(byHash.headers.get('x-cache')).toBe('hit');
    expect(byHash.headers.get('cache-control')).toBe('public, no-cache');
    const etag = byHash.headers.get('etag')!;
    const notModified = await t
      .asGuest()
      .get(getUrl(variables, false), { ...CSRF, ...PREFLIGHT, 'if-none-match': etag });
    expect(notModified.status).toBe(304);
  });

  it('keeps Apollo CSRF prevention for GET (even for a cached query) and mutations POST-only', async () => {
    const product = await stockedProduct(t, shop.warehouse.id, 4);
    await t.asGuest().get(getUrl({ id: product.id }, true), { ...CSRF, ...PREFLIGHT });
    const unprotected = await t.asGuest().get(getUrl({ id: product.id }, false), CSRF);
    expect(unprotected.status).toBe(400);
    expect(unprotected.headers.get('x-cache')).toBeNull();
    const mutation = await t
      .asGuest()
      .get(`/graphql?${new URLSearchParams({ query: 'mutation { cartCreate { id } }' })}`, { ...CSRF, ...PREFLIGHT });
    expect(mutation.status).toBe(405);
  });
});
