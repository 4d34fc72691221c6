import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

import { Prisma } from '../../generated/prisma/client';
import { ACCESS_NARROWED } from '../../shared/permissions';
import { collectFields, InexactSelection, perSelection, subSelections } from '../../shared/selection-fields';
import { CATEGORY_IDS, isoUtc, TAG_IDS, TRANSLATION_FIELDS, VARIANT_FIELDS } from './catalog.loaders';
import { PRODUCT_FIELDS } from './product-query';

/**
 * A product list's `items` selection compiled into one SQL expression that builds each product's JSON exactly as
 * the GraphQL executor would write it (issue 28: reads at the floor): the same keys (aliases included) in the same
 * order, the same values, the same nulls. PostgreSQL writes the page's JSON; the executor never walks it.
 *
 * Only what can be written identically compiles: the product's scalar columns (not `customFields`/`metadata`,
 * whose jsonb text PostgreSQL spaces differently), `hasVariants`, `categories`, `tags`, and `translations` and
 * `variants` with their scalar fields. Anything else (a field with arguments such as `name(locale:)`, a directive,
 * media, attribute values, options, a fragment on another type, more keys than one JSON object may take) returns
 * `null`, and the list takes the ordinary path: the resolvers, which answer the same document.
 */

/**
 * The product's scalar fields, as SQL over the page's row `p`, from the table the ordinary path reads: timestamps
 * made text as the DateTime scalar writes them, and no `customFields`/`metadata` (jsonb, spaced differently).
 */
const { customFields: _c, metadata: _m, ...PRODUCT_SCALARS } = PRODUCT_FIELDS;

/** Product fields without a sub-selection. */
const PRODUCT_LEAVES: Record<string, string> = {
  ...PRODUCT_SCALARS,
  createdAt: isoUtc('p.created_at'),
  updatedAt: isoUtc('p.updated_at'),
  // All variants count, active or not (as the resolver does).
  hasVariants: 'EXISTS (SELECT 1 FROM product_variants hv WHERE hv.product_id = p.id)',
  categories: CATEGORY_IDS,
  tags: TAG_IDS,
  __typename: `'Product'::text`,
};

const TRANSLATION_LEAVES = { ...TRANSLATION_FIELDS, __typename: `'ProductTranslation'::text` };
const VARIANT_LEAVES = { ...VARIANT_FIELDS, __typename: `'Variant'::text` };

/** Most keys one compiled object takes (a select list's columns); more takes the ordinary path. */
const MAX_KEYS = 100;

/**
 * A response key as a quoted column name, which `row_to_json` writes as the key. GraphQL names
 * (`[_A-Za-z][_0-9A-Za-z]*`) need no escaping; PostgreSQL cuts names at 63 bytes, so longer ones do not compile.
 */
const keyColumn = (key: string) => {
  if (!/^[_A-Za-z][_0-9A-Za-z]{0,62}$/.test(key)) throw new InexactSelection();
  return `"${key}"`;
};

/** One field of a compiled object: its name, no arguments, and all its nodes' sub-selections. */
function fieldOf(nodes: readonly FieldNode[]): { name: string; sets: SelectionSetNode[] } {
  const name = nodes[0].name.value;
  if (nodes.some((n) => n.name.value !== name || n.arguments?.length)) throw new InexactSelection();
  return { name, sets: subSelections(nodes) };
}

/**
 * The select list of one object over `fields` (already collected): each a leaf of `leaves` or a list `nested`
 * builds, named by its response key. `row_to_json` of it writes compact JSON in the executor's key order
 * (`json_build_object` and `json_agg` would add spaces and line breaks).
 */
function columnsOf(
  fields: Map<string, FieldNode[]>,
  leaves: Record<string, string>,
  nested: (name: string, sets: SelectionSetNode[]) => string = () => {
    throw new InexactSelection();
  },
): string {
  if (!fields.size || fields.size > MAX_KEYS) throw new InexactSelection();
  const columns: string[] = [];
  for (const [key, nodes] of fields) {
    const { name, sets } = fieldOf(nodes);
    const leaf = leaves[name];
    if (leaf !== undefined && !sets.length) columns.push(`${leaf} AS ${keyColumn(key)}`);
    else if (leaf === undefined && sets.length) columns.push(`${nested(name, sets)} AS ${keyColumn(key)}`);
    else throw new InexactSelection();
  }
  return columns.join(', ');
}

/** A JSON array of one object (`columns`) per row of `from` matching `where`, in `order`; `[]` when none. */
const arrayOf = (columns: string, from: string, where: string, order: string) =>
  `COALESCE((SELECT array_to_json(array_agg(o ORDER BY ${order}))
    FROM ${from}, LATERAL (SELECT ${columns}) o WHERE ${where}), '[]'::json)`;

/**
 * The SQL expression of one product (row `p` of the page) as the GraphQL answer writes it, or `null` when the
 * selection has a field this compiler does not write identically. `storeView`: only active variants are listed.
 */
export const compileProductItem = perSelection(compile);

/** The object types a compiled list writes: none may have fields an access table narrows. */
const COMPILED_TYPES = ['ProductList', 'Product', 'ProductTranslation', 'Variant'];

function compile(info: GraphQLResolveInfo, storeView: boolean): { item: Prisma.Sql; itemsKey: string } | null {
  if (COMPILED_TYPES.some((name) => info.schema.getType(name)?.extensions?.[ACCESS_NARROWED])) return null;
  try {
    const fieldsOn = (sets: readonly SelectionSetNode[], type: string) =>
      collectFields(sets, info.fragments, { by: 'responseKey', exactFor: type });
    const listFields = fieldsOn(subSelections(info.fieldNodes), 'ProductList');
    const items = [...listFields].filter(([, nodes]) => nodes[0].name.value === 'items');
    if (items.length !== 1) return null;
    const [[itemsKey, itemsNodes]] = items;
    const { sets } = fieldOf(itemsNodes);
    const product = columnsOf(fieldsOn(sets, 'Product'), PRODUCT_LEAVES, (name, subSets) => {
      if (name === 'translations') {
        const t = columnsOf(fieldsOn(subSets, 'ProductTranslation'), TRANSLATION_LEAVES);
        return arrayOf(t, 'product_translations t', 't.product_id = p.id', 't.locale');
      }
      if (name === 'variants') {
        const v = columnsOf(fieldsOn(subSets, 'Variant'), VARIANT_LEAVES);
        const active = storeView ? ' AND v.active' : '';
        return arrayOf(v, 'product_variants v', `v.product_id = p.id${active}`, 'v.position, v.created_at, v.id');
      }
      throw new InexactSelection();
    });
    return { item: Prisma.raw(`(SELECT row_to_json(o) FROM (SELECT ${product}) o)`), itemsKey };
  } catch (err) {
    if (err instanceof InexactSelection) return null;
    throw err;
  }
}

/** The response keys from the root to the field being resolved (aliases as the answer writes them). */
export function responsePath(path: GraphQLResolveInfo['path']): string[] {
  const keys: string[] = [];
  for (let p: GraphQLResolveInfo['path'] | undefined = path; p; p = p.prev) keys.unshift(String(p.key));
  return keys;
}
