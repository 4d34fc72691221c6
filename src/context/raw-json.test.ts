import { RawJsonParts, stringifyAnswer } from './raw-json';

/** A REST envelope as the route runner leaves it: the executor's result with the filed paths' placeholders. */
function filed(texts: Array<[string[], string | string[]]>, data: Record<string, unknown>) {
  const parts = new RawJsonParts();
  for (const [path, json] of texts) parts.add(path, json);
  parts.placeIn(data);
  return parts;
}

describe('RawJsonParts.encode (REST writes the texts into one buffer)', () => {
  it('writes a list of item texts as a JSON array in place of its placeholder', () => {
    const data = { products: { items: [], meta: { total: 2 } } };
    const parts = filed(
      [
        [
          ['products', 'items'],
          ['{"a":1}', '{"b":"ü €"}'],
        ],
      ],
      data,
    );
    const bytes = parts.encode({ data: data.products });
    expect(bytes.toString('utf8')).toBe('{"data":{"items":[{"a":1},{"b":"ü €"}],"meta":{"total":2}}}');
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({
      data: { items: [{ a: 1 }, { b: 'ü €' }], meta: { total: 2 } },
    });
  });

  it('writes an empty list as [] and a single text as it is', () => {
    const data = { a: { items: [] }, b: null as unknown };
    const parts = filed(
      [
        [['a', 'items'], []],
        [['b'], '{"x":"\\u0000 and 😀"}'],
      ],
      data,
    );
    expect(JSON.parse(parts.encode(data).toString('utf8'))).toEqual({ a: { items: [] }, b: { x: '\u0000 and 😀' } });
  });

  it('writes several placeholders in the order they stand in the envelope, whatever the filing order', () => {
    const data = { first: [] as unknown, second: [] as unknown };
    const parts = filed(
      [
        [['second'], ['2']],
        [['first'], ['1', '1.5']],
      ],
      data,
    );
    expect(parts.encode(data).toString('utf8')).toBe('{"first":[1,1.5],"second":[2]}');
  });

  it('sizes the buffer by UTF-8 bytes, not characters', () => {
    const item = JSON.stringify({ name: 'Größe – ½ ✓ 𝄞'.repeat(1000) });
    const data = { items: [] };
    const bytes = filed([[['items'], [item, item]]], data).encode(data);
    expect(bytes.length).toBe(Buffer.byteLength(`{"items":[${item},${item}]}`));
    expect(bytes.toString('utf8')).toBe(`{"items":[${item},${item}]}`);
  });

  it('is plain JSON when nothing was placed (a path the answer no longer has is dropped)', () => {
    const data = { gone: null };
    const parts = filed([[['gone', 'items'], ['{"a":1}']]], data);
    expect(parts.placed).toBe(false);
    expect(parts.encode({ data }).toString('utf8')).toBe('{"data":{"gone":null}}');
  });
});

describe('stringifyAnswer (the GraphQL endpoint)', () => {
  it('joins a list of item texts into the answer', () => {
    const data = { storeProducts: { items: [] } };
    const parts = filed(
      [
        [
          ['storeProducts', 'items'],
          ['{"id":"a"}', '{"id":"b"}'],
        ],
      ],
      data,
    );
    parts.fileForAnswer(data);
    expect(stringifyAnswer({ data })).toBe('{"data":{"storeProducts":{"items":[{"id":"a"},{"id":"b"}]}}}\n');
  });
});
