import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getOperationAST,
  type GraphQLSchema,
  Kind,
  type SelectionNode,
} from 'graphql';

import { markSpliced, WRITES_OBJECT_AS_JSON, type WritesObjectAsJson } from '../context/raw-json';

/** The selection a cut root field keeps: the executor writes `{"__typename":…}`, which the text replaces. */
const TYPENAME_ONLY = {
  kind: Kind.SELECTION_SET,
  selections: [{ kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }],
} as const;

/**
 * The document to run where resolvers may write JSON text (context/raw-json.ts): each root field of a query
 * whose resolver can write its whole object for the selection (the `WRITES_OBJECT_AS_JSON` extension) cut to
 * `__typename`, so the executor walks no object the resolver has already written; null when no field qualifies
 * (then the document runs as it is). A root field is cut only when it is the only selection under its response
 * key and the operation spreads no fragment at its root: the resolver must see every node of its field.
 */
export function splicedDocument(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): DocumentNode | null {
  const operation = getOperationAST(document, operationName);
  const fields = schema.getQueryType()?.getFields();
  if (!operation || operation.operation !== 'query' || !fields) return null;
  const roots = operation.selectionSet.selections;
  if (roots.some((sel) => sel.kind !== Kind.FIELD)) return null;
  const keyOf = (sel: FieldNode) => sel.alias?.value ?? sel.name.value;
  const keys = (roots as FieldNode[]).map(keyOf);
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
  let cutAny = false;
  const selections = (roots as FieldNode[]).map((field): SelectionNode => {
    const writes = fields[field.name.value]?.extensions?.[WRITES_OBJECT_AS_JSON] as WritesObjectAsJson | undefined;
    if (!field.selectionSet || !writes || keys.filter((k) => k === keyOf(field)).length > 1) return field;
    if (!writes({ schema, fragments, fieldNodes: [field] })) return field;
    const cut: FieldNode = { ...field, selectionSet: TYPENAME_ONLY };
    markSpliced(cut, [field]);
    cutAny = true;
    return cut;
  });
  if (!cutAny) return null;
  return {
    ...document,
    definitions: document.definitions.map((def) =>
      def === operation ? { ...operation, selectionSet: { ...operation.selectionSet, selections } } : def,
    ),
  };
}
