/**
 * Issue 15: every GraphQL mutation gets generated variables (shaped by its argument types, with wrong types,
 * nulls, missing and unknown fields, huge strings and arrays mixed in; fast-check, reproducible by seed) from a
 * staff caller and from a guest. No answer may be a 5xx, every error carries a code, and a refused mutation
 * (errors, no data) must leave the database exactly as it was. `SVC_TEST_FUZZ_RUNS` sets the runs per
 * mutation (CI: 4), `SVC_TEST_FUZZ_SEED` the seed.
 */
import { readFileSync } from 'node:fs';

import fc from 'fast-check';
import { buildSchema, getNamedType, type GraphQLField, isNonNullType, isObjectType } from 'graphql';

import { valueFor } from '../fixtures/fuzz-values';
import { useShop } from '../fixtures/use-shop';
import type { Client } from '../harness/client';
import { FingerprintChain } from '../harness/db-fingerprint';

const RUNS = Number(process.env.SVC_TEST_FUZZ_RUNS ?? 4);
const SEED = Number(process.env.SVC_TEST_FUZZ_SEED ?? 20261125);

const schema = buildSchema(readFileSync(`${__dirname}/../../schema/schema.graphql`, 'utf8'));
const mutations = Object.values(schema.getMutationType()?.getFields() ?? {});

/** `mutation Fuzz($a: T!) { field(a: $a) { __typename } }`: the arguments as variables, the cheapest selection. */
function documentFor(field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `mutation Fuzz${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

const { t } = useShop({ shop: false });
let staff: Client;
let guest: Client;
beforeAll(async () => {
  staff = await t.asSuperAdmin().ready();
  guest = t.asGuest();
});

describe('fuzzed GraphQL mutations never answer 5xx and a refusal writes nothing', () => {
  for (const field of mutations) {
    it(field.name, async () => {
      const document = documentFor(field);
      const variables = fc.record(
        Object.fromEntries(field.args.map((a) => [a.name, valueFor(a.type)])),
        // Required arguments are usually present; a missing one must be a 400 too.
        { requiredKeys: [] },
      );
      const fingerprints = new FingerprintChain(t.db);
      await fc.assert(
        fc.asyncProperty(variables, fc.boolean(), async (vars, asStaff) => {
          const before = await fingerprints.before();
          const res = await (asStaff ? staff : guest).gql(document, vars as Record<string, unknown>);
          const shown = `${res.status} for ${field.name} ${JSON.stringify(vars).slice(0, 300)}: ${res.text.slice(0, 300)}`;
          if (res.status >= 500) throw new Error(shown);
          if (!res.errors?.length) return fingerprints.wrote();
          // Refusals before Apollo runs (413 body_too_large) answer in GraphQL's error shape too.
          for (const e of res.errors) if (typeof e.extensions?.code !== 'string') throw new Error(`no code: ${shown}`);
          const refused = res.data == null || (isNonNullType(field.type) && res.data?.[field.name] == null);
          if (!refused) return fingerprints.wrote();
          const changed = await fingerprints.changedSince(before);
          if (changed.length) throw new Error(`refused, yet wrote ${changed.join(', ')}: ${shown}`);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    });
  }
});
