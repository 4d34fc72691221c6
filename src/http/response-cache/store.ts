/** One cached answer: the exact bytes sent, their type and strong validator, and what makes it current. */
export interface CachedResponse {
  generation: number;
  body: Buffer;
  contentType: string;
  etag: string;
  /** `Date.now()` when stored; entries older than the store's TTL are never served. */
  storedAt: number;
}

/**
 * A least-recently-used map bounded by entry count and by body bytes (each entry also costs its key). A hit moves
 * the entry to the young end; inserting past a bound evicts from the old end. A body larger than a quarter of the
 * byte bound is not kept (one huge page would flush everything else).
 */
export class ResponseStore {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;

  constructor(
    private readonly bounds: { maxEntries: number; maxBytes: number; ttlMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** The entry for `key` computed in `generation` and younger than the TTL, else undefined. */
  get(key: string, generation: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || this.now() - entry.storedAt > this.bounds.ttlMs) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    const cost = this.cost(key, entry);
    if (cost > this.bounds.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, entry);
    this.bytes += cost;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.bounds.maxEntries && this.bytes <= this.bounds.maxBytes) break;
      this.remove(oldest, value);
    }
  }

  /** Frees entries of generations before `generation` (they can never be served again). */
  retireBefore(generation: number): void {
    for (const [key, entry] of this.entries) if (entry.generation < generation) this.remove(key, entry);
  }

  private remove(key: string, entry: CachedResponse): void {
    this.entries.delete(key);
    this.bytes -= this.cost(key, entry);
  }

  private cost(key: string, entry: CachedResponse): number {
    return entry.body.length + key.length * 2 + 200;
  }
}
