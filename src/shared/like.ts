/**
 * Search text made literal for SQL `LIKE`/`ILIKE`: its `%`, `_` and `\` escaped with PostgreSQL's default escape
 * character, so they match only themselves. Prisma's `contains` puts its value into a LIKE pattern as it is, so
 * every `contains` over user text goes through this too (`search=%` once matched every row of a list).
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A LIKE pattern matching `text` anywhere, literally (see {@link likeLiteral}). */
export const containing = (text: string) => `%${likeLiteral(text)}%`;
