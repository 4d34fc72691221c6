/**
 * Issue 15: no client-provokable 500. Every REST route gets random path parameters, query strings and JSON
 * bodies (fast-check, reproducible by seed) from a staff caller and from a guest; every answer must be below 500,
 * carry the spec's error envelope when it is an error, and a refused request must leave the database exactly as
 * it was. `SVC_TEST_FUZZ_RUNS` sets the runs per route (CI: 4); the GraphQL mutations have their own fuzz test.
 */
import fc from 'fast-check';

import { ROUTES } from '../../app/domains';
import { hostileJson } from '../fixtures/fuzz-values';
import { useShop } from '../fixtures/use-shop';
import type { Client } from '../harness/client';
import { FingerprintChain } from '../harness/db-fingerprint';

const RUNS = Number(process.env.SVC_TEST_FUZZ_RUNS ?? 4);
const SEED = Number(process.env.SVC_TEST_FUZZ_SEED ?? 20261125);

const { t } = useShop({ shop: false });
let staff: Client;
let guest: Client;
beforeAll(async () => {
  staff = await t.asSuperAdmin().ready();
  guest = t.asGuest();
});

const segment = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('%', '%zz', '%00', '..', '%2e%2e', '\u0000', '😀', 'a'.repeat(300), '-1', '0', '1e309'),
);

describe('fuzzed requests never answer 5xx', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const fingerprints = new FingerprintChain(t.db);
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 4, maxLength: 4 }),
          fc.dictionary(
            fc.constantFrom('page', 'limit', 'sort', 'order', 'search', 'status', 'category_id', 'filter[active]', 'x'),
            fc.string({ maxLength: 30 }),
            { maxKeys: 3 },
          ),
          hostileJson,
          fc.boolean(),
          async (params, query, body, asStaff) => {
            let i = 0;
            const path = route.path.replace(/\{\w+\}/g, () =>
              encodeURIComponent(params[i++ % params.length]).replace(/%25/g, '%'),
            );
            const qs = new URLSearchParams(query).toString();
            const before = await fingerprints.before();
            const res = await (asStaff ? staff : guest).request(
              route.method,
              `${path}${qs ? `?${qs}` : ''}`,
              route.method === 'GET' || route.method === 'DELETE' ? undefined : body,
            );
            if (res.status >= 500)
              throw new Error(
                `${res.status} for ${route.method} ${path}?${qs} ${JSON.stringify(body).slice(0, 300)}: ${res.text}`,
              );
            if (res.status < 400) return fingerprints.wrote();
            if (res.status !== 404 && res.status !== 405)
              expect(res.body?.errors?.[0]?.code).toEqual(expect.any(String));
            const changed = await fingerprints.changedSince(before);
            if (changed.length)
              throw new Error(`${res.status}, yet wrote ${changed.join(', ')}: ${route.method} ${path}`);
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
    });
  }
});
