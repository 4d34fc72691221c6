/**
 * The list selection the floor comparison uses (issue 28): what a Vendure storefront's product list asks for
 * (id, name, slug, description; each variant's id, SKU, prices and stock; the total), in this schema's names.
 * The floor's `/vendure-list` builds the same answer in one SQL statement, so the ratio compares equal work.
 */
export const VENDURE_SHAPED_SELECTION = `items { id translations { locale name slug description } variants { id sku priceGross priceNet stock } }
    meta { total }`;

export const VENDURE_SHAPED_LIST = `query VendureShapedList($limit: Int) {
  storeProducts(limit: $limit) {
    ${VENDURE_SHAPED_SELECTION}
  }
}`;

export const vendureShapedBody = (limit: number) =>
  JSON.stringify({ query: VENDURE_SHAPED_LIST, variables: { limit }, operationName: 'VendureShapedList' });

/**
 * The service's answer and the floor's must be the same document (the floor's `json` keeps key order; numbers
 * and strings compare as parsed JSON). Throws with the first difference, so a drifted floor never measures.
 */
export async function assertSameAnswer(serviceUrl: string, floorUrl: string): Promise<number> {
  const service = await fetch(serviceUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: vendureShapedBody(25),
  }).then((r) => r.text());
  const floor = await fetch(floorUrl).then((r) => r.text());
  if (JSON.stringify(JSON.parse(service)) !== JSON.stringify(JSON.parse(floor)))
    throw new Error(
      `Vendure-shaped list: the service and the floor differ:\n${service.slice(0, 400)}\n${floor.slice(0, 400)}`,
    );
  return service.length;
}

/**
 * The service writes this list through its compiled path (PostgreSQL writes the items' JSON, see
 * src/domains/catalog/compiled-items.ts); `@include(if: true)` on `items` keeps the compiler out, so the
 * resolvers answer. On the bench catalog the two answers must be the same bytes; throws otherwise.
 */
export async function assertCompiledMatchesResolvers(serviceUrl: string): Promise<void> {
  const answer = (query: string) =>
    fetch(serviceUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables: { limit: 25 }, operationName: 'VendureShapedList' }),
    }).then((r) => r.text());
  const compiled = await answer(VENDURE_SHAPED_LIST);
  const resolved = await answer(VENDURE_SHAPED_LIST.replace('items {', 'items @include(if: true) {'));
  if (compiled !== resolved)
    throw new Error(
      `Vendure-shaped list: compiled and resolved answers differ:\n${compiled.slice(0, 300)}\n${resolved.slice(0, 300)}`,
    );
}
