import type { Request } from 'express';

import { graphqlRequestKey } from './request-keys';

/** `{"a":{"a":…}}` built without recursion, `levels` deep. */
function deepObject(levels: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let node = root;
  for (let i = 1; i < levels; i++) {
    const next: Record<string, unknown> = {};
    node.a = next;
    node = next;
  }
  return root;
}

const post = (body: unknown) => ({ method: 'POST', body, query: {}, get: () => undefined }) as unknown as Request;

describe('graphqlRequestKey', () => {
  const keyOf = graphqlRequestKey(new Set(['storeProducts']));
  const query = '{ storeProducts { items { id } } }';

  it('keys a cacheable query by its variables, in any key order', () => {
    const a = keyOf(post({ query, variables: { x: 1, y: { b: 2, a: 1 } } }));
    const b = keyOf(post({ query, variables: { y: { a: 1, b: 2 }, x: 1 } }));
    expect(a?.key()).toBeDefined();
    expect(a?.key()).toBe(b?.key());
  });

  it('leaves variables too deep for a key uncached instead of overflowing the stack', () => {
    expect(keyOf(post({ query, variables: deepObject(20_000) }))).toBeUndefined();
    expect(keyOf(post({ query, variables: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}` }))).toBeUndefined();
    expect(keyOf(post({ query, variables: deepObject(30) }))?.key()).toBeDefined();
  });

  it('judges each operation of a document by its name, remembered per text', () => {
    const doc = 'query A { storeProducts { items { id } } } query B { me { id } }';
    for (let round = 0; round < 2; round++) {
      expect(keyOf(post({ query: doc, operationName: 'A' }))?.key()).toContain(' A ');
      expect(keyOf(post({ query: doc, operationName: 'B' }))).toBeUndefined();
      expect(keyOf(post({ query: doc }))).toBeUndefined(); // two operations and no name: Apollo refuses it
    }
    // Many names for one text, and many texts, stay answerable (the memo starts over instead of growing).
    for (let i = 0; i < 40; i++) expect(keyOf(post({ query: doc, operationName: `N${i}` }))).toBeUndefined();
    for (let i = 0; i < 300; i++)
      expect(keyOf(post({ query: `{ storeProducts { items { id } } } # ${i}` }))).toBeDefined();
    expect(keyOf(post({ query: doc, operationName: 'A' }))).toBeDefined();
  });

  it('files answers with data and without errors only', () => {
    const keep = (text: string) => keyOf(post({ query }))!.keepBody(Buffer.from(text));
    expect(keep('{"data":{"storeProducts":{"items":[]}}}\n')).toBe(true);
    expect(keep('{"errors":[{"message":"x"}],"data":{"storeProducts":null}}\n')).toBe(false);
    expect(keep('{"data":null}\n')).toBe(false);
    expect(keep('{"data":{"a":1},"extensions":{}}')).toBe(true);
    expect(keep('not json')).toBe(false);
  });
});
