import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

import { collectFields, perSelection, subSelections } from '../../shared/selection-fields';

/**
 * Which of a product's relations a request asked for, as bits: the details statement builds only those (issue 28:
 * reads fetch what was asked). A Vendure-shaped list page (names and variant prices) skips the categories, tags,
 * media, attribute values and each variant's options and attribute values, which were most of the statement's work.
 */
export const Details = {
  translations: 1,
  categories: 2,
  tags: 4,
  media: 8,
  attributes: 16,
  variants: 32,
  /** Each variant's option ids and options (and the page's options they point at). */
  variantOptions: 64,
  /** Each variant's attribute values. */
  variantAttributes: 128,
} as const;

/** Every relation: the shape of a product read without a selection to go by (mutations, services). */
export const ALL_DETAILS = 255;

/** A product's own columns, as the API names its fields (the list statement reads only the selected ones). */
export const PRODUCT_COLUMN_FIELDS = [
  'id',
  'sku',
  'active',
  'priceNet',
  'priceGross',
  'currency',
  'taxRuleId',
  'stock',
  'weight',
  'customFields',
  'metadata',
  'createdAt',
  'updatedAt',
] as const;
export type ProductColumnField = (typeof PRODUCT_COLUMN_FIELDS)[number];

/** Product fields that read relations, and the relations each needs (`variants` adds its own selection's). */
const PRODUCT_RELATION_FIELDS: Record<string, number> = {
  translations: Details.translations,
  name: Details.translations,
  slug: Details.translations,
  description: Details.translations,
  categories: Details.categories,
  tags: Details.tags,
  media: Details.media,
  attributes: Details.attributes,
  hasVariants: Details.variants,
  variants: Details.variants,
};

/** Variant fields that read more than the variant's own columns. */
const VARIANT_RELATION_FIELDS: Record<string, number> = {
  optionIds: Details.variantOptions,
  options: Details.variantOptions,
  title: Details.variantOptions,
  attributes: Details.variantAttributes,
};
const VARIANT_COLUMN_FIELDS = new Set([
  'id',
  'productId',
  'sku',
  'priceGross',
  'priceNet',
  'stock',
  'active',
  'position',
  'createdAt',
  'updatedAt',
]);

/** What a product read must fetch: its columns (`null`: all of them) and its relations. */
export interface ProductSelection {
  columns: readonly ProductColumnField[] | null;
  details: number;
}

/** Everything: a read whose selection is unknown or names a field this file does not know (a plugin's, a new one). */
export const WHOLE_PRODUCT: ProductSelection = { columns: null, details: ALL_DETAILS };

type Fragments = GraphQLResolveInfo['fragments'];

/** Fields by name, aliases merged: what to fetch does not depend on what the answer calls it. */
const fieldsOf = (sets: readonly SelectionSetNode[], fragments: Fragments) =>
  collectFields(sets, fragments, { by: 'name' });

/** The variant relations a `variants` selection needs; an unknown field needs them all. */
function variantDetails(variantFields: Map<string, FieldNode[]>): number {
  let bits = 0;
  for (const name of variantFields.keys()) {
    if (name === '__typename' || VARIANT_COLUMN_FIELDS.has(name)) continue;
    const relation = VARIANT_RELATION_FIELDS[name];
    if (relation === undefined) return Details.variantOptions | Details.variantAttributes;
    bits |= relation;
  }
  return bits;
}

/** The selection of products in `productSets` (the selection sets whose fields are a Product's). */
function productSelectionOf(productSets: readonly SelectionSetNode[], fragments: Fragments) {
  const fields = fieldsOf(productSets, fragments);
  const columns = new Set<ProductColumnField>(['id']);
  let details = 0;
  for (const [name, nodes] of fields) {
    if (name === '__typename') continue;
    if ((PRODUCT_COLUMN_FIELDS as readonly string[]).includes(name)) {
      columns.add(name as ProductColumnField);
      continue;
    }
    const relation = PRODUCT_RELATION_FIELDS[name];
    if (relation === undefined) return WHOLE_PRODUCT;
    details |= relation;
    if (name === 'variants') details |= variantDetails(fieldsOf(subSelections(nodes), fragments));
  }
  return { columns: [...columns], details };
}

/**
 * What the field being resolved selects of its products: `items` of a list (`ProductList`), or the field's own
 * selection when it returns one product.
 */
export const productSelection = perSelection((info: GraphQLResolveInfo, list: boolean): ProductSelection => {
  const own = subSelections(info.fieldNodes);
  const productSets = list ? subSelections(fieldsOf(own, info.fragments).get('items')) : own;
  return productSelectionOf(productSets, info.fragments);
});
