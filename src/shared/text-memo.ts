/**
 * A memo keyed by a long text that arrives anew with every call: for the facts the database layer derives from a
 * statement's text once (its prepared statement's name, whether it writes store data, whether a replica may answer
 * it), and the body parser's verdict on a GraphQL document's depth.
 *
 * Not a `Map<string, V>`: Prisma builds each statement's text anew for every call (and a request body's document
 * is a new string each time), and a `Map` hashes a new string character by character before it can compare it. A
 * compiled product read is ~6 kB of SQL, and hashing it was the largest function of the product page's own (~8 µs
 * of a ~0.7 ms request). Here the text's length picks a few candidates, and `===` compares those byte-wise
 * (memcmp), without hashing. Callers bound it (`remember`'s `max`, or `size` and their own policy).
 */
export class TextMemo<V> {
  private readonly byLength = new Map<number, Array<{ text: string; value: V }>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(text: string): V | undefined {
    const candidates = this.byLength.get(text.length);
    if (!candidates) return undefined;
    for (const entry of candidates) if (entry.text === text) return entry.value;
    return undefined;
  }

  set(text: string, value: V): void {
    const candidates = this.byLength.get(text.length);
    const known = candidates?.find((entry) => entry.text === text);
    if (known) known.value = value;
    else {
      if (candidates) candidates.push({ text, value });
      else this.byLength.set(text.length, [{ text, value }]);
      this.count++;
    }
  }

  /** The value for `text`, derived and kept on first sight; the memo starts over once it holds `max` texts. */
  remember(text: string, max: number, derive: (text: string) => V): V {
    const known = this.get(text);
    if (known !== undefined) return known;
    const value = derive(text);
    if (this.count >= max) this.clear();
    this.set(text, value);
    return value;
  }

  clear(): void {
    this.byLength.clear();
    this.count = 0;
  }
}
