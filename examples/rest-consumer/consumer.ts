/**
 * A small REST client typed only by the OpenAPI document: `npm run openapi:consumer` generates
 * `generated/openapi.ts` from `schema/openapi.json` with openapi-typescript and compiles this file with tsc
 * (CI). The `@ts-expect-error` lines prove that a wrong path or field does not compile.
 */
import type { paths } from './generated/openapi';

/** The JSON body an operation answers with `status`. */
type JsonBody<Op, Status extends number> = Op extends {
  responses: { [K in Status]: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;
/** The JSON request body of an operation. */
type RequestJson<Op> = Op extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

type ListProducts = paths['/api/v1/store/products']['get'];
type CreateCart = paths['/api/v1/store/cart']['post'];
type AddItem = paths['/api/v1/store/cart/{id}/items']['post'];

export type Cart = JsonBody<AddItem, 201>['data'];

async function call<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Searches the store and puts the first variant of the first hit into a new guest cart. */
export async function buyFirst(base: string, search: string): Promise<Cart> {
  const query: NonNullable<ListProducts['parameters']['query']> = { search, limit: 1 };
  const list = await call<JsonBody<ListProducts, 200>>(
    base,
    'GET',
    `/api/v1/store/products?search=${encodeURIComponent(String(query.search))}&limit=${query.limit}`,
  );
  const product = list.data.items[0];
  if (!product) throw new Error('nothing found');
  const total: number = list.meta.total;
  void total;

  const created = await call<JsonBody<CreateCart, 201>>(base, 'POST', '/api/v1/store/cart', {});
  const token: string | null = created.data.session_token;
  const item: RequestJson<AddItem> = { product_id: product.id, variant_id: product.variants[0]?.id, quantity: 1 };
  const cart = await call<JsonBody<AddItem, 201>>(
    base,
    'POST',
    `/api/v1/store/cart/${created.data.id}/items`,
    item,
    token ? { 'x-cart-token': token } : {},
  );
  const subtotal: number = cart.data.subtotal_gross;
  void subtotal;
  return cart.data;
}

// @ts-expect-error: the document has no such path.
export type NoSuchRoute = paths['/api/v1/store/no-such-route']['get'];

export function wrongField(cart: Cart): unknown {
  // @ts-expect-error: a cart has no `grand_total` field (it is `subtotal_gross`).
  return cart.grand_total;
}

// @ts-expect-error: `quantity` is an integer, not a string.
export const badItem: RequestJson<AddItem> = { product_id: 'x', quantity: 'two' };
