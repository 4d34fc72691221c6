/**
 * Issue 15: no client-provokable 500. Every REST route gets random path parameters, query strings and JSON
 * bodies (fast-check, reproducible by seed) from a staff caller and from a guest; every answer must be below 500
 * and carry the spec's error envelope when it is an error. `SVC_TEST_FUZZ_RUNS` sets the runs per route (CI: 4).
 */
import fc from 'fast-check';
import { ROUTES } from '../../rest/routes';
import { type TestServer, startTestServer } from '../harness/server';

const RUNS = Number(process.env.SVC_TEST_FUZZ_RUNS ?? 4);
const SEED = Number(process.env.SVC_TEST_FUZZ_SEED ?? 20261125);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const segment = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('%', '%zz', '%00', '..', '%2e%2e', '\u0000', '😀', 'a'.repeat(300), '-1', '0', '1e309'),
);
const scalar = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.constantFrom('\u0000', '\ud800', 'x'.repeat(5000), -2147483649, 2147483648, Number.MAX_SAFE_INTEGER),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(
    fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('items', 'translations', 'product_id', 'quantity', 'id', 'email', 'limit', 'page'),
    ),
    tie('value'),
    { maxKeys: 5 },
  ),
})).value;

describe('fuzzed requests never answer 5xx', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 4, maxLength: 4 }),
          fc.dictionary(
            fc.constantFrom('page', 'limit', 'sort', 'order', 'search', 'status', 'category_id', 'filter[active]', 'x'),
            fc.string({ maxLength: 30 }),
            { maxKeys: 3 },
          ),
          json,
          fc.boolean(),
          async (params, query, body, asStaff) => {
            let i = 0;
            const path = route.path.replace(/\{\w+\}/g, () =>
              encodeURIComponent(params[i++ % params.length]).replace(/%25/g, '%'),
            );
            const qs = new URLSearchParams(query).toString();
            const client = asStaff ? t.asSuperAdmin() : t.asGuest();
            const res = await client.request(
              route.method,
              `${path}${qs ? `?${qs}` : ''}`,
              route.method === 'GET' || route.method === 'DELETE' ? undefined : body,
            );
            if (res.status >= 500)
              throw new Error(
                `${res.status} for ${route.method} ${path}?${qs} ${JSON.stringify(body).slice(0, 300)}: ${res.text}`,
              );
            if (res.status >= 400 && res.status !== 404 && res.status !== 405)
              expect(res.body?.errors?.[0]?.code).toEqual(expect.any(String));
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
    });
  }
});
