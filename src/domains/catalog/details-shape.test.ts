import {
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  Kind,
  type OperationDefinitionNode,
  parse,
} from 'graphql';

import { ALL_DETAILS, Details, productSelection } from './details-shape';

/** The resolve info of the first root field of `query` (only what the analysis reads). */
function infoOf(query: string): GraphQLResolveInfo {
  const doc = parse(query);
  const operation = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
  const fragments = Object.fromEntries(
    doc.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0]], fragments } as unknown as GraphQLResolveInfo;
}

describe('productSelection: what a product read must fetch', () => {
  it('reads the selected columns and no relation for a flat list', () => {
    const s = productSelection(infoOf('{ storeProducts { items { sku priceGross } meta { total } } }'), true);
    expect(s).toEqual({ columns: ['id', 'sku', 'priceGross'], details: 0 });
  });

  it('maps relation fields, localized names and variant sub-selections onto bits, through fragments', () => {
    const s = productSelection(
      infoOf(`{ storeProducts { items { ...Card ... on Product { tags } } } }
        fragment Card on Product { name(locale: "de") variants { id options { id } } hasVariants }`),
      true,
    );
    expect(s.details).toBe(Details.translations | Details.tags | Details.variants | Details.variantOptions);
  });

  it('counts a field under @skip or @include as selected', () => {
    const s = productSelection(infoOf('{ product(id: "x") { media @skip(if: true) { url } } }'), false);
    expect(s.details).toBe(Details.media);
  });

  it('reads everything for a field it does not know', () => {
    const s = productSelection(infoOf('{ product(id: "x") { id somePluginField } }'), false);
    expect(s).toEqual({ columns: null, details: ALL_DETAILS });
    const v = productSelection(infoOf('{ product(id: "x") { variants { id somePluginField } } }'), false);
    expect(v.details).toBe(Details.variants | Details.variantOptions | Details.variantAttributes);
  });

  it('is remembered per field node: the same document is analysed once', () => {
    const info = infoOf('{ storeProducts { items { id } } }');
    expect(productSelection(info, true)).toBe(productSelection(info, true));
  });
});
