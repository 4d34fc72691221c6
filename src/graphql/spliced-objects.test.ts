import { buildSchema, type GraphQLResolveInfo, Kind, type OperationDefinitionNode, parse, print } from 'graphql';

import { splicedSelection, WRITES_OBJECT_AS_JSON, type WritesObjectAsJson } from '../context/raw-json';
import { splicedDocument } from './spliced-objects';

const schema = buildSchema(`
  type Thing { id: ID! name: String }
  type Query { thing(id: ID!): Thing! other: Thing! count: Int! }
  type Mutation { touch: Thing! }
`);
// `thing` can be written whole unless its selection names `name`; `other` never.
const writes: WritesObjectAsJson = (selection) =>
  !print(selection.fieldNodes[0]).includes('name') && selection.fieldNodes[0].name.value === 'thing';
const fields = schema.getQueryType()!.getFields();
fields.thing.extensions = { [WRITES_OBJECT_AS_JSON]: writes };
fields.other.extensions = { [WRITES_OBJECT_AS_JSON]: writes };

const cut = (query: string, operationName?: string) => {
  const doc = splicedDocument(schema, parse(query), operationName);
  return doc && print(doc).replace(/\s+/g, ' ').trim();
};

describe('splicedDocument', () => {
  it('cuts a root field its resolver can write to __typename, and keeps the rest', () => {
    expect(cut('query Q { a: thing(id: "1") { id ...F } count } fragment F on Thing { id }')).toBe(
      'query Q { a: thing(id: "1") { __typename } count } fragment F on Thing { id }',
    );
  });

  it('leaves a document whole when no field qualifies', () => {
    expect(cut('{ thing(id: "1") { id name } }')).toBeNull();
    expect(cut('{ other { id } count }')).toBeNull();
    expect(cut('mutation { touch { id } }')).toBeNull();
    // Two fields under one response key are merged by the executor: the resolver would see only one node.
    expect(cut('{ thing(id: "1") { id } thing(id: "1") { __typename } }')).toBeNull();
    // A fragment at the root: the executor could merge its fields with the one cut.
    expect(cut('{ thing(id: "1") { id } ...R } fragment R on Query { count }')).toBeNull();
  });

  it('cuts only the operation asked for', () => {
    const doc = 'query A { thing(id: "1") { id } } query B { thing(id: "2") { id } }';
    expect(cut(doc, 'B')).toBe('query A { thing(id: "1") { id } } query B { thing(id: "2") { __typename } }');
  });

  it('hands the resolver of a cut field the selection it was cut from', () => {
    const doc = splicedDocument(schema, parse('{ thing(id: "1") { id } }'))!;
    const field = (doc.definitions[0] as OperationDefinitionNode).selectionSet.selections[0];
    expect(field.kind).toBe(Kind.FIELD);
    const info = { schema, fragments: {}, fieldNodes: [field] } as unknown as GraphQLResolveInfo;
    expect(print(splicedSelection(info)!.fieldNodes[0])).toBe('thing(id: "1") {\n  id\n}');
    const whole = parse('{ thing(id: "1") { id } }').definitions[0] as OperationDefinitionNode;
    expect(splicedSelection({ ...info, fieldNodes: [whole.selectionSet.selections[0]] } as GraphQLResolveInfo)).toBe(
      undefined,
    );
  });
});
