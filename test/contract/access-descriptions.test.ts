import { buildAppBaseSchema, schemaParts } from '../../app/domains';
import type { Access } from '../../src/auth/access';

/**
 * Root field descriptions say who may call a field ("Needs `products.read`."), and clients, the OpenAPI document
 * and the MCP tool list read them; the access tables decide, and the schema builder writes the sentence from them
 * (src/graphql/schema.ts, describeAccess). This holds the built schema to the tables: one sentence per field,
 * naming the table's permission, on every staff and customer field; a sentence written by hand beside a resolver
 * shows up as a second one and fails here.
 */
const schema = buildAppBaseSchema();
const { accessTables } = schemaParts();

function accessOf(root: 'Query' | 'Mutation', field: string): Access | undefined {
  return accessTables.map((t) => t[root]?.[field]).find(Boolean);
}

/** The permission sentence the access rule asks for, or null when the rule has no permission to name. */
function expectedSentence(access: Access): string | null {
  if (access.kind === 'admin' || access.kind === 'customer') return `Needs \`${access.permission}\`.`;
  return null;
}

const fields = (['Query', 'Mutation'] as const).flatMap((root) => {
  const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
  return Object.values(type?.getFields() ?? {}).map((f) => ({ root, name: f.name, description: f.description ?? '' }));
});

describe('access sentences in root field descriptions', () => {
  it('name exactly the permission of the access table, for every field that states one', () => {
    const wrong = fields.flatMap(({ root, name, description }) => {
      const stated = [...description.matchAll(/Needs `([a-z_.]+)`/g)].map((m) => m[1]);
      if (!stated.length) return [];
      const access = accessOf(root, name);
      const expected = access && expectedSentence(access);
      return expected && stated.length === 1 && description.includes(expected)
        ? []
        : [`${root}.${name}: says ${stated.join(', ')}, table: ${JSON.stringify(access)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('are present on every staff field (admin access), so the documents say who may call it', () => {
    const missing = fields.filter(({ root, name, description }) => {
      const access = accessOf(root, name);
      return access?.kind === 'admin' && !description.includes(expectedSentence(access)!);
    });
    expect(missing.map(({ root, name }) => `${root}.${name}`)).toEqual([]);
  });
});
