import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from '../../src/shared/validation/search';
import { createProduct } from '../fixtures/catalog';
import { useShop } from '../fixtures/use-shop';
import { callJson, connectMcp } from '../harness/mcp-client';

/**
 * Every search argument is bounded (src/shared/validation/search.ts): at most SEARCH_MAX_LENGTH characters and
 * SEARCH_MAX_WORDS words, else 400 `validation_error` naming the argument, on REST, GraphQL and MCP alike. A
 * search of 20,000 words once overflowed PostgreSQL's stack (`stack depth limit exceeded`, answered as
 * `internal_error`); one of 1 MB took 20 s.
 */
const { t, shop } = useShop();

/** `count` distinct words ("w1 w2 …"), each short. */
const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i}`).join(' ');
/** The longest search allowed: SEARCH_MAX_WORDS words filling SEARCH_MAX_LENGTH characters. */
const atTheLimit = () => {
  const base = words(SEARCH_MAX_WORDS);
  return base + 'x'.repeat(SEARCH_MAX_LENGTH - base.length);
};
const tooManyWords = words(SEARCH_MAX_WORDS + 1);
const tooLong = 'x'.repeat(SEARCH_MAX_LENGTH + 1);
const huge = words(20_000);
/** Full-text operators, quotes and LIKE wildcards a client may type: all taken as plain text. */
const PUNCTUATION = [
  `!!! <-> :* & | ( ) ' " \\ % _`,
  `catalog:* & !product <-> (x | y)`,
  `'a' <2> "b" !(c) & :*d`,
  `%_%\\`,
  `(((((((((((((((((a)))))))))))))))))`,
  `!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!`,
];

/** The REST lists that read `search`, with who may call them. */
const REST_LISTS = [
  { path: '/api/v1/store/products', as: () => t.asGuest() },
  { path: '/api/v1/admin/products', as: () => t.asAdmin() },
  { path: '/api/v1/admin/orders', as: () => t.asAdmin() },
  { path: '/api/v1/admin/customers', as: () => t.asAdmin() },
  { path: '/api/v1/admin/tags', as: () => t.asAdmin() },
  { path: '/api/v1/admin/discounts', as: () => t.asAdmin() },
];

/** Every GraphQL query with a `search` argument. */
const GRAPHQL_LISTS = () => [
  { query: 'query($s: String) { storeProducts(search: $s) { meta { total } } }', as: t.asGuest() },
  { query: 'query($s: String) { products(search: $s) { meta { total } } }', as: t.asAdmin() },
  { query: 'query($s: String) { orders(search: $s) { meta { total } } }', as: t.asAdmin() },
  { query: 'query($s: String) { customers(search: $s) { meta { total } } }', as: t.asAdmin() },
  { query: 'query($s: String) { tags(search: $s) { meta { total } } }', as: t.asAdmin() },
  { query: 'query($s: String) { categories(search: $s) { meta { total } } }', as: t.asAdmin() },
  { query: 'query($s: String) { discountCodes(search: $s) { meta { total } } }', as: t.asAdmin() },
  {
    query: `query($s: String) { stockLevels(warehouseId: "${shop.warehouse.id}", search: $s) { meta { total } } }`,
    as: t.asAdmin(),
  },
];

const restSearch = (list: (typeof REST_LISTS)[number], search: string) =>
  list.as().get(`${list.path}?search=${encodeURIComponent(search)}`);

beforeAll(async () => {
  await createProduct(t.db as never, { name: 'Catalog product alpha' });
});

describe('REST: `search` is bounded on every list', () => {
  it.each(REST_LISTS.map((l) => [l.path, l]))('%s: at the limit 200, above it 400 naming `search`', async (_, list) => {
    expect((await restSearch(list, atTheLimit())).status).toBe(200);
    const long = await restSearch(list, tooLong);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([
      expect.objectContaining({ code: 'validation_error', field: 'search', detail: 'max_length' }),
    ]);
    const many = await restSearch(list, tooManyWords);
    expect(many.status).toBe(400);
    expect(many.body.errors).toEqual([
      expect.objectContaining({
        code: 'validation_error',
        field: 'search',
        detail: `max_words (at most ${SEARCH_MAX_WORDS})`,
      }),
    ]);
    for (const text of PUNCTUATION) expect((await restSearch(list, text)).status).toBe(200);
  });

  it('still finds products, and counts words as the full-text search reads them', async () => {
    const found = await t.asGuest().get(`/api/v1/store/products?search=${encodeURIComponent('catalog alph')}`);
    expect(found.body.meta.total).toBe(1);
    // Punctuation is no word: 32 words joined by hyphens are still 32.
    const hyphens = Array.from({ length: SEARCH_MAX_WORDS }, (_, i) => `w${i}`).join('-');
    expect((await t.asGuest().get(`/api/v1/store/products?search=${hyphens}`)).status).toBe(200);
    expect((await t.asGuest().get(`/api/v1/store/products?search=${hyphens}-w99`)).status).toBe(400);
  });

  it('answers a search of thousands of words 400, not 500', async () => {
    // Node reads at most 16 kB of headers: 1,500 words is about what a query string can carry.
    const res = await restSearch(REST_LISTS[0], words(1500));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'validation_error', field: 'search' });
  });
});

describe('GraphQL: every `search` argument is bounded', () => {
  it('answers at the limit and refuses above it, naming the argument', async () => {
    for (const { query, as } of GRAPHQL_LISTS()) {
      const ok = await as.gql(query, { s: atTheLimit() });
      expect({ query, errors: ok.errors }).toEqual({ query, errors: undefined });
      for (const text of PUNCTUATION) expect((await as.gql(query, { s: text })).errors).toBeUndefined();
      for (const [text, detail] of [
        [tooLong, 'max_length'],
        [tooManyWords, `max_words (at most ${SEARCH_MAX_WORDS})`],
        [huge, 'max_length'],
      ]) {
        const res = await as.gql(query, { s: text });
        // The detail is the error's message (extensions carry code, field and status).
        expect({ query, error: res.errors?.[0] }).toMatchObject({
          query,
          error: { message: detail, extensions: { code: 'validation_error', status: 400, field: 'search' } },
        });
      }
    }
  });

  it('refuses a 20,000-word store search without touching the database, and the service still answers', async () => {
    const { result, statements } = await t.recordSql(() =>
      t.asGuest().gql('query($s: String) { storeProducts(search: $s) { meta { total } } }', { s: huge }),
    );
    expect(result.errors?.[0].extensions.code).toBe('validation_error');
    expect(statements.filter((s) => /to_tsquery/.test(s.sql))).toEqual([]);
    expect((await t.asGuest().get('/api/v1/store/products?search=catalog')).body.meta.total).toBe(1);
  });
});

describe('MCP: the tools’ `search` argument is bounded', () => {
  it('store_list_products: at the limit answers, above it a validation_error naming `search`', async () => {
    const client = await connectMcp(t.url, 'store');
    const ok = await callJson(client, 'store_list_products', { search: atTheLimit() });
    expect(ok.isError).toBe(false);
    for (const search of [tooLong, tooManyWords, huge]) {
      const bad = await callJson(client, 'store_list_products', { search });
      expect(bad.isError).toBe(true);
      expect(bad.body.error).toMatchObject({ code: 'validation_error' });
      expect(bad.body.error.errors.map((e: { field: string }) => e.field)).toEqual(['search']);
    }
    await client.close();
  });

  it.each(['admin_list_products', 'admin_list_orders', 'admin_list_customers'])('%s likewise', async (tool) => {
    const client = await connectMcp(t.url, 'admin', await t.asAdmin().authHeader(), '?toolsets=all');
    expect((await callJson(client, tool, { search: atTheLimit() })).isError).toBe(false);
    for (const search of [tooLong, tooManyWords, huge]) {
      const bad = await callJson(client, tool, { search });
      expect(bad).toMatchObject({ isError: true, body: { error: { code: 'validation_error' } } });
      expect(bad.body.error.errors.map((e: { field: string }) => e.field)).toEqual(['search']);
    }
    await client.close();
  });
});
