import { type CachedResponse, ResponseStore } from './store';

const entry = (keys: string[], size: number, storedAt = 0): CachedResponse => ({
  keys,
  body: Buffer.alloc(size),
  contentType: 'application/json',
  etag: '"x"',
  storedAt,
});

describe('ResponseStore', () => {
  let now = 0;
  const store = (maxEntries: number, maxBytes: number, ttlMs = 60_000) =>
    new ResponseStore({ maxEntries, maxBytes, ttlMs }, () => now);

  it('serves an entry only within the TTL', () => {
    const s = store(10, 100_000, 1_000);
    s.set('a', entry(['p:1'], 10));
    expect(s.get('a')).toBeDefined();
    now = 1_001;
    expect(s.get('a')).toBeUndefined();
    expect(s.size).toBe(0);
    now = 0;
  });

  it('evicts the least recently used entry past the entry and byte bounds', () => {
    const s = store(2, 100_000);
    s.set('a', entry([], 10));
    s.set('b', entry([], 10));
    s.get('a');
    s.set('c', entry([], 10));
    expect([s.get('a'), s.get('b'), s.get('c')].map(Boolean)).toEqual([true, false, true]);

    // Each entry costs its body, its key and 200 bytes of bookkeeping: five of 300 bytes overflow 2,400.
    const small = store(100, 2_400);
    for (const k of ['a', 'b', 'c', 'd', 'e']) small.set(k, entry([], 300));
    expect(small.totalBytes).toBeLessThanOrEqual(2_400);
    expect(small.get('a')).toBeUndefined();
    expect(small.get('e')).toBeDefined();
    small.set('huge', entry([], 700));
    expect(small.get('huge')).toBeUndefined();
  });

  it('retires exactly the entries that show a retired key; * retires everything', () => {
    const s = store(10, 100_000);
    s.set('list', entry(['l', 'l:created_at', 'p:1', 'p:2'], 10));
    s.set('one', entry(['p:1'], 10));
    s.set('two', entry(['p:2'], 10));
    s.set('methods', entry([], 10));
    s.retire(['p:2']);
    expect(['list', 'one', 'two', 'methods'].map((k) => !!s.get(k))).toEqual([false, true, false, true]);
    s.retire(['l:price_gross', 'p:3']);
    expect(s.size).toBe(2);
    // An entry replaced under the same key is indexed by its new keys only.
    s.set('one', entry(['p:4'], 10));
    s.retire(['p:1']);
    expect(s.get('one')).toBeDefined();
    s.retire(['*']);
    expect(s.size).toBe(0);
    expect(s.totalBytes).toBe(0);
  });

  it('counts a kept encoding in the byte bound, and drops it with its entry', () => {
    const s = store(10, 100_000);
    const a = entry(['p:1'], 1_000);
    s.set('a', a);
    const before = s.totalBytes;
    s.addEncoding('a', a, 'br', Buffer.alloc(300));
    expect(s.get('a')?.encoded?.br?.length).toBe(300);
    expect(s.totalBytes).toBe(before + 300);
    s.retire(['p:1']);
    expect(s.totalBytes).toBe(0);
  });

  it('keeps no encoding for an entry retired while it was compressed', () => {
    const s = store(10, 100_000);
    const a = entry(['p:1'], 1_000);
    s.set('a', a);
    s.retire(['p:1']);
    s.set('a', entry(['p:1'], 1_000));
    s.addEncoding('a', a, 'gzip', Buffer.alloc(300));
    expect(s.get('a')?.encoded).toBeUndefined();
  });

  it('evicts past the byte bound when an encoding is added', () => {
    const s = store(10, 10_000);
    const a = entry([], 2_000);
    s.set('a', a);
    s.set('b', entry([], 2_000));
    // A hit (the young end) is what gets an encoding added.
    s.get('a');
    s.addEncoding('a', a, 'br', Buffer.alloc(3_000));
    expect(s.get('b')).toBeDefined();
    s.get('a');
    s.addEncoding('a', a, 'gzip', Buffer.alloc(3_000));
    expect(s.get('b')).toBeUndefined();
    expect(s.get('a')).toBeDefined();
  });
});
