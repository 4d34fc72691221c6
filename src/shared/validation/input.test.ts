import {
  GraphQLBoolean,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
} from 'graphql';

import { JsonScalar, UuidScalar } from '../scalars';
import { type FieldProblem, readInput } from './input';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS, SEARCH_RULES } from './search';

const Translation = new GraphQLInputObjectType({
  name: 'TranslationIn',
  fields: {
    locale: { type: new GraphQLNonNull(GraphQLString) },
    metaTitle: { type: GraphQLString, extensions: { rules: { maxLength: 5 } } },
  },
});
const ProductIn = new GraphQLInputObjectType({
  name: 'ProductIn',
  fields: {
    priceGross: { type: GraphQLInt, extensions: { rules: { min: 0 } } },
    active: { type: GraphQLBoolean },
    taxRuleId: { type: UuidScalar, extensions: { clearable: true } },
    customFields: { type: JsonScalar },
    translations: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Translation))) },
  },
});

describe('readInput (REST bodies)', () => {
  it('maps snake_case keys onto camelCase fields and leaves JSON-typed values untouched', () => {
    const problems: FieldProblem[] = [];
    const custom = { some_key: { nested_key: [1, 'two'] }, camelKey: true };
    const value = readInput(
      new GraphQLNonNull(ProductIn),
      { price_gross: 100, custom_fields: custom, translations: [{ locale: 'en', meta_title: 'Hi' }], unknown_field: 1 },
      '',
      'json',
      problems,
    );
    expect(problems).toEqual([]);
    expect(value).toEqual({ priceGross: 100, customFields: custom, translations: [{ locale: 'en', metaTitle: 'Hi' }] });
  });

  it('reports every problem with its snake_case JSON path and rule name', () => {
    const problems: FieldProblem[] = [];
    readInput(
      new GraphQLNonNull(ProductIn),
      { price_gross: -1, active: 'yes', tax_rule_id: 'nope', translations: [{ meta_title: 'too long' }, 'x'] },
      '',
      'json',
      problems,
    );
    expect(problems).toEqual([
      { field: 'price_gross', detail: 'min' },
      { field: 'active', detail: 'type' },
      { field: 'tax_rule_id', detail: 'uuid' },
      { field: 'translations[0].locale', detail: 'required' },
      { field: 'translations[0].meta_title', detail: 'max_length' },
      { field: 'translations[1]', detail: 'type' },
    ]);
  });

  it('bounds a search text in characters and in words, words as the full-text search reads them', () => {
    const problems: FieldProblem[] = [];
    const search = (text: string) => readInput(GraphQLString, text, 'search', 'text', problems, SEARCH_RULES);
    const words = (n: number, sep = ' ') => Array.from({ length: n }, (_, i) => `w${i}`).join(sep);
    expect(search(words(SEARCH_MAX_WORDS))).toBe(words(SEARCH_MAX_WORDS));
    expect(search('é'.repeat(SEARCH_MAX_LENGTH))).toBeDefined();
    // Operators and punctuation are no words; hyphens and dots separate them.
    expect(search(`${'!&|<->:* '.repeat(20)}`)).toBeDefined();
    search('x'.repeat(SEARCH_MAX_LENGTH + 1));
    search(words(SEARCH_MAX_WORDS + 1, '-'));
    expect(problems).toEqual([
      { field: 'search', detail: 'max_length' },
      { field: 'search', detail: `max_words (at most ${SEARCH_MAX_WORDS})` },
    ]);
  });

  it('reads path and query text as typed values', () => {
    const problems: FieldProblem[] = [];
    expect(readInput(GraphQLInt, '12', 'page', 'text', problems)).toBe(12);
    expect(readInput(GraphQLBoolean, 'false', 'active', 'text', problems)).toBe(false);
    expect(readInput(GraphQLInt, '1.5', 'limit', 'text', problems)).toBeUndefined();
    expect(readInput(GraphQLInt, '99999999999', 'limit', 'text', problems)).toBeUndefined();
    expect(problems).toEqual([
      { field: 'limit', detail: 'type' },
      { field: 'limit', detail: 'type' },
    ]);
  });

  it('null clears a clearable field and is `required` on any other optional field, list or JSON object', () => {
    const problems: FieldProblem[] = [];
    const value = readInput(
      new GraphQLNonNull(ProductIn),
      { tax_rule_id: null, price_gross: null, active: null, custom_fields: null, translations: [] },
      '',
      'json',
      problems,
    );
    expect(value).toEqual({ taxRuleId: null, translations: [] });
    expect(problems).toEqual([
      { field: 'price_gross', detail: 'required' },
      { field: 'active', detail: 'required' },
      { field: 'custom_fields', detail: 'required' },
    ]);
  });

  it.each([false, [], [{}], 'x', 3])('a JSON field holding %j (not an object) is `type`', (custom) => {
    const problems: FieldProblem[] = [];
    readInput(new GraphQLNonNull(ProductIn), { custom_fields: custom, translations: [] }, '', 'json', problems);
    expect(problems).toEqual([{ field: 'custom_fields', detail: 'type' }]);
  });
});
