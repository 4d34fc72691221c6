/**
 * Heap bytes a parsed GraphQL document costs per byte of its source text: graphql-js keeps every token (with its
 * neighbours' links) under the AST's `loc`, so a document weighs far more than its text. Measured with
 * `--expose-gc` on this schema: 62–93 bytes per source byte for the AST alone, 65–104 with its graphql-jit
 * compilation (many small operations, 200-field selections, nested product reads, 40 fragments); a long string
 * literal costs ~2. The caches below charge every entry its source length times this, so they overestimate rather
 * than under: a byte budget that holds is one the heap can pay.
 */
export const HEAP_BYTES_PER_SOURCE_BYTE = 110;

/**
 * A least-recently-used map bounded by the bytes its entries are estimated to hold (`sizeOf`, plus each key), not
 * by their count: a cache of a few hundred entries is small for storefront documents and hundreds of megabytes for
 * large ones. A hit moves the entry to the young end; a set past the bound evicts from the old end; an entry larger
 * than the whole budget is not kept.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The bytes the entries are estimated to hold. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(value) + key.length;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.total -= entry.bytes;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

/**
 * The asynchronous key-value interface Apollo Server takes for its `documentStore` and persisted-query cache
 * (`KeyValueCache`). A persisted query's TTL is not kept: the byte bound evicts instead.
 */
export function keyValueCache<V>(lru: ByteLru<V>) {
  return {
    get: async (key: string) => lru.get(key),
    set: async (key: string, value: V) => lru.set(key, value),
    delete: async (key: string) => lru.delete(key),
  };
}
