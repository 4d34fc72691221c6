import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

import type { SelectionInfo } from '../../context/raw-json';
import { Prisma } from '../../generated/prisma/client';
import { ACCESS_NARROWED } from '../../shared/permissions';
import { collectFields, InexactSelection, perSelection, subSelections } from '../../shared/selection-fields';
import {
  ATTRIBUTE_VALUE_FIELDS,
  CATEGORY_IDS,
  isoUtc,
  OPTION_FIELDS,
  TAG_IDS,
  TRANSLATION_FIELDS,
  VARIANT_FIELDS,
} from './catalog.loaders';
import { PRODUCT_FIELDS } from './product-query';

/**
 * A product list's `items` selection compiled into one SQL expression that builds each product's JSON exactly as
 * the GraphQL executor would write it (issue 28: reads at the floor): the same keys (aliases included) in the same
 * order, the same values, the same nulls. PostgreSQL writes the page's JSON; the executor never walks it.
 *
 * Every field of a product, its variants and their relations compiles: jsonb and float values through
 * `svc_json_js`/`svc_js_number` (written as JavaScript writes them, migration `json_as_javascript`), media URLs
 * through the storage's URL pattern, names without a `locale` argument in the request's locales. A field with
 * arguments (`name(locale:)`), a directive, a fragment on another type or more keys than one JSON object may take
 * returns `null`, and the list takes the ordinary path: the resolvers, which answer the same document.
 */

/** A jsonb column as `JSON.stringify` writes the value the driver reads from it. */
const jsonAsJs = (column: string) => `svc_json_js(${column})::json`;
/** A float8 column as `JSON.stringify` writes it (`null` stays `null`). */
const numberAsJs = (column: string) => `svc_js_number(${column})::json`;

/**
 * A column of the translation to show (localized.ts `localized`) in `table` (rows `l`, of the owner `owner`): in
 * the first of the request's locales it holds (`svc_locales`: the statement's Accept-Language list, then `en` and
 * the default locale), else its first translation by locale; `orElse` when it has none.
 */
const inLocale = (column: string, table: string, owner: string, orElse: string | null) => {
  const pick = `(SELECT l.${column} FROM ${table} l WHERE ${owner}
    ORDER BY COALESCE(array_position((SELECT list FROM svc_locales), l.locale), 2147483647), l.locale LIMIT 1)`;
  return orElse === null ? pick : `COALESCE(${pick}, ${orElse})`;
};

/** Product fields without a sub-selection, as SQL over the page's row `p`. */
const PRODUCT_LEAVES: Record<string, string> = {
  ...PRODUCT_FIELDS,
  // Without a `locale` argument: a field with arguments does not compile.
  name: inLocale('name', 'product_translations', 'l.product_id = p.id', "''"),
  slug: inLocale('slug', 'product_translations', 'l.product_id = p.id', "''"),
  description: inLocale('description', 'product_translations', 'l.product_id = p.id', null),
  customFields: jsonAsJs('p.custom_fields'),
  metadata: jsonAsJs('p.metadata'),
  createdAt: isoUtc('p.created_at'),
  updatedAt: isoUtc('p.updated_at'),
  // All variants count, active or not (as the resolver does).
  hasVariants: 'EXISTS (SELECT 1 FROM product_variants hv WHERE hv.product_id = p.id)',
  categories: CATEGORY_IDS,
  tags: TAG_IDS,
  __typename: `'Product'::text`,
};

const TRANSLATION_LEAVES = { ...TRANSLATION_FIELDS, __typename: `'ProductTranslation'::text` };

const VARIANT_LEAVES = {
  ...VARIANT_FIELDS,
  // The variant's option ids, aggregated with its options (see `variantsOf`).
  optionIds: `COALESCE(svc_vo.svc_option_ids, '[]'::json)`,
  __typename: `'Variant'::text`,
};

const OPTION_LEAVES = {
  ...OPTION_FIELDS,
  name: inLocale('name', 'property_option_translations', 'l.property_option_id = o.id', "''"),
  // As the resolver: a name of the group, else its identifier.
  groupName: inLocale('name', 'property_group_translations', 'l.property_group_id = g.id', 'g.identifier'),
  __typename: `'VariantOptionRef'::text`,
};

/** An attribute value `x` of attribute `a`: its number as JavaScript writes it, its option ids as JSON. */
const ATTRIBUTE_VALUE_LEAVES = {
  ...ATTRIBUTE_VALUE_FIELDS,
  valueNumeric: numberAsJs(ATTRIBUTE_VALUE_FIELDS.valueNumeric),
  optionIds: `array_to_json(${ATTRIBUTE_VALUE_FIELDS.optionIds})`,
  name: inLocale('name', 'attribute_translations', 'l.attribute_id = a.id', "''"),
  __typename: `'AttributeValue'::text`,
};

/**
 * A media item `pm` of a product, its URL made as the storage makes it (`svc_media`: the storage's pattern, a
 * table the statement supplies; product-query.ts `compiledReadParams`).
 */
const MEDIA_LEAVES = {
  mediaId: 'pm.media_id',
  position: 'pm.position',
  url: `svc_media.prefix || CASE WHEN svc_media.encode_key THEN svc_uri_path(m.storage_key) ELSE m.storage_key END`,
  altText: 'm.alt_text',
  __typename: `'ProductMediaRef'::text`,
};

/** A name in one locale (`NameTranslation`) of row `n`. */
const NAME_LEAVES = { locale: 'n.locale', name: 'n.name', __typename: `'NameTranslation'::text` };

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
    const leaf = Object.hasOwn(leaves, name) ? leaves[name] : undefined;
    if (leaf !== undefined && !sets.length) columns.push(`${leaf} AS ${keyColumn(key)}`);
    else if (leaf === undefined && sets.length) columns.push(`${nested(name, sets)} AS ${keyColumn(key)}`);
    else throw new InexactSelection();
  }
  return columns.join(', ');
}

/** The JSON array of `value` over a variant's options (joined as `alias`), in their order; null when none. */
const orderedAgg = (value: string, alias: string) =>
  `array_to_json(array_agg(${value} ORDER BY ${alias}.rank) FILTER (WHERE ${alias}.id IS NOT NULL))`;

/** A JSON array of one object (`columns`) per row of `from` matching `where`, in `order`; `[]` when none. */
const arrayOf = (columns: string, from: string, where: string, order: string) =>
  `COALESCE((SELECT array_to_json(array_agg(svc_row ORDER BY ${order}))
    FROM ${from}, LATERAL (SELECT ${columns}) svc_row WHERE ${where}), '[]'::json)`;

/**
 * The SQL expression of one product (row `p` of the page) as the GraphQL answer writes it, or `null` when the
 * selection has a field this compiler does not write identically. `storeView`: only active variants are listed.
 */
export const compileProductItem = perSelection(compileList);

/**
 * A product field's whole object (`storeProduct`, `product`…; row `p` of a one-row `page`) as the GraphQL
 * answer writes it, or `null` as for {@link compileProductItem}. Takes a selection without a resolver's `info`:
 * the executor asks before it runs an operation whether it may cut the field (graphql/spliced-objects.ts).
 */
export const compileProduct = perSelection<CompiledObject | null, SelectionInfo>((info, storeView) => {
  if (narrowed(info)) return null;
  return exactly(() => compileObject(info, subSelections(info.fieldNodes), storeView));
});

/** The object types a compiled product writes: none may have fields an access table narrows. */
const COMPILED_TYPES = [
  'ProductList',
  'Product',
  'ProductTranslation',
  'Variant',
  'VariantOptionRef',
  'AttributeValue',
  'NameTranslation',
  'ProductMediaRef',
];

const narrowed = (info: SelectionInfo) =>
  COMPILED_TYPES.some((name) => info.schema.getType(name)?.extensions?.[ACCESS_NARROWED]);

/** `build()`, or null when the selection is one the compiler does not write exactly. */
function exactly<T>(build: () => T): T | null {
  try {
    return build();
  } catch (err) {
    if (err instanceof InexactSelection) return null;
    throw err;
  }
}

/**
 * What a compiled product needs: the expression of one product (`item`, over the row `p` of `page`), the common
 * table expressions it reads (`ctes`: `, name AS (…)`, to follow the statement's `page`), and which per-request
 * tables the statement must supply before them: the storage's URL pattern (`svc_media`), the request's locales
 * (`svc_locales`).
 */
export interface CompiledObject {
  item: Prisma.Sql;
  ctes: string;
  media: boolean;
  locales: boolean;
}

/** A compiled list: its items' {@link CompiledObject} and their response key. */
export interface CompiledItem extends CompiledObject {
  itemsKey: string;
}

/** A variant id among the page's products' variants, found from the page down as arrays of ids (see `optionsCte`). */
const PAGE_VARIANTS =
  'ANY(ARRAY(SELECT v.id FROM product_variants v WHERE v.product_id = ANY(ARRAY(SELECT id FROM page))))';

/**
 * The options the page's variants use, each once with its place in the variants' option order (the ordinary
 * path's `optionsInGroupOrder`: group position, then group identifier as JavaScript compares strings, which for
 * the identifiers' ASCII is the C collation; then option id) and its JSON (`columns`, or none when only the ids
 * are asked for). Materialized: each product's variants read it, and a page's 250 variants share a few options,
 * so each option's JSON is built once (issue 28: per-variant subqueries cost more than the service saved). The
 * options are found from the page down, each step an array of ids (the page's products, their variants, their
 * option ids): written as `IN` joins, the planner chose to probe every variant of each option (2,857 rows per
 * option at 1,000 products, ten times that at 100,000) or to scan the variants.
 */
const optionsCte = (name: string, columns: string | null) => `${name} AS MATERIALIZED (
  SELECT o.id, row_number() OVER (ORDER BY g.position, g.identifier COLLATE "C", o.id) AS rank,
    ${columns === null ? 'NULL::json' : `(SELECT row_to_json(svc_row) FROM (SELECT ${columns}) svc_row)`} AS json
  FROM property_options o JOIN property_groups g ON g.id = o.property_group_id
  WHERE o.id = ANY(ARRAY(SELECT DISTINCT vo.option_id FROM variant_options vo WHERE vo.variant_id = ${PAGE_VARIANTS})))`;

/**
 * Each of the page's variants with its option lists (`aggregates` over the option tables `joins` brings in,
 * from `optionsCte`), one row per variant that has options. Built once for the page, set-based: grouping each
 * product's variants with their options instead cost PostgreSQL 20-25 % more on a page of 25 products
 * (a join per variant; docs/performance.md).
 */
const variantOptionsCte = (name: string, aggregates: string[], joins: string[]) => `${name} AS MATERIALIZED (
  SELECT vo.variant_id, ${aggregates.join(', ')}
  FROM variant_options vo ${joins.join(' ')}
  WHERE vo.variant_id = ${PAGE_VARIANTS}
  GROUP BY vo.variant_id)`;

/** A list's items compiled (see {@link compileProductItem}). */
function compileList(info: GraphQLResolveInfo, storeView: boolean): CompiledItem | null {
  if (narrowed(info)) return null;
  return exactly(() => {
    const listFields = collectFields(subSelections(info.fieldNodes), info.fragments, {
      by: 'responseKey',
      exactFor: 'ProductList',
    });
    const items = [...listFields].filter(([, nodes]) => nodes[0].name.value === 'items');
    if (items.length !== 1) throw new InexactSelection();
    const [[itemsKey, itemsNodes]] = items;
    return { ...compileObject(info, fieldOf(itemsNodes).sets, storeView), itemsKey };
  });
}

/**
 * One product's JSON over `sets` (its selection sets) as the executor writes it; throws
 * {@link InexactSelection} for a field it does not write identically.
 */
function compileObject(info: SelectionInfo, sets: readonly SelectionSetNode[], storeView: boolean): CompiledObject {
  const ctes: string[] = [];
  const fieldsOn = (subSets: readonly SelectionSetNode[], type: string) =>
    collectFields(subSets, info.fragments, { by: 'responseKey', exactFor: type });
  /** Names in one locale of `table` (rows `n`) whose `owner` column is `ownerSql`, by locale. */
  const names = (subSets: SelectionSetNode[], table: string, owner: string) =>
    arrayOf(columnsOf(fieldsOn(subSets, 'NameTranslation'), NAME_LEAVES), `${table} n`, owner, 'n.locale');
  /** The attribute values in `table` of the owner `x.<column> = ownerSql`, in attribute order. */
  const attributeValues = (subSets: SelectionSetNode[], table: string, owner: string) => {
    const columns = columnsOf(fieldsOn(subSets, 'AttributeValue'), ATTRIBUTE_VALUE_LEAVES, (name, nameSets) => {
      if (name === 'translations') return names(nameSets, 'attribute_translations', 'n.attribute_id = a.id');
      throw new InexactSelection();
    });
    return arrayOf(columns, `${table} x JOIN attributes a ON a.id = x.attribute_id`, owner, 'a.position, a.identifier');
  };
  /**
   * A product's variants: their columns, and the table they are read from. With options or option ids asked
   * for, each variant is joined to its row of a table of the page's variants' option lists (`variantOptionsCte`,
   * over `optionsCte`): built once for the page, not a join or a subquery per variant.
   */
  const variantsOf = (subSets: SelectionSetNode[], active: string) => {
    const fields = fieldsOn(subSets, 'Variant');
    const joins: string[] = [];
    const aliases: string[] = [];
    const aggregates: string[] = [];
    /** Joins a new options table (`optionsCte`) to the variants' option rows; answers its alias. */
    const optionTable = (columns: string | null) => {
      const n = ctes.length + 1;
      ctes.push(optionsCte(`svc_options_${n}`, columns));
      joins.push(`LEFT JOIN svc_options_${n} svc_o${n} ON svc_o${n}.id = vo.option_id`);
      aliases.push(`svc_o${n}`);
      return `svc_o${n}`;
    };
    const columns = columnsOf(fields, VARIANT_LEAVES, (name, nested) => {
      if (name === 'options') {
        const option = columnsOf(fieldsOn(nested, 'VariantOptionRef'), OPTION_LEAVES, (optionField, nameSets) => {
          if (optionField === 'translations')
            return names(nameSets, 'property_option_translations', 'n.property_option_id = o.id');
          throw new InexactSelection();
        });
        const alias = optionTable(option);
        aggregates.push(`${orderedAgg(`${alias}.json`, alias)} AS svc_${alias}`);
        return `COALESCE(svc_vo.svc_${alias}, '[]'::json)`;
      }
      if (name === 'attributes') return attributeValues(nested, 'variant_attribute_values', 'x.variant_id = v.id');
      throw new InexactSelection();
    });
    if ([...fields.values()].some((nodes) => nodes[0].name.value === 'optionIds')) {
      const alias = aliases[0] ?? optionTable(null);
      aggregates.push(`${orderedAgg(`${alias}.id`, alias)} AS svc_option_ids`);
    }
    let from = 'product_variants v';
    if (aggregates.length) {
      const name = `svc_variant_options_${ctes.length + 1}`;
      ctes.push(variantOptionsCte(name, aggregates, joins));
      from = `product_variants v LEFT JOIN ${name} svc_vo ON svc_vo.variant_id = v.id`;
    }
    return arrayOf(columns, from, `v.product_id = p.id${active}`, 'v.position, v.created_at, v.id');
  };
  const product = columnsOf(fieldsOn(sets, 'Product'), PRODUCT_LEAVES, (name, subSets) => {
    if (name === 'translations') {
      const t = columnsOf(fieldsOn(subSets, 'ProductTranslation'), TRANSLATION_LEAVES);
      return arrayOf(t, 'product_translations t', 't.product_id = p.id', 't.locale');
    }
    if (name === 'variants') return variantsOf(subSets, storeView ? ' AND v.active' : '');
    if (name === 'attributes') return attributeValues(subSets, 'product_attribute_values', 'x.product_id = p.id');
    if (name === 'media') {
      const m = columnsOf(fieldsOn(subSets, 'ProductMediaRef'), MEDIA_LEAVES);
      return arrayOf(
        m,
        'product_media pm JOIN media m ON m.id = pm.media_id CROSS JOIN svc_media',
        'pm.product_id = p.id',
        'pm.position, pm.media_id',
      );
    }
    throw new InexactSelection();
  });
  const cteText = ctes.map((cte) => `,\n${cte}`).join('');
  // The per-request tables the SQL reads, which the statement must then supply.
  const text = product + cteText;
  return {
    item: Prisma.raw(`(SELECT row_to_json(svc_row) FROM (SELECT ${product}) svc_row)`),
    ctes: cteText,
    media: /\bsvc_media\b/.test(text),
    locales: /\bsvc_locales\b/.test(text),
  };
}

/** The response keys from the root to the field being resolved (aliases as the answer writes them). */
export function responsePath(path: GraphQLResolveInfo['path']): string[] {
  const keys: string[] = [];
  for (let p: GraphQLResolveInfo['path'] | undefined = path; p; p = p.prev) keys.unshift(String(p.key));
  return keys;
}
