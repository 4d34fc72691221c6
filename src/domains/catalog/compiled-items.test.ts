import { buildSchema, type GraphQLResolveInfo, type OperationDefinitionNode, parse } from 'graphql';

import { ACCESS_NARROWED } from '../../shared/permissions';
import { compileProductItem } from './compiled-items';

const SDL = `type Query { storeProducts: ProductList }
  type ProductList { items: [Product!]! }
  type Product { id: ID! sku: String translations: [ProductTranslation!]! variants: [Variant!]! }
  type ProductTranslation { name: String! }
  type Variant { id: ID! }`;

function infoOf(query: string, narrowed?: string): GraphQLResolveInfo {
  const schema = buildSchema(SDL);
  if (narrowed) {
    const type = schema.getType(narrowed)!;
    (type as { extensions: Record<string, unknown> }).extensions = { [ACCESS_NARROWED]: true };
  }
  const operation = parse(query).definitions[0] as OperationDefinitionNode;
  return { schema, fieldNodes: [operation.selectionSet.selections[0]], fragments: {} } as unknown as GraphQLResolveInfo;
}

describe('compileProductItem', () => {
  it('writes the selection as one row_to_json, keys named by response key', () => {
    const compiled = compileProductItem(infoOf('{ storeProducts { list: items { key: id sku } } }'), true);
    expect(compiled?.itemsKey).toBe('list');
    expect(compiled?.item.sql).toContain('p.id AS "key", p.sku AS "sku"');
  });

  it('lists only active variants for the store', () => {
    const store = compileProductItem(infoOf('{ storeProducts { items { variants { id } } } }'), true);
    const admin = compileProductItem(infoOf('{ storeProducts { items { variants { id } } } }'), false);
    expect(store?.item.sql).toContain('AND v.active');
    expect(admin?.item.sql).not.toContain('AND v.active');
  });

  it('leaves a type some access table narrows to the resolvers (they run shield per field)', () => {
    for (const type of ['Product', 'Variant', 'ProductTranslation', 'ProductList'])
      expect(compileProductItem(infoOf('{ storeProducts { items { id } } }', type), true)).toBeNull();
  });
});
