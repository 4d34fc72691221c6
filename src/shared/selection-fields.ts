import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';
import { Kind } from 'graphql';

/** A selection that cannot be read exactly as the executor would (see {@link collectFields}' `exactFor`). */
export class InexactSelection extends Error {}

/**
 * The fields of selection sets in the order the executor writes them (graphql-js `collectFields`: first
 * appearance wins, fragments expand in place, each named fragment once), grouped by response key (`by:
 * 'responseKey'`, aliases apart) or by field name (`by: 'name'`, aliases merged).
 *
 * Reading what to fetch, any directive is ignored (a field under `@skip`/`@include` counts as selected: reading a
 * relation nobody shows costs time, missing one would be wrong). With `exactFor` (the object type selected on),
 * a directive, an unknown fragment or a fragment on another type throws {@link InexactSelection}: code that
 * writes the answer itself must not guess what the executor would include.
 */
export function collectFields(
  sets: ReadonlyArray<SelectionSetNode | undefined>,
  fragments: GraphQLResolveInfo['fragments'],
  opts: { by: 'responseKey' | 'name'; exactFor?: string },
  out = new Map<string, FieldNode[]>(),
  visited = new Set<string>(),
): Map<string, FieldNode[]> {
  for (const set of sets) {
    for (const sel of set?.selections ?? []) {
      if (opts.exactFor && sel.directives?.length) throw new InexactSelection();
      if (sel.kind === Kind.FIELD) {
        const key = opts.by === 'name' ? sel.name.value : (sel.alias?.value ?? sel.name.value);
        const nodes = out.get(key);
        if (nodes) nodes.push(sel);
        else out.set(key, [sel]);
        continue;
      }
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        if (visited.has(sel.name.value)) continue;
        visited.add(sel.name.value);
      }
      const fragment = sel.kind === Kind.INLINE_FRAGMENT ? sel : fragments[sel.name.value];
      if (
        opts.exactFor &&
        (!fragment || (fragment.typeCondition && fragment.typeCondition.name.value !== opts.exactFor))
      )
        throw new InexactSelection();
      collectFields([fragment?.selectionSet], fragments, opts, out, visited);
    }
  }
  return out;
}

/** The sub-selections of a field's nodes (one per node that has one). */
export const subSelections = (nodes: readonly FieldNode[] | undefined): SelectionSetNode[] =>
  (nodes ?? []).flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));

/**
 * `analyse` remembered per field of a parsed document (its first node) and flag: the documents are parsed once
 * and cached by Apollo and the REST routes, so a storefront's list query is analysed once, not on every request.
 */
export function perSelection<T, I extends Pick<GraphQLResolveInfo, 'fieldNodes'> = GraphQLResolveInfo>(
  analyse: (info: I, flag: boolean) => T,
) {
  const known = [new WeakMap<FieldNode, T>(), new WeakMap<FieldNode, T>()];
  return (info: I, flag: boolean): T => {
    const byNode = known[flag ? 1 : 0];
    const node = info.fieldNodes[0];
    if (byNode.has(node)) return byNode.get(node) as T;
    const result = analyse(info, flag);
    byNode.set(node, result);
    return result;
  };
}

const byName = { by: 'name' } as const;

/**
 * The names of the fields a list field's `items` select (fragments spread in, aliases merged, directives counted:
 * see {@link collectFields}), remembered per document: what a list reads beside its rows.
 */
export const listItemFields = perSelection(
  (info: GraphQLResolveInfo) =>
    new Set(
      collectFields(
        subSelections(collectFields(subSelections(info.fieldNodes), info.fragments, byName).get('items')),
        info.fragments,
        byName,
      ).keys(),
    ),
);

/** The names of the fields the field being resolved selects of its own result (as {@link listItemFields}). */
export const ownFields = perSelection(
  (info: GraphQLResolveInfo) => new Set(collectFields(subSelections(info.fieldNodes), info.fragments, byName).keys()),
);

/**
 * Whether a list field's selection shows its total (`meta { total }` or `meta { pages }`, fragments spread in,
 * directives counted as above), remembered per document. A list whose reader asks only for items (an infinite
 * scroll) or for `meta { page limit }` is not counted: the capped count is most of a broad filter's cost at 100,000
 * rows (docs/decisions.md D-317).
 */
export const listShowsTotal = perSelection((info: GraphQLResolveInfo) => {
  const meta = collectFields(subSelections(info.fieldNodes), info.fragments, byName).get('meta');
  if (!meta) return false;
  const shown = collectFields(subSelections(meta), info.fragments, byName);
  return shown.has('total') || shown.has('pages');
});
