import type { FieldRules } from './rules';

export { searchWords } from './search-words';

/**
 * The longest search text any list takes, in characters. What a shop's searches hold is a few words, a SKU or
 * an order number, an email: the longest product name the catalog stores is 255 characters, and no one types
 * it whole to find it. 200 leaves room for a pasted name or a long email while a 1 MB text (which took 20 s)
 * is refused before anything reads it.
 */
export const SEARCH_MAX_LENGTH = 200;

/**
 * The most words a search text may hold (words as the full-text search reads them: runs of letters and
 * digits, see search-words.ts). Each word is one more term PostgreSQL ANDs into the product search's
 * tsquery and tests against the index; 20,000 of them overflowed its stack (`stack depth limit exceeded`).
 * A real search is under ten words; 32 fits any product name people type and keeps the query small.
 */
export const SEARCH_MAX_WORDS = 32;

/**
 * The rules every search argument carries (GraphQL's `search` arguments get them when the schema is built:
 * src/graphql/schema.ts, boundSearchArguments), checked by the input layer on every surface.
 */
export const SEARCH_RULES: FieldRules = { maxLength: SEARCH_MAX_LENGTH, maxWords: SEARCH_MAX_WORDS };
