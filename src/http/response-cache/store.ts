import type { Encoding } from '../compression/negotiate';

/** One cached answer: the exact bytes sent, their type and strong validator, and the surrogate keys it shows. */
export interface CachedResponse {
  body: Buffer;
  /**
   * The body compressed, per coding, made the first time a client accepting it asks (so a hit sends these bytes
   * and compresses nothing); counted in the store's bytes.
   */
  encoded?: Partial<Record<Encoding, Buffer>>;
  contentType: string;
  etag: string;
  /** What the answer shows (`p:<id>`, `l`, …; see platform/cache/surrogate-keys.ts); a write to any retires it. */
  keys: readonly string[];
  /** `Date.now()` when stored; entries older than the store's TTL are never served. */
  storedAt: number;
}

/**
 * A least-recently-used map bounded by entry count and by body bytes (each entry also costs its key), indexed by
 * surrogate key so a write retires exactly the answers that show what it changed. A hit moves the entry to the
 * young end; inserting past a bound evicts from the old end. A body larger than a quarter of the byte bound is
 * not kept (one huge page would flush everything else).
 */
export class ResponseStore {
  private readonly entries = new Map<string, CachedResponse>();
  /** surrogate key → the cache keys of the entries that show it */
  private readonly byKey = new Map<string, Set<string>>();
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

  /** The entry for `key` if it is younger than the TTL, else undefined. */
  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.bounds.ttlMs) {
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
    for (const surrogate of entry.keys) {
      let set = this.byKey.get(surrogate);
      if (!set) this.byKey.set(surrogate, (set = new Set()));
      set.add(key);
    }
    this.bytes += cost;
    this.evict();
  }

  private evict(): void {
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.bounds.maxEntries && this.bytes <= this.bounds.maxBytes) break;
      this.remove(oldest, value);
    }
  }

  /**
   * Keeps `entry`'s body in `encoding` (when the entry is still the one under `key`: a write may have retired it
   * while the body was compressed), then evicts from the old end past a bound.
   */
  addEncoding(key: string, entry: CachedResponse, encoding: Encoding, body: Buffer): void {
    if (this.entries.get(key) !== entry || entry.encoded?.[encoding]) return;
    (entry.encoded ??= {})[encoding] = body;
    this.bytes += body.length;
    this.evict();
  }

  /** Frees every entry that shows one of `keys`; `*` frees everything. */
  retire(keys: readonly string[]): void {
    if (keys.includes('*')) {
      this.entries.clear();
      this.byKey.clear();
      this.bytes = 0;
      return;
    }
    for (const surrogate of keys) {
      const cacheKeys = this.byKey.get(surrogate);
      if (!cacheKeys) continue;
      for (const key of [...cacheKeys]) {
        const entry = this.entries.get(key);
        if (entry) this.remove(key, entry);
      }
      this.byKey.delete(surrogate);
    }
  }

  private remove(key: string, entry: CachedResponse): void {
    this.entries.delete(key);
    this.bytes -= this.cost(key, entry);
    for (const surrogate of entry.keys) {
      const set = this.byKey.get(surrogate);
      if (!set) continue;
      set.delete(key);
      if (!set.size) this.byKey.delete(surrogate);
    }
  }

  private cost(key: string, entry: CachedResponse): number {
    const encoded = entry.encoded ? Object.values(entry.encoded).reduce((n, b) => n + b.length, 0) : 0;
    return entry.body.length + encoded + key.length * 2 + 200;
  }
}
