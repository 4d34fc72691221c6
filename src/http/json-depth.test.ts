import { parse } from 'graphql';

import { graphqlDepthExceeds, jsonDepthExceeds } from './json-depth';

const nested = (levels: number, open = '[', close = ']') => `${open.repeat(levels)}${close.repeat(levels)}`;

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, and allows exactly the limit', () => {
    expect(jsonDepthExceeds(nested(64), 64)).toBe(false);
    expect(jsonDepthExceeds(nested(65), 64)).toBe(true);
    expect(jsonDepthExceeds('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('1', 1)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds(JSON.stringify({ s: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ s: 'say \\"[[[[\\" \\\\' }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify(['"]]]]', [[]]]), 2)).toBe(true);
  });

  it('ends a string at the first quote after an even run of backslashes, in text and in bytes', () => {
    const cases: Array<[unknown, number]> = [
      [{ s: '\\', t: [[1]] }, 3], // the string ends in a backslash: its quote is not escaped
      [{ s: '\\\\"[[[', t: [[1]] }, 3], // two backslashes then an escaped quote inside the string
      [['"', '\\"', ['x']], 2],
      [{ q: 'query { a { b } }', v: { a: [{ b: 1 }] } }, 4],
    ];
    for (const [value, depth] of cases) {
      const text = JSON.stringify(value);
      for (const input of [text, Buffer.from(text)]) {
        expect(jsonDepthExceeds(input, depth)).toBe(false);
        expect(jsonDepthExceeds(input, depth - 1)).toBe(true);
      }
    }
    // An unterminated string hides the rest (the parser refuses such a body).
    expect(jsonDepthExceeds('{"a": "[[[[', 1)).toBe(false);
  });

  it('reads bytes as it reads text (UTF-8 bytes of other characters are never brackets)', () => {
    const text = JSON.stringify({ 'ü€𝄞': [['ü[[']] });
    expect(jsonDepthExceeds(Buffer.from(text), 3)).toBe(false);
    expect(jsonDepthExceeds(Buffer.from(text), 2)).toBe(true);
  });

  it('handles 20,000 levels without recursion', () => {
    expect(jsonDepthExceeds(Buffer.from(nested(20_000)), 64)).toBe(true);
  });
});

describe('graphqlDepthExceeds', () => {
  const deepSelection = (levels: number) => `{ ${'a { '.repeat(levels)}b${' }'.repeat(levels)} }`;

  it('counts selections, arguments and lists', () => {
    expect(graphqlDepthExceeds(deepSelection(3), 4)).toBe(false);
    expect(graphqlDepthExceeds(deepSelection(4), 4)).toBe(true);
    expect(graphqlDepthExceeds('{ f(x: [[1]]) }', 4)).toBe(false);
    expect(graphqlDepthExceeds('{ f(x: [[1]]) }', 3)).toBe(true);
  });

  it('ignores strings, block strings and comments', () => {
    const doc = `
      # {{{{{{ a comment
      { f(s: "{{{{ \\" {{", b: """ {{{{ \\""" {{{{ """) }`;
    expect(() => parse(doc)).not.toThrow();
    expect(graphqlDepthExceeds(doc, 2)).toBe(false);
  });

  it('refuses what would overflow graphql-js', () => {
    const doc = deepSelection(20_000);
    expect(() => parse(doc)).toThrow(RangeError);
    expect(graphqlDepthExceeds(doc, 64)).toBe(true);
  });
});
