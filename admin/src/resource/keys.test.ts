import { describe, expect, it } from '@jest/globals';

import { isUnder, keys, resourceKeys } from './keys';

describe('query keys', () => {
  it('nests lists and items under the resource root', () => {
    const tags = resourceKeys('tags');
    expect(tags.list({ page: 2 })).toEqual(['tags', 'list', { page: 2 }]);
    expect(tags.detail('t1')).toEqual(['tags', 'detail', 't1']);
    expect(isUnder(tags.list({ page: 2 }), tags.all)).toBe(true);
    expect(isUnder(tags.detail('t1'), tags.details())).toBe(true);
    expect(isUnder(tags.detail('t1'), tags.lists())).toBe(false);
  });

  it('gives every resource its own root', () => {
    const roots = Object.values(keys).map((k) => k.all[0]);
    expect(new Set(roots).size).toBe(roots.length);
    expect(isUnder(keys.taxRules.list({}), keys.tags.all)).toBe(false);
  });
});
