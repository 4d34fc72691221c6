import { type CachedResponse, ResponseStore } from './store';

const entry = (generation: number, size: number, storedAt = 0): CachedResponse => ({
  generation,
  body: Buffer.alloc(size),
  contentType: 'application/json',
  etag: '"x"',
  storedAt,
});

describe('ResponseStore', () => {
  let now = 0;
  const store = (maxEntries: number, maxBytes: number, ttlMs = 60_000) =>
    new ResponseStore({ maxEntries, maxBytes, ttlMs }, () => now);

  it('serves an entry only in its own generation and within the TTL', () => {
    const s = store(10, 100_000, 1_000);
    s.set('a', entry(1, 10));
    expect(s.get('a', 2)).toBeUndefined();
    s.set('a', entry(2, 10));
    expect(s.get('a', 2)).toBeDefined();
    now = 1_001;
    expect(s.get('a', 2)).toBeUndefined();
    expect(s.size).toBe(0);
    now = 0;
  });

  it('evicts the least recently used entry past the entry and byte bounds', () => {
    const s = store(2, 100_000);
    s.set('a', entry(1, 10));
    s.set('b', entry(1, 10));
    s.get('a', 1);
    s.set('c', entry(1, 10));
    expect([s.get('a', 1), s.get('b', 1), s.get('c', 1)].map(Boolean)).toEqual([true, false, true]);

    // Each entry costs its body, its key and 200 bytes of bookkeeping: five of 300 bytes overflow 2,400.
    const small = store(100, 2_400);
    for (const k of ['a', 'b', 'c', 'd', 'e']) small.set(k, entry(1, 300));
    expect(small.totalBytes).toBeLessThanOrEqual(2_400);
    expect(small.get('a', 1)).toBeUndefined();
    expect(small.get('e', 1)).toBeDefined();
    small.set('huge', entry(1, 700));
    expect(small.get('huge', 1)).toBeUndefined();
  });

  it('retires older generations at once', () => {
    const s = store(10, 100_000);
    s.set('a', entry(1, 10));
    s.set('b', entry(2, 10));
    s.retireBefore(2);
    expect(s.size).toBe(1);
  });
});
