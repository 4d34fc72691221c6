/**
 * The words of a search text, lower-cased: its runs of letters and digits (punctuation and operators are none).
 * Its own file because the word rule (rules.ts) and the search bounds (search.ts, which names the rules) both need it.
 */
export const searchWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
