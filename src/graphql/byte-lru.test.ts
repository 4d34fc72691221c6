import { ByteLru } from './byte-lru';

describe('ByteLru', () => {
  const lru = () => new ByteLru<string>(100, (value) => value.length);

  it('evicts the least recently used entries once their bytes (value and key) pass the bound', () => {
    const cache = lru();
    cache.set('a', 'x'.repeat(39));
    cache.set('b', 'x'.repeat(39));
    expect(cache.bytes).toBe(80);
    cache.get('a');
    cache.set('c', 'x'.repeat(39));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((v) => v?.length)).toEqual([39, undefined, 39]);
    expect(cache.bytes).toBe(80);
  });

  it('keeps nothing larger than the whole budget, and replacing an entry frees its old bytes', () => {
    const cache = lru();
    cache.set('big', 'x'.repeat(100));
    expect(cache.size).toBe(0);
    cache.set('a', 'x'.repeat(50));
    cache.set('a', 'x'.repeat(10));
    expect(cache.bytes).toBe(11);
    expect(cache.delete('a')).toBe(true);
    expect(cache.bytes).toBe(0);
  });
});
