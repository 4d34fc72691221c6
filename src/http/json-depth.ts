import { AppError } from '../shared/errors';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** The code unit at `i`: a byte of a buffer, or a UTF-16 unit of a string. */
const at = (text: string | Uint8Array, i: number, bytes: boolean): number =>
  bytes ? (text as Uint8Array)[i] : (text as string).charCodeAt(i);

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, found by one pass over the raw bytes (or
 * characters) that counts `[`/`{` against `]`/`}` outside strings. No recursion and no parsing, so it is safe on
 * any input, and cheap (linear, no allocation). It runs before anything interprets the body: parsing itself is
 * iterative, but much of what follows is not (GraphQL variable coercion, JSON Schema and zod validation in the
 * MCP SDK, the response cache's key, `JSON.stringify` on the way to a JSON column), and a body nested 20,000
 * levels deep would overflow the stack there. Malformed text is not judged here; the parser does that after.
 * In UTF-8 every byte of a multi-byte character is ≥ 0x80, so scanning bytes sees the same structure as
 * scanning characters.
 */
export function jsonDepthExceeds(text: string | Uint8Array, limit: number): boolean {
  const bytes = typeof text !== 'string';
  const length = text.length;
  let depth = 0;
  for (let i = 0; i < length; i++) {
    const c = at(text, i, bytes);
    if (c === QUOTE) {
      // A string is skipped in one native search per quote, not byte by byte in JavaScript: a GraphQL body is
      // mostly its document, one long string. The string ends at the first quote not escaped, that is, preceded
      // by an even number of backslashes. An unterminated string ends the text (the parser then refuses it).
      for (;;) {
        const end = bytes ? (text as Uint8Array).indexOf(QUOTE, i + 1) : (text as string).indexOf('"', i + 1);
        if (end < 0) return false;
        let slashes = 0;
        while (slashes < end - i - 1 && at(text, end - 1 - slashes, bytes) === BACKSLASH) slashes++;
        i = end;
        if (slashes % 2 === 0) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

const HASH = 0x23;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;

/**
 * The same bound for a GraphQL document: `{`, `(` and `[` against their closers, outside strings, block strings
 * (`"""…"""`) and comments (`#` to the end of the line). graphql-js parses recursively, so a document nested
 * 20,000 levels deep overflows the stack inside Apollo's parser before any validation rule (the depth limit
 * among them) can see it. Where this scan and the lexer could disagree (a string broken by a newline), the lexer
 * fails there first, before the parser descends into what follows.
 */
export function graphqlDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === HASH) {
      while (i < text.length && text.charCodeAt(i) !== NEWLINE && text.charCodeAt(i) !== CARRIAGE_RETURN) i++;
    } else if (c === QUOTE) {
      if (text.startsWith('"""', i)) {
        // A block string ends at the next unescaped `"""` (its only escape is `\"""`).
        i += 3;
        while (i < text.length && !text.startsWith('"""', i)) i += text.startsWith('\\"""', i) ? 4 : 1;
        i += 2;
      } else {
        i++;
        while (i < text.length && text.charCodeAt(i) !== QUOTE) i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET || c === OPEN_PAREN) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET || c === CLOSE_PAREN) depth--;
  }
  return false;
}

/**
 * The answer to JSON nested deeper than the limit: 400 `validation_error` with detail `max_depth` (the rule's
 * name, like `type` or `required`), `field` "" for a whole body or the GraphQL parameter's name.
 */
export function tooDeep(field = ''): AppError {
  return AppError.validation([{ field, detail: 'max_depth' }]);
}
