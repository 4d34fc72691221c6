import {
  type FieldNode,
  getDirectiveValues,
  GraphQLIncludeDirective,
  type GraphQLResolveInfo,
  GraphQLSkipDirective,
  Kind,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';

/** Whether the executor writes `node`: its `@skip` / `@include` with the request's variables. */
function included(node: SelectionNode, variables: GraphQLResolveInfo['variableValues']): boolean {
  if (!node.directives?.length) return true;
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}

/**
 * Whether a product list's selection shows `facets`, read as the executor will (fragments spread in, `@skip` and
 * `@include` evaluated with the request's variables). Unlike the relations a list reads (selection-fields.ts counts
 * a field under a directive as selected), the facets are a statement over the whole result: REST's list selects
 * them under `@include(if: $facets)` and must not pay for them when `facets` is not asked for.
 */
export function facetsSelected(info: GraphQLResolveInfo): boolean {
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((sel) => {
      if (!included(sel, info.variableValues)) return false;
      if (sel.kind === Kind.FIELD) return sel.name.value === 'facets';
      if (sel.kind === Kind.INLINE_FRAGMENT) return walk(sel.selectionSet);
      if (seen.has(sel.name.value)) return false;
      seen.add(sel.name.value);
      return walk(info.fragments[sel.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((node) => walk(node.selectionSet));
}

const stripped = new WeakMap<FieldNode, FieldNode>();

/**
 * `info` with the list's own `facets` fields (and their directives) taken out of its selection, for the compiled
 * items (compiled-items.ts), which refuse any directive beside `items` and would otherwise leave every REST list
 * (whose operation selects `facets @include(if: $facets)`) to the slower path. Remembered per parsed node, as the
 * compiled reads are.
 */
export function withoutFacets(info: GraphQLResolveInfo): GraphQLResolveInfo {
  const node = info.fieldNodes[0];
  if (!node?.selectionSet?.selections.some((s) => s.kind === Kind.FIELD && s.name.value === 'facets')) return info;
  let out = stripped.get(node);
  if (!out) {
    const selections = node.selectionSet.selections.filter(
      (s) => !(s.kind === Kind.FIELD && s.name.value === 'facets'),
    );
    out = { ...node, selectionSet: { ...node.selectionSet, selections } };
    stripped.set(node, out);
  }
  return { ...info, fieldNodes: [out, ...info.fieldNodes.slice(1)] };
}
